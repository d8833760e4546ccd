import { amountError, cardError } from './form';

/**
 * The pure checks of the standing-order page (按月/按季租房提取); the server checks all of them again with the rule
 * table of the agreement (TQ0107's rows and the amount a period within the quota).
 */
export type StandingValues = Record<string, string>;
export type StandingErrors = Partial<Record<string, string>>;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const t = (v: StandingValues, f: string) => (v[f] ?? '').trim();

export const BLANK_STANDING: StandingValues = { zlht: '', zldz: '', zlqsrq: '', zlzzrq: '', wfsm: '', pl: 'M', dqje: '', skyh: '', skzh: '', skrxm: '' };

/** The errors of the answers against the year's quota left (yuan text); empty when they may be sent. */
export function standingErrors(v: StandingValues, quotaLeft: string): StandingErrors {
  const e: StandingErrors = {};
  if (!t(v, 'zlht')) e.zlht = '请输入租赁合同编号';
  if (t(v, 'zldz').length < 2) e.zldz = '请输入租赁房屋坐落';
  if (!DATE.test(t(v, 'zlqsrq'))) e.zlqsrq = '租赁起始日期应为日期（年-月-日）';
  if (!DATE.test(t(v, 'zlzzrq'))) e.zlzzrq = '租赁终止日期应为日期（年-月-日）';
  else if (t(v, 'zlqsrq') && t(v, 'zlzzrq') <= t(v, 'zlqsrq')) e.zlzzrq = '租赁终止日期应晚于起始日期';
  if (v.wfsm !== '1') e.wfsm = '请确认本人及配偶在本市无自有住房';
  if (v.pl !== 'M' && v.pl !== 'Q') e.pl = '请选择按月或按季提取';
  const amount = amountError(t(v, 'dqje'), quotaLeft).replace('提取金额', '每期提取金额').replace('本次最多可提取的', '本年度剩余额度');
  if (amount) e.dqje = amount;
  if (!t(v, 'skyh')) e.skyh = '请选择收款银行';
  const card = cardError(t(v, 'skzh'));
  if (card) e.skzh = card;
  if (!t(v, 'skrxm')) e.skrxm = '请输入持卡人姓名';
  return e;
}

/** The body of tq/standing/sign from the answers. */
export function standingPayload(v: StandingValues): Record<string, unknown> {
  return {
    zlht: t(v, 'zlht'),
    zldz: t(v, 'zldz'),
    zlqsrq: t(v, 'zlqsrq'),
    zlzzrq: t(v, 'zlzzrq'),
    wfsm: v.wfsm === '1',
    pl: v.pl === 'Q' ? 'Q' : 'M',
    dqje: t(v, 'dqje'),
    skyh: t(v, 'skyh'),
    skzh: t(v, 'skzh').replace(/\s/g, ''),
    skrxm: t(v, 'skrxm'),
  };
}
