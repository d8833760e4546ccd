import { describe, expect, it } from 'vitest';
import { createClient } from '@gjj-hall/sdk';
import { axeViolations } from '../../../../test/support/axe';
import { mount } from '../shared/test-mount';
import { PolicyDetail } from './policy-detail';

const TITLE = '关于调整住房公积金贷款最高额度的通知';

/** A client whose server answers one policy, as a centre that filled in neither 文号 nor 来源 would. */
function clientWith(policy: Record<string, unknown>) {
  const fetch = (async () =>
    new Response(JSON.stringify({ code: 0, msg: 'ok', data: policy }), {
      headers: { 'content-type': 'application/json' },
    })) as typeof globalThis.fetch;
  return createClient({ baseURL: 'http://centre.invalid', fetch });
}

describe('<PolicyDetail> (issue 23: a label with no value, a title printed once)', () => {
  it('hides 文号 and 来源 when the policy has none, and drops a first line that repeats the title', async () => {
    const client = clientWith({
      id: '7',
      title: TITLE,
      category: 'dkzc',
      categoryName: '贷款政策',
      docNo: '',
      source: ' ',
      body: `<h2>${TITLE}</h2><p>各有关单位、广大缴存职工：</p><p>现就有关事项通知如下。</p>`,
      publishDate: '2026-11-05',
    });
    const host = mount(<PolicyDetail id="7" client={client} />);
    await expect.poll(() => host.querySelector('h2')?.textContent).toBe(TITLE);
    const meta = host.querySelector('dl') as HTMLElement;
    expect([...meta.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['发布日期', '分类']);
    expect(meta.textContent).not.toContain('无');
    await expect.poll(() => host.querySelector('.gjj-policy-detail__body')?.textContent ?? '').toContain('各有关单位');
    expect(host.querySelector('.gjj-policy-detail__body')?.textContent).not.toContain(TITLE);
    expect([...host.querySelectorAll('h1, h2, h3, p')].filter((el) => el.textContent === TITLE)).toHaveLength(1);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('shows 文号 and 来源 when they are given, and a body that does not repeat the title whole', async () => {
    const body = '<p>各有关单位：</p><p>本通知自发布之日起施行。</p>';
    const client = clientWith({ id: '8', title: TITLE, category: 'dkzc', categoryName: '贷款政策', docNo: '示公积金〔2026〕3号', source: '住房公积金管理中心', body, publishDate: '2026-11-05' });
    const host = mount(<PolicyDetail id="8" client={client} renderBody={(html) => <div className="own-body" dangerouslySetInnerHTML={{ __html: html }} />} />);
    await expect.poll(() => host.querySelector('h2')?.textContent).toBe(TITLE);
    expect([...host.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['文号', '来源', '发布日期', '分类']);
    expect(host.querySelector('dl')?.textContent).toContain('来源住房公积金管理中心');
    expect(host.querySelector('.own-body')?.innerHTML).toBe(body);
  });
});
