import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { act, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { axeViolations } from '../../../../../../test/support/axe';
import { DwjczmVerifyPage } from './dwjczm-verify-page';
import '../../../app/styles.css';

// 单位缴存证明核验 (/dwjczmVerify, GJ0209's public check) in real Chromium, the server a stand-in fetch; axe at 390
// and 1280 px, and the keyboard.

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

beforeEach(() => {
  answers = {};
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), location.href);
    const path = url.pathname.replace('/api/izfgjj-zhfw/v1/', '');
    const answer = answers[path] ?? { status: 404, body: { code: 404, msg: '未找到' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
  vi.unstubAllGlobals();
  await page.viewport(1280, 800);
});

describe('单位缴存证明核验 (public)', () => {
  const check = (at: string) =>
    render(
      <Routes>
        <Route path="/dwjczmVerify" element={<DwjczmVerifyPage />} />
      </Routes>,
      at,
    );

  it.each([390, 1280])('a valid code shows the frozen facts masked (axe clean at %i px)', async (width) => {
    await page.viewport(width, 800);
    answers['dwjczm/verify'] = ok({
      zt: '01',
      ztmc: '有效',
      message: '该单位缴存证明真实有效',
      certificate: { zmbh: 'DWJCZM20261207000002', dwmc: '示*******', dwzh: '1002****0001', dwzhztmc: '正常', khrq: '2016-03-01', openEmployees: 12, jzny: '202611', monthly: '38,880.00', issuedDate: '2026-12-07', validUntil: '2027-03-06', purpose: '招投标' },
    });
    await check('/dwjczmVerify?code=K7Q2M9XW4RT0ZB6H');
    await expect.poll(() => host.querySelector('h2')?.textContent).toBe('该单位缴存证明真实有效');
    const facts = host.querySelector('.jczm-verify__facts')?.textContent ?? '';
    expect(facts).toContain('示*******');
    expect(facts).toContain('1002****0001');
    expect(facts).toContain('2026 年 11 月');
    expect(facts).not.toContain('示例科技');
    expect(host.scrollWidth).toBeLessThanOrEqual(width);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('a made-up code says not found and shows nothing else; a malformed one is stopped at the field', async () => {
    answers['dwjczm/verify'] = ok({ zt: '04', ztmc: '不存在', message: '验证码不存在，请核对后重新输入', certificate: null });
    await check('/dwjczmVerify?code=K7Q2M9XW4RT0ZB6H');
    await expect.poll(() => host.querySelector('h2')?.textContent).toBe('验证码不存在，请核对后重新输入');
    expect(host.querySelector('.jczm-verify__facts')).toBeNull();
    const input = host.querySelector('input[name="code"]') as HTMLInputElement;
    input.focus();
    await userEvent.clear(input);
    await userEvent.keyboard('ABC{Enter}');
    await expect.poll(() => host.querySelector('.field__error')?.textContent).toBe('验证码为 16 位字母和数字，请核对后重新输入');
  });
});

