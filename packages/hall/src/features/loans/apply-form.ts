import { calculateLoan, type RepaymentMethod } from '@gjj-hall/sdk/loan';
import { cardError as cardErrorOf, yuanToFen } from '../../shared/money-card';
import type { WizardErrors, WizardValues } from '../../shared/wizard/wizard';

export { yuanToFen };

/**
 * The pure parts of the loan application page (GD0101, docs/api-loans.md): the payload from the answers, the checks
 * of comfort of each step (the server checks every rule again) and the first instalment previewed by the sdk's engine,
 * the one source of every schedule.
 */

export const PROPERTY_KINDS = [
  ['01', '新建商品房（合作楼盘）'],
  ['02', '二手房'],
] as const;
export const HOME_ORDER = [
  ['0', '首套住房'],
  ['1', '第二套住房'],
] as const;
export const METHODS = [
  ['01', '等额本息'],
  ['02', '等额本金'],
] as const;
/** 担保方式 (spec 3.11), as GD0101 takes them. */
export const GUARANTEES = [
  ['01', '抵押'],
  ['72', '抵押加阶段性连带责任保证'],
  ['71', '公积金中心担保加房产抵押'],
  ['02', '质押'],
  ['03', '连带责任保证'],
] as const;
/** The terms offered, whole years (1 to 30); the server holds the real limits (term and age at its end). */
export const TERMS: ReadonlyArray<readonly [string, string]> = Array.from({ length: 30 }, (_, i) => [String((i + 1) * 12), `${i + 1} 年（${(i + 1) * 12} 个月）`] as const);

export const BLANK: WizardValues = { fwlx: '01', xmbh: '', fwdz: '', fwmj: '', fwzj: '', sfecf: '0', dkqx: '', hkfs: '01', dkje: '', dbfs: '', hkyh: '', hkzh: '' };

const t = (v: WizardValues, f: string) => (v[f] ?? '').trim();
const MONEY = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;
const AREA = /^(0|[1-9]\d{0,5})(\.\d{1,2})?$/;

/** The application's payload from the answers (grzh: the applicant's current account). */
export function applyPayload(v: WizardValues, grzh: string): Record<string, unknown> {
  const resale = t(v, 'fwlx') === '02';
  return {
    grzh,
    fwlx: resale ? '02' : '01',
    ...(resale ? {} : { xmbh: t(v, 'xmbh') }),
    fwdz: t(v, 'fwdz'),
    fwmj: t(v, 'fwmj'),
    fwzj: t(v, 'fwzj'),
    sfecf: v.sfecf === '1' ? '1' : '0',
    dkje: t(v, 'dkje'),
    dkqx: Number(t(v, 'dkqx')) || 0,
    hkfs: v.hkfs === '02' ? '02' : '01',
    dbfs: t(v, 'dbfs'),
    hkyh: t(v, 'hkyh'),
    hkzh: t(v, 'hkzh').replace(/\s/g, ''),
  };
}

export function propertyErrors(v: WizardValues): WizardErrors {
  const e: WizardErrors = {};
  if (t(v, 'fwlx') !== '02' && !t(v, 'xmbh')) e.xmbh = '请选择合作楼盘';
  if (t(v, 'fwdz').length < 4) e.fwdz = '请输入房屋坐落（楼栋、单元、房号）';
  if (!AREA.test(t(v, 'fwmj')) || Number(t(v, 'fwmj')) <= 0) e.fwmj = '建筑面积应为数字（平方米），至多两位小数';
  if (!MONEY.test(t(v, 'fwzj')) || Number(t(v, 'fwzj')) <= 0) e.fwzj = '房屋总价应为金额（元），至多两位小数';
  return e;
}

/** The amount against the server's maximum ('' when it may go on). */
export function amountError(text: string, maximum: string | undefined): string {
  if (!text.trim()) return '请输入申请贷款金额';
  const fen = yuanToFen(text);
  if (fen === null) return '申请贷款金额应为金额（元），至多两位小数';
  if (fen <= 0n) return '申请贷款金额须大于 0';
  const max = maximum === undefined ? null : yuanToFen(maximum);
  if (max !== null && fen > max) return `申请贷款金额超过您的可贷额度 ${maximum} 元`;
  return '';
}

/** The repayment card's error ('' when it may go on). */
export const cardError = (text: string): string => cardErrorOf(text, '请输入还款银行卡号');

export function repaymentErrors(v: WizardValues): WizardErrors {
  const e: WizardErrors = {};
  if (!t(v, 'dbfs')) e.dbfs = '请选择担保方式';
  if (!t(v, 'hkyh')) e.hkyh = '请选择还款银行';
  const card = cardError(t(v, 'hkzh'));
  if (card) e.hkzh = card;
  return e;
}

/**
 * The first instalment and the whole interest of this amount, term, rate and method, from the engine, for a loan
 * issued `today` (the server computes the same at completion); undefined while the figures are incomplete.
 */
export function preview(amount: string, months: string, annualRate: string, method: string, today: string): { first: string; interest: string; last: string } | undefined {
  if (!MONEY.test(amount.trim()) || Number(amount) <= 0 || !/^\d+$/.test(months) || !annualRate) return undefined;
  try {
    const r = calculateLoan({ amount: amount.trim(), months: Number(months), annualRate, method: method as RepaymentMethod, issueDate: today });
    return { first: r.schedule[0]!.payment, interest: r.totalInterest, last: r.schedule.at(-1)!.date };
  } catch {
    return undefined;
  }
}
