// Issue 23: the centre's bounds beside the fields as the user types, the empty state, readable rate names with their
// dates, and the notice when the page's rates are older than the centre's.
import { describe, expect, it } from 'vitest';
import type { GjjClient } from '@gjj-hall/sdk';
import { DEFAULT_LOAN_LIMITS, LOAN_LIMITS_PATH, RATE_PATHS } from '@gjj-hall/sdk/loan';
import { axeViolations } from '../../../../test/support/axe';
import { LoanCalculator } from './loan-calculator';
import { COMMERCIAL, PROVIDENT, field, panel, tick, type } from './test-support';
import { mount } from '../shared/test-mount';

const localProps = { mode: 'local', providentRates: PROVIDENT, commercialRates: COMMERCIAL } as const;

/** The message tied to an input by aria-describedby (the error, not the hint). */
function messageOf(input: HTMLElement): string {
  const root = input.getRootNode() as Document | ShadowRoot;
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => root.getElementById(id))
    .filter((el) => el?.classList.contains('gjj-loan__error'))
    .map((el) => el?.textContent ?? '')
    .join('');
}

/** The hint tied to an input by aria-describedby. */
function hintOf(input: HTMLElement): string {
  const root = input.getRootNode() as Document | ShadowRoot;
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => root.getElementById(id))
    .filter((el) => el?.classList.contains('gjj-loan__hint'))
    .map((el) => el?.textContent ?? '')
    .join('');
}

const submit = (root: ParentNode) =>
  [...panel(root).querySelectorAll('button')].find((b) => b.textContent === '计算') as HTMLButtonElement;

/** A client that answers the rate lists and the limits as a centre would, and counts the calculations asked. */
function centre({ provident = PROVIDENT, commercial = COMMERCIAL, limits = DEFAULT_LOAN_LIMITS } = {}) {
  const asked: string[] = [];
  const client = {
    get: (path: string) => {
      asked.push(path);
      const data =
        path === RATE_PATHS.provident ? provident : path === RATE_PATHS.commercial ? commercial : path === LOAN_LIMITS_PATH ? limits : null;
      return data ? Promise.resolve({ code: 0, msg: '', data }) : Promise.reject(new Error('not here'));
    },
  } as unknown as GjjClient;
  return { client, asked };
}

describe('the centre’s bounds beside the fields (issue 23)', () => {
  it('tells a 600-month term and a 500万 loan as they are typed, tied to the field, and computes nothing', async () => {
    const host = mount(<LoanCalculator {...localProps} />);
    const amount = field(host, '贷款金额（万元）');
    const term = field(host, '贷款期限（月）');

    // As typed, without leaving the field.
    await type(term, '600');
    expect(messageOf(term)).toBe('贷款期限不能超过360个月（30年）');
    expect(term.getAttribute('aria-invalid')).toBe('true');
    await type(amount, '500');
    expect(messageOf(amount)).toBe('公积金贷款金额不能超过最高额度120万元');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(host)).toEqual([]);

    submit(host).click();
    await tick();
    expect((host.getRootNode() as Document).activeElement).toBe(amount);
    expect(panel(host).querySelector('[part="empty"]')).not.toBeNull();
    expect(amount.value).toBe('500');

    // Back within bounds, the messages go as the user types.
    await type(term, '360');
    await type(amount, '120');
    expect([messageOf(term), messageOf(amount)]).toEqual(['', '']);
    expect(term.hasAttribute('aria-invalid')).toBe(false);
  });

  it('bounds the term by the borrower’s age when it is given, and an age that is not one once the field is left', async () => {
    const host = mount(<LoanCalculator {...localProps} />);
    const age = field(host, '借款人年龄（周岁，选填）');
    const term = field(host, '贷款期限（月）');
    await type(term, '360');
    // Its first digit is no age yet: nothing is said while typing.
    await type(age, '5');
    expect(messageOf(age)).toBe('');
    await type(age, '50');
    expect(messageOf(age)).toBe('贷款到期时借款人年龄不能超过65周岁：按50周岁计，贷款期限最长180个月');
    await type(term, '180');
    expect(messageOf(age)).toBe('');
    await type(age, '16');
    age.focus();
    age.blur();
    await tick();
    expect(messageOf(age)).toBe('借款人年龄应为18至64周岁之间的整数');
    await type(age, '');
    expect(messageOf(age)).toBe('');
  });

  it('uses the centre’s own table when it talks to the server', async () => {
    const { client, asked } = centre({ limits: { ...DEFAULT_LOAN_LIMITS, maxMonths: 240, maxProvidentAmount: 800_000 } });
    const host = mount(<LoanCalculator mode="remote" client={client} />);
    await expect.poll(() => asked.includes(LOAN_LIMITS_PATH)).toBe(true);
    await tick();
    await type(field(host, '贷款期限（月）'), '300');
    expect(messageOf(field(host, '贷款期限（月）'))).toBe('贷款期限不能超过240个月（20年）');
    await type(field(host, '贷款金额（万元）'), '100');
    expect(messageOf(field(host, '贷款金额（万元）'))).toBe('公积金贷款金额不能超过最高额度80万元');
  });

  it('bounds the combined loan’s provident part and term as they are typed', async () => {
    const host = mount(<LoanCalculator {...localProps} />);
    (host.querySelectorAll<HTMLElement>('[role="tab"]')[1] as HTMLElement).click();
    await expect.poll(() => panel(host).querySelector('form')).not.toBeNull();
    await type(field(host, '公积金贷款金额（万元）'), '200');
    expect(messageOf(field(host, '公积金贷款金额（万元）'))).toBe('公积金贷款金额不能超过最高额度120万元');
    await type(field(host, '商业贷款金额（万元）'), '200');
    expect(messageOf(field(host, '商业贷款金额（万元）'))).toBe('');
    await type(field(host, '贷款期限（月）'), '480');
    expect(messageOf(field(host, '贷款期限（月）'))).toBe('贷款期限不能超过360个月（30年）');
  });
});

describe('the rates as a person reads them (issue 23)', () => {
  const dated = (list: typeof PROVIDENT, sxrq: string) => list.map((r) => ({ ...r, sxrq }));

  it('names each listed rate with the date it took effect, beside its field', async () => {
    const host = mount(<LoanCalculator mode="local" providentRates={dated(PROVIDENT, '2025-05-08')} commercialRates={dated(COMMERCIAL, '2025-05-20')} />);
    await type(field(host, '贷款期限（月）'), '360');
    expect(hintOf(field(host, '公积金贷款年利率（%）'))).toBe('首套住房，贷款期限五年以上，2025-05-08 起执行');
    expect(hintOf(field(host, '商业贷款年利率（%）'))).toBe('首套住房，贷款期限五年以上，2025-05-20 起执行');
    // Typed by hand, the commercial rate is the user's own: no name.
    await type(field(host, '商业贷款年利率（%）'), '3.3');
    expect(hintOf(field(host, '商业贷款年利率（%）'))).toBe('');
  });

  it('says when the page’s rates are older than the centre’s, and takes the centre’s on request', async () => {
    const newer = PROVIDENT.map((r) => ({ ...r, zxll: Number(r.zxll) - 0.25, sxrq: '2026-10-01' }));
    const { client } = centre({ provident: newer, commercial: dated(COMMERCIAL, '2025-05-20') });
    const host = mount(
      <LoanCalculator mode="local" client={client} providentRates={dated(PROVIDENT, '2025-05-08')} commercialRates={dated(COMMERCIAL, '2025-05-20')} />,
    );
    const notice = () => host.querySelector('[role="status"][part="notice"]');
    // Nothing is asked before the first 计算 (the page gave its rates; issue 19).
    await type(field(host, '贷款期限（月）'), '360');
    await tick();
    expect(notice()).toBeNull();
    await type(field(host, '贷款金额（万元）'), '100');
    submit(host).click();
    await expect.poll(() => notice()?.textContent ?? '').toContain('中心最新利率自 2026-10-01 起执行');
    expect(notice()?.textContent).toContain('本页所列利率不是公积金中心的最新利率');
    expect(await axeViolations(host)).toEqual([]);
    expect(field(host, '公积金贷款年利率（%）').value).toBe('2.6');
    (notice()?.querySelector('button') as HTMLButtonElement).click();
    await tick();
    expect(notice()).toBeNull();
    expect(field(host, '公积金贷款年利率（%）').value).toBe('2.35');
    expect(hintOf(field(host, '公积金贷款年利率（%）'))).toBe('首套住房，贷款期限五年以上，2026-10-01 起执行');
  });

  it('says nothing when the page’s rates are the centre’s', async () => {
    const { client, asked } = centre({ provident: dated(PROVIDENT, '2025-05-08'), commercial: dated(COMMERCIAL, '2025-05-20') });
    const host = mount(
      <LoanCalculator mode="local" client={client} providentRates={dated(PROVIDENT, '2025-05-08')} commercialRates={dated(COMMERCIAL, '2025-05-20')} />,
    );
    await type(field(host, '贷款期限（月）'), '360');
    await tick();
    expect(asked).toEqual([]);
    await type(field(host, '贷款金额（万元）'), '100');
    submit(host).click();
    await expect.poll(() => asked.includes(RATE_PATHS.commercial)).toBe(true);
    await tick();
    await tick();
    expect(host.querySelector('[part="notice"]')).toBeNull();
  });
});
