import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act, useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { buildButtonMap } from '@gjj-hall/sdk/menu';
import { axeViolations } from '../../../../../test/support/axe';
import { stores } from '../../shared/services';
import type { WizardErrors, WizardValues } from '../../shared/wizard/wizard';
import { PhoneTable, typedPhones, UnitCertificateFactsView, UnitCertificateListView, validatePhones, type UnitCertificateFacts } from './certificate-phone-pages';
import '../../app/styles.css';

// 单位缴存证明 (GJ0209) and 批量修改职工手机号码 (GJ0311): the pages' parts in real Chromium, the server a stand-in
// fetch; axe at 390 and 1280 px, and the keyboard. The public check is dwjczm-verify-page.browser.test.tsx.

type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer>;
const ok = (data: unknown): Answer => ({ body: { code: 0, msg: '操作成功', data } });

let root: Root | null = null;
let host: HTMLElement;

async function render(element: ReactNode, at: string) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root!.render(
      <MemoryRouter initialEntries={[at]}>
        <main>{element}</main>
      </MemoryRouter>,
    );
  });
}

function signInWith(buttons: string[]) {
  const menus = [
    {
      id: 2000,
      path: '/dwwt',
      component: 'Layout',
      menuType: 0,
      enable: 1,
      meta: { title: '单位业务' },
      children: [{ id: 2128, path: '/dwwt/jcyw/kjdwjc_zm', component: 'dwwt/jcyw/kjdwjc_zm', menuType: 9, enable: 1, meta: { title: '单位缴存证明打印' }, buttons }],
    },
  ];
  stores.session.update({ loginType: 2, menus, buttonMap: buildButtonMap(menus) });
}

beforeEach(() => {
  answers = {};
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), location.href);
    const path = url.pathname.replace('/api/izfgjj-zhfw/v1/', '');
    const key = answers[`${path}${url.search}`] ? `${path}${url.search}` : path;
    const answer = answers[key] ?? { status: 404, body: { code: 404, msg: '未找到' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
  vi.unstubAllGlobals();
  stores.session.update({ menus: [], buttonMap: {} });
  await page.viewport(1280, 800);
});

const FACTS: UnitCertificateFacts = {
  dwmc: '示例科技有限公司',
  dwzh: '100200300001',
  dwzhztmc: '正常',
  khrq: '2016-03-01',
  openEmployees: 12,
  payingEmployees: 11,
  dwjcbl: '12.00',
  grjcbl: '12.00',
  jzny: '202610',
  lastPeriod: '202610',
  lastPaidOn: '2026-10-10',
  lastAmount: '38,880.00',
  monthly: '38,880.00',
  refusal: '单位有欠缴的住房公积金，不能出具单位缴存证明，请先办理汇缴或补缴',
  purposes: ['招投标', '资质审核', '银行业务', '其他'],
  validMonths: 3,
};

describe('单位缴存证明: the facts, the refusal, the issued list', () => {
  it.each([390, 1280])('shows the facts the certificate will state and why it cannot be issued (axe clean at %i px)', async (width) => {
    await page.viewport(width, 800);
    await render(<UnitCertificateFactsView data={FACTS} />, '/dwwt/jcyw/kjdwjc_zm');
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(FACTS.refusal);
    const facts = host.querySelector('.unit-facts')?.textContent ?? '';
    for (const text of ['示例科技有限公司', '100200300001', '12 人（正常缴存 11 人）', '2026 年 10 月', '38,880.00 元']) expect(facts).toContain(text);
    expect(host.scrollWidth).toBeLessThanOrEqual(width);
    expect(await axeViolations(host)).toEqual([]);
  });

  it.each([390, 1280])('lists the issued certificates with 下载 and 作废 for a valid one, reachable by keyboard (axe clean at %i px)', async (width) => {
    await page.viewport(width, 800);
    signInWith(['print']);
    answers['dwjczm/list'] = ok({
      list: [
        { zmbh: 'DWJCZM20261207000002', ywbh: 'GJ020920261207000002', issuedAt: '2026-12-07 10:00:00', validUntil: '2027-03-06', purpose: '招投标', code: 'K7Q2-M9XW-4RT0-ZB6H', zt: '01', ztmc: '有效' },
        { zmbh: 'DWJCZM20261207000001', ywbh: 'GJ020920261207000001', issuedAt: '2026-12-07 09:00:00', validUntil: '2027-03-06', purpose: '', code: 'A7Q2-M9XW-4RT0-ZB6H', zt: '02', ztmc: '已作废' },
      ],
      next: null,
    });
    await render(<UnitCertificateListView />, '/dwwt/jcyw/kjdwjc_zm');
    await expect.poll(() => host.querySelectorAll('tbody tr').length).toBe(2);
    const first = host.querySelector('tbody tr')!;
    expect([...first.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['下载 PDF', '作废']);
    expect(host.querySelectorAll('tbody tr')[1]!.querySelectorAll('button')).toHaveLength(0);
    (first.querySelector('button') as HTMLButtonElement).focus();
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('作废');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('without 打印 (taken from the account), 作废 is not drawn', async () => {
    signInWith([]);
    answers['dwjczm/list'] = ok({
      list: [{ zmbh: 'DWJCZM20261207000002', ywbh: 'GJ020920261207000002', issuedAt: '2026-12-07 10:00:00', validUntil: '2027-03-06', purpose: '', code: 'K7Q2-M9XW-4RT0-ZB6H', zt: '01', ztmc: '有效' }],
      next: null,
    });
    await render(<UnitCertificateListView />, '/dwwt/jcyw/kjdwjc_zm');
    await expect.poll(() => host.querySelectorAll('tbody tr').length).toBe(1);
    expect([...host.querySelectorAll('tbody button')].map((b) => b.textContent)).toEqual(['下载 PDF']);
  });
});

describe('批量修改职工手机号码: the table of employee, old number masked, new number', () => {
  function Harness() {
    const [values, setValues] = useState<WizardValues>({});
    const [errors, setErrors] = useState<WizardErrors>({});
    return (
      <>
        <PhoneTable values={values} errors={errors} set={(n, v) => setValues((old) => ({ ...old, [n]: v }))} />
        <button type="button" onClick={() => setErrors(validatePhones(values))}>
          下一步
        </button>
        <output data-payload={JSON.stringify(typedPhones(values).map(({ grzh, sjhm }) => ({ grzh, sjhm })))} />
      </>
    );
  }
  const PHONES = {
    rows: [
      { grzh: '201000000101', xingming: '张三', grzhztmc: '正常', sjhm: '138****8000' },
      { grzh: '201000000102', xingming: '李四', grzhztmc: '封存', sjhm: '' },
    ],
    next: null,
  };

  it.each([390, 1280])('labels each new-number field with the employee, types by keyboard, refuses a bad and a repeated number (axe clean at %i px)', async (width) => {
    await page.viewport(width, 800);
    answers['dwyw/zgsjh'] = ok(PHONES);
    await render(<Harness />, '/dwwt/zhxxbg/plxg_sjh');
    await expect.poll(() => host.querySelectorAll('tbody tr').length).toBe(2);
    expect(host.querySelector('tbody tr')?.textContent).toContain('138****8000');
    expect(host.querySelectorAll('tbody tr')[1]?.textContent).toContain('未登记');
    const inputs = [...host.querySelectorAll('tbody input')] as HTMLInputElement[];
    expect(inputs.map((i) => i.getAttribute('aria-label'))).toEqual(['张三（201000000101）的新手机号码', '李四（201000000102）的新手机号码']);

    // Nothing typed: the step says so.
    await userEvent.click(page.getByRole('button', { name: '下一步' }));
    await expect.poll(() => host.querySelector('[role="alert"]')?.textContent).toBe('请至少填写一名职工的新手机号码');

    inputs[0]!.focus();
    await userEvent.keyboard('13700137001');
    await userEvent.tab();
    expect(document.activeElement).toBe(inputs[1]);
    await userEvent.keyboard('13700137001');
    await userEvent.click(page.getByRole('button', { name: '下一步' }));
    await expect.poll(() => host.querySelectorAll('tbody .field__error')[0]?.textContent).toBe('与张三的新号码重复');
    expect(inputs[1]!.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(inputs[1]!);
    await userEvent.keyboard('1270013700');
    await userEvent.click(page.getByRole('button', { name: '下一步' }));
    await expect.poll(() => host.querySelectorAll('tbody .field__error')[0]?.textContent).toBe('应为 11 位手机号码（以 13 至 19 开头）');

    await userEvent.clear(inputs[1]!);
    await userEvent.keyboard('13700137002');
    await userEvent.click(page.getByRole('button', { name: '下一步' }));
    await expect.poll(() => host.querySelectorAll('tbody .field__error').length).toBe(0);
    expect(JSON.parse(host.querySelector('output')!.dataset.payload!)).toEqual([
      { grzh: '201000000101', sjhm: '13700137001' },
      { grzh: '201000000102', sjhm: '13700137002' },
    ]);
    expect(host.scrollWidth).toBeLessThanOrEqual(width);
    expect(await axeViolations(host)).toEqual([]);
  });
});
