import type { Queryable } from '../../db/db';
import { centreDate } from '../../clock';
import { ApiError } from '../../http/envelope';
import {
  ACCOUNT_STATUS,
  closeAccount,
  fenToYuan,
  interestFor,
  isWithdrawalReason,
  postMovement,
  WITHDRAWAL_REASONS,
  yuanToFen,
  type AccountStatus,
  type WithdrawalReason,
} from '../../records';
import { COMMON_MATERIALS } from '../materials';
import type { Applicant, AutomaticRule, Business, BusinessGuide, BusinessMaterial, BusinessRule, JsonSchema, RuleContext } from '../types';
import { PARAMETER_DEFAULTS, type CentreParameters } from '../../params/centre';
import { readWithdrawalParams } from './params';
import { freezeReceipt } from './receipt';

/**
 * What the eight withdrawal kinds share (docs/api-withdrawals.md): the applicant's account as the records hold it,
 * the hold an application puts on the balance, the maximum amount with its reasons, the receiving bank card, and the
 * completion that posts 部分提取 (11) or closes the account with 销户提取 (12), each with its reason code, and writes
 * the payment instruction to the bank.
 */

/** The applicant's deposit account and the person's facts the rules read. */
export interface Depositor {
  grzh: string;
  zjhm: string;
  xingming: string;
  grzhzt: AccountStatus;
  balanceFen: bigint;
  lastValueDate: string | null;
  interestSettledTo: string;
  /** 婚姻状况 on file (GB/T 2261.2: 20–23 married). */
  married: boolean;
  /** The spouse's ID number on file, '' when none. */
  pozjhm: string;
}

/**
 * The session account's deposit account (personal_account of the login's person_info, same number and ID number),
 * or undefined when the current account holds none on the centre's records.
 */
export async function depositorOf(q: Queryable, applicant: Pick<Applicant, 'accountId'>): Promise<Depositor | undefined> {
  const [row] = await q.query<Record<string, string | null>>(
    `select a.grzh, a.zjhm, a.xingming, a.grzhzt, a.balance_fen::text as balance_fen, a.last_value_date::text as last_value_date,
            a.interest_settled_to::text as interest_settled_to, coalesce(d.hyzk, '') as hyzk, coalesce(d.pozjhm, '') as pozjhm
       from person_info p
       join personal_account a on a.grzh = p.grzh and a.zjhm = p.zjhm
       left join person_detail d on d.account_id = p.account_id
      where p.account_id = $1`,
    [applicant.accountId],
  );
  if (!row) return undefined;
  return {
    grzh: row.grzh!,
    zjhm: row.zjhm!,
    xingming: row.xingming!,
    grzhzt: row.grzhzt as AccountStatus,
    balanceFen: BigInt(row.balance_fen!),
    lastValueDate: row.last_value_date ?? null,
    interestSettledTo: row.interest_settled_to!,
    married: /^2/.test(row.hyzk ?? ''),
    pozjhm: row.pozjhm ?? '',
  };
}

/** Today in the centre's time zone. */
export const todayOf = (ctx: { now?: Date }): string => centreDate(ctx.now ?? new Date());

/** YYYYMM of a YYYY-MM-DD date, and the month `n` before a YYYYMM. */
export const monthOf = (date: string): string => date.slice(0, 4) + date.slice(5, 7);
export function monthsBefore(period: string, n: number): string {
  const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(4, 6)) - 1 - n;
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The date `n` months before YYYY-MM-DD (the day kept, or the month's last day). */
export function dateMonthsBefore(date: string, n: number): string {
  const period = monthsBefore(monthOf(date), n);
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(4, 6));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${period.slice(0, 4)}-${period.slice(4, 6)}-${String(Math.min(Number(date.slice(8, 10)), last)).padStart(2, '0')}`;
}

/**
 * The window rule of the kinds paid for a home (购房 TQ0101, 建造翻建大修 TQ0102: one parameter row, purchaseWindowMonths):
 * the form's date `field` is today or up to the row's months before it. `message` words the refusal for the months in
 * force.
 * @example purchaseWindowRule<Tq0101Payload>('purchase-within-window', 'gfrq', '购房日期在…', (n) => `只能提取购房后 ${n} 个月内…`)
 */
export function purchaseWindowRule<P>(name: string, field: keyof P & string, description: string, message: (months: number) => string): BusinessRule<P> {
  return {
    name,
    description,
    msg: message(PARAMETER_DEFAULTS.purchaseWindowMonths),
    message: async ({ q }) => message((await readWithdrawalParams(q)).purchaseWindowMonths),
    param: 'purchaseWindowMonths',
    async holds(ctx) {
      const { purchaseWindowMonths } = await readWithdrawalParams(ctx.q);
      const date = (ctx.payload as Record<string, unknown>)[field] as string;
      return date <= todayOf(ctx) && date >= dateMonthsBefore(todayOf(ctx), purchaseWindowMonths);
    },
  };
}

/**
 * Whether the account has deposits (汇缴 or 补缴) for each of `n` consecutive months ending this month or the month
 * before (this month's remittance may not have arrived yet).
 */
export async function hasContinuousMonths(q: Queryable, grzh: string, today: string, n: number): Promise<boolean> {
  if (n <= 0) return true;
  const current = monthOf(today);
  const oldest = monthsBefore(current, n);
  const rows = await q.query<{ period: string }>(
    `select distinct period from journal_entry where account_no = $1 and kind in ('01', '02') and period between $2 and $3`,
    [grzh, oldest, current],
  );
  const paid = new Set(rows.map((r) => r.period));
  const run = (end: string) => Array.from({ length: n }, (_, i) => monthsBefore(end, i)).every((p) => paid.has(p));
  return run(current) || run(monthsBefore(current, 1));
}

/**
 * Age in whole years on `today` of the holder of an 18-digit ID number, and the sex its 17th digit tells (odd: male).
 * @example ageOf('110105196505120016', '2026-11-26') // { age: 61, male: true }
 */
export function ageOf(zjhm: string, today: string): { age: number; male: boolean } {
  const birth = `${zjhm.slice(6, 10)}-${zjhm.slice(10, 12)}-${zjhm.slice(12, 14)}`;
  let age = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  if (today.slice(5) < birth.slice(5)) age -= 1;
  return { age, male: Number(zjhm.charAt(16)) % 2 === 1 };
}

/**
 * Fen the account's withdrawals in progress hold (application 已提交 or 已受理), other than `except`.
 * The withdrawal_grzh index reads only this account's rows.
 */
export async function heldFen(q: Queryable, grzh: string, except = ''): Promise<bigint> {
  const [row] = await q.query<{ held: string }>(
    `select coalesce(sum(w.amount_fen), 0)::text as held
       from withdrawal w join application a on a.ywbh = w.ywbh
      where w.grzh = $1 and w.ywbh <> $2 and a.zt in ('01', '02')`,
    [grzh, except],
  );
  return BigInt(row!.held);
}

/** The most an application may take: the kind's limit, never more than the balance less what others hold. */
export interface Limit {
  maxFen: bigint;
  /** Why, in the depositor's words, one line per constraint (the smallest decides). */
  reasons: string[];
}

/** What a kind's limit sees. */
export interface LimitContext<P> {
  q: Queryable;
  depositor: Depositor;
  payload: Partial<P>;
  today: string;
  ywbh?: string;
}

/** The balance constraint every kind ends with. */
export async function balanceLimit(q: Queryable, d: Depositor, ywbh?: string): Promise<Limit> {
  const held = await heldFen(q, d.grzh, ywbh);
  const available = d.balanceFen - held > 0n ? d.balanceFen - held : 0n;
  const reasons = [`账户余额 ${fenToYuan(d.balanceFen)} 元`];
  if (held > 0n) reasons.push(`在办提取已占用 ${fenToYuan(held)} 元`);
  return { maxFen: available, reasons };
}

/** The smaller of limits, with every reason. */
export function minLimit(...limits: Limit[]): Limit {
  return {
    maxFen: limits.reduce((m, l) => (l.maxFen < m ? l.maxFen : m), limits[0]!.maxFen),
    reasons: limits.flatMap((l) => l.reasons),
  };
}

/** Interest from the last settlement to `today` (销户结息), for the closing kinds' amount. */
export async function interestToDay(q: Queryable, d: Depositor, today: string): Promise<bigint> {
  if (today <= d.interestSettledTo) return 0n;
  return (await interestFor(q, d.grzh, d.interestSettledTo, today)).interestFen;
}

/**
 * Luhn's check digit (ISO/IEC 7812), which bank card numbers carry.
 * @example luhnValid('6222021234567890128') // true
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The receiving bank card fields every kind's form has. */
export interface CardFields {
  /** 收款银行 (bank code of the bank list) */
  skyh: string;
  /** 收款银行卡号 */
  skzh: string;
  /** 持卡人姓名: the applicant's. */
  skrxm: string;
}

/** The amount field of the partial kinds. */
export interface AmountField {
  /** 提取金额 (yuan, two decimals) */
  tqje: string;
}

const MONEY_PATTERN = '^(0|[1-9]\\d{0,9})(\\.\\d{1,2})?$';

export const CARD_SCHEMA: Record<string, JsonSchema> = {
  skyh: { type: 'string', pattern: '^\\d{3}$', description: '收款银行（银行列表的代码）', 'x-msg': '请从列表中选择收款银行', 'x-required-msg': '请选择收款银行' },
  skzh: { type: 'string', pattern: '^\\d{12,19}$', description: '收款银行卡号', 'x-msg': '银行卡号应为 12 至 19 位数字', 'x-required-msg': '请输入收款银行卡号' },
  skrxm: { type: 'string', minLength: 1, maxLength: 50, description: '持卡人姓名', 'x-msg': '持卡人姓名应为 1 至 50 个字', 'x-required-msg': '请输入持卡人姓名' },
};

export const AMOUNT_SCHEMA: Record<string, JsonSchema> = {
  tqje: { type: 'string', pattern: MONEY_PATTERN, description: '提取金额（元，至多两位小数）', 'x-msg': '提取金额应为金额，至多两位小数', 'x-required-msg': '请输入提取金额' },
};

/** A date field (YYYY-MM-DD). */
export const dateField = (description: string, required: string): JsonSchema => ({
  type: 'string',
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  description,
  'x-msg': `${description}应为日期（年-月-日）`,
  'x-required-msg': required,
});

/** A money field (yuan). */
export const moneyField = (description: string, required: string): JsonSchema => ({
  type: 'string',
  pattern: MONEY_PATTERN,
  description: `${description}（元）`,
  'x-msg': `${description}应为金额，至多两位小数`,
  'x-required-msg': required,
});

/** Fen of a yuan text the schema has passed, 0 when absent. */
export const fenOf = (yuan: unknown): bigint => (typeof yuan === 'string' && new RegExp(MONEY_PATTERN).test(yuan) ? yuanToFen(yuan) : 0n);

/** The specification of one withdrawal kind, from which {@link defineWithdrawal} builds its business. */
export interface WithdrawalSpec<P> {
  ywlx: string;
  ywmc: string;
  tqyy: WithdrawalReason;
  /** A closing kind (离退休, 丧失劳动能力, 出境定居): the whole balance with interest to the day, the account closed. */
  closing: boolean;
  timeLimitDays: number;
  /** The account statuses the kind accepts (the closing kinds accept a sealed one). */
  statuses: readonly AccountStatus[];
  /** The kind's own form fields and which are required (the card and, for partial kinds, the amount are added). */
  fields: Record<string, JsonSchema>;
  required: readonly string[];
  /** The kind's own rule rows, after the shared ones. */
  rules: ReadonlyArray<BusinessRule<P>>;
  /** The kind's limit (without the balance, which is added); undefined while the answers it needs are not given. */
  limit?(ctx: LimitContext<P>): Promise<Limit | undefined>;
  /** What later withdrawals for the same thing count against (a contract number). */
  ref?(payload: P): string;
  materials: ReadonlyArray<BusinessMaterial<P>>;
  /** The guide and the notice, plain or as functions of the centre's parameters (those that name one). */
  guide: BusinessGuide | ((p: CentreParameters) => BusinessGuide);
  notice: string | ((p: CentreParameters) => string);
  automatic?: AutomaticRule<P>;
  /**
   * The reason code of one application when the kind lets the depositor choose it (TQ0199 其他原因: 09 大病医疗 or
   * 99 其他); without it every application carries `tqyy`. Held on the withdrawal row and posted from there.
   */
  reasonOf?(payload: P): WithdrawalReason;
}

/** A withdrawal business with its limit, for the limit call and the tests. */
export interface WithdrawalBusiness<P> extends Business<P> {
  tqyy: WithdrawalReason;
  closing: boolean;
  /** The most this applicant may withdraw now, with the reasons (the balance less holds included). */
  limitFor(q: Queryable, applicant: Applicant, payload: Partial<P>, now: Date, ywbh?: string): Promise<Limit & { depositor?: Depositor }>;
}

/** Messages the shared rows and the hold answer. */
export const WITHDRAWAL_MESSAGES = {
  noAccount: '当前账户不是本中心的住房公积金个人账户，不能办理提取；持有多个账户的，请先切换到要提取的账户',
  status: (names: string) => `您的个人账户当前状态不能办理此项提取（须为${names}状态）`,
  nameMismatch: '持卡人姓名须与申请人姓名一致，请使用本人的银行卡',
  bankUnknown: '请从列表中选择收款银行',
  cardCheck: '银行卡号校验不通过，请核对卡号',
  nothing: '您的账户当前没有可提取的金额',
  overLimit: (max: string) => `提取金额超过本次最多可提取的 ${max} 元`,
  zero: '提取金额须大于 0',
  overBalance: '账户可用余额不足：在办的提取已占用部分余额，请撤回其他提取或减少提取金额',
  notClosing: '账户已有在办提取占用余额，不能办理销户提取',
} as const;

const STATUS_WORDS: Record<string, string> = { '01': '正常', '02': '封存' };

/** Builds a withdrawal business from its specification: the shared rows, the hold and the completion. */
export function defineWithdrawal<P extends CardFields>(spec: WithdrawalSpec<P>): WithdrawalBusiness<P> {
  const limitFor: WithdrawalBusiness<P>['limitFor'] = async (q, applicant, payload, now, ywbh) => {
    const depositor = await depositorOf(q, applicant);
    if (!depositor) return { maxFen: 0n, reasons: [WITHDRAWAL_MESSAGES.noAccount] };
    const today = centreDate(now);
    const balance = await balanceLimit(q, depositor, ywbh);
    if (spec.closing) {
      const interest = await interestToDay(q, depositor, today);
      const held = depositor.balanceFen - balance.maxFen;
      if (held > 0n) return { maxFen: 0n, reasons: [...balance.reasons, WITHDRAWAL_MESSAGES.notClosing], depositor };
      return {
        maxFen: depositor.balanceFen + interest,
        reasons: [`销户提取全部余额 ${fenToYuan(depositor.balanceFen)} 元及截至 ${today} 的利息 ${fenToYuan(interest)} 元`],
        depositor,
      };
    }
    const own = spec.limit ? await spec.limit({ q, depositor, payload, today, ...(ywbh ? { ywbh } : {}) }) : undefined;
    return { ...(own ? minLimit(own, balance) : balance), depositor };
  };

  const shared: BusinessRule<P>[] = [
    {
      name: 'deposit-account',
      description: '当前账户是本中心的住房公积金个人账户',
      msg: WITHDRAWAL_MESSAGES.noAccount,
      atOpen: true,
      holds: async ({ q, applicant }) => (await depositorOf(q, applicant)) !== undefined,
    },
    {
      name: 'account-status',
      description: `账户状态为${spec.statuses.map((s) => `“${STATUS_WORDS[s] ?? s}”`).join('或')}`,
      msg: WITHDRAWAL_MESSAGES.status(spec.statuses.map((s) => STATUS_WORDS[s] ?? s).join('或')),
      atOpen: true,
      async holds({ q, applicant }) {
        const d = await depositorOf(q, applicant);
        return d === undefined || spec.statuses.includes(d.grzhzt);
      },
    },
  ];
  const amountRules: BusinessRule<P>[] = [
    {
      name: 'something-to-withdraw',
      description: '本次最多可提取金额大于 0（额度未用完、余额未被在办提取占满）',
      msg: WITHDRAWAL_MESSAGES.nothing,
      atOpen: true,
      async holds({ q, applicant, payload, now, ywbh }) {
        if (!(await depositorOf(q, applicant))) return true;
        return (await limitFor(q, applicant, payload, now ?? new Date(), ywbh)).maxFen > 0n;
      },
    },
  ];
  if (!spec.closing) {
    amountRules.push({
      name: 'amount-within-limit',
      description: '提取金额大于 0，且不超过本次最多可提取金额（服务器按流水和本类规则计算）',
      msg: '提取金额超过本次最多可提取金额',
      async holds(ctx: RuleContext<P>) {
        const fen = fenOf((ctx.payload as Partial<AmountField>).tqje);
        const limit = await limitFor(ctx.q, ctx.applicant, ctx.payload, ctx.now ?? new Date(), ctx.ywbh);
        if (fen <= 0n) throw new ApiError(400, WITHDRAWAL_MESSAGES.zero);
        if (fen > limit.maxFen) throw new ApiError(400, WITHDRAWAL_MESSAGES.overLimit(fenToYuan(limit.maxFen)));
        return true;
      },
    });
  }
  const cardRules: BusinessRule<P>[] = [
    {
      name: 'bank-known',
      description: '收款银行在中心的银行列表中',
      msg: WITHDRAWAL_MESSAGES.bankUnknown,
      holds: async ({ q, payload }) => (await q.query('select 1 from bank where code = $1', [payload.skyh])).length > 0,
    },
    {
      name: 'card-check-digit',
      description: '收款银行卡号的校验位正确（Luhn）',
      msg: WITHDRAWAL_MESSAGES.cardCheck,
      holds: ({ payload }) => luhnValid(payload.skzh),
    },
    {
      name: 'card-holder-is-applicant',
      description: '持卡人姓名与申请人姓名一致（只付到本人的银行卡）',
      msg: WITHDRAWAL_MESSAGES.nameMismatch,
      async holds({ q, applicant, payload }) {
        const d = await depositorOf(q, applicant);
        return d === undefined || payload.skrxm.trim() === d.xingming;
      },
    },
  ];

  const properties = { ...spec.fields, ...(spec.closing ? {} : AMOUNT_SCHEMA), ...CARD_SCHEMA };
  const required = [...spec.required, ...(spec.closing ? [] : ['tqje']), 'skyh', 'skzh', 'skrxm'];

  return {
    ywlx: spec.ywlx,
    ywmc: spec.ywmc,
    area: 'withdrawal',
    loginTypes: [1],
    timeLimitDays: spec.timeLimitDays,
    schema: { type: 'object', additionalProperties: false, required, properties },
    ...(spec.statuses.includes(ACCOUNT_STATUS.sealed) ? { allowsSealedAccount: true } : {}),
    rules: [...shared, ...spec.rules, ...amountRules, ...cardRules],
    guide: spec.guide,
    materials: spec.materials,
    notice: spec.notice,
    ...(spec.automatic ? { automatic: spec.automatic } : {}),
    tqyy: spec.tqyy,
    closing: spec.closing,
    limitFor,

    async hold({ tx, applicant, ywbh, payload, now }) {
      const d = await depositorOf(tx, applicant);
      if (!d) throw new ApiError(400, WITHDRAWAL_MESSAGES.noAccount);
      // The account row is the lock every hold and every movement of the account takes: holds are checked one by one.
      await tx.query('select 1 from personal_account where grzh = $1 for update', [d.grzh]);
      const held = await heldFen(tx, d.grzh, ywbh);
      const [fresh] = await tx.query<{ balance_fen: string }>('select balance_fen::text as balance_fen from personal_account where grzh = $1', [d.grzh]);
      const balance = BigInt(fresh!.balance_fen);
      let amount: bigint;
      if (spec.closing) {
        if (held > 0n) throw new ApiError(409, WITHDRAWAL_MESSAGES.notClosing);
        amount = balance;
        if (amount <= 0n) throw new ApiError(400, WITHDRAWAL_MESSAGES.nothing);
      } else {
        amount = fenOf((payload as Partial<AmountField>).tqje);
        if (amount > balance - held) throw new ApiError(409, WITHDRAWAL_MESSAGES.overBalance);
        // The kind's limit again, under the lock (a quota two applications share is not taken twice).
        const limit = await limitFor(tx, applicant, payload, now, ywbh);
        if (amount > limit.maxFen) throw new ApiError(409, WITHDRAWAL_MESSAGES.overLimit(fenToYuan(limit.maxFen)));
      }
      const [bank] = await tx.query<{ name: string }>('select name from bank where code = $1', [payload.skyh]);
      await tx.query(
        `insert into withdrawal (ywbh, ywlx, grzh, tqyy, amount_fen, closing, ref, skyh, skyhmc, skzh, skrxm, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
         on conflict (ywbh) do update set tqyy = excluded.tqyy, amount_fen = excluded.amount_fen, ref = excluded.ref, skyh = excluded.skyh,
           skyhmc = excluded.skyhmc, skzh = excluded.skzh, skrxm = excluded.skrxm, updated_at = excluded.updated_at`,
        [ywbh, spec.ywlx, d.grzh, spec.reasonOf?.(payload) ?? spec.tqyy, String(amount), spec.closing, spec.ref?.(payload) ?? '', payload.skyh, bank?.name ?? '', payload.skzh, payload.skrxm.trim(), now],
      );
    },

    async complete({ tx, at, application }) {
      const [w] = await tx.query<{ grzh: string; tqyy: string; amount_fen: string; skyh: string; skyhmc: string; skzh: string; skrxm: string }>(
        'select grzh, tqyy, amount_fen::text as amount_fen, skyh, skyhmc, skzh, skrxm from withdrawal where ywbh = $1',
        [application.ywbh],
      );
      if (!w) throw new ApiError(409, '提取申请缺少提取信息，请退回申请人重新提交');
      // The reason the application was held with (the kind's own, or the one its depositor chose).
      const tqyy: WithdrawalReason = isWithdrawalReason(w.tqyy) ? w.tqyy : spec.tqyy;
      const today = centreDate(at);
      let paid: bigint;
      let interest = 0n;
      if (spec.closing) {
        const closed = await closeAccount(tx, w.grzh, { date: today, ywbh: application.ywbh, reason: 'withdrawal', withdrawalReason: tqyy });
        paid = closed.paidFen;
        interest = closed.interestFen;
      } else {
        paid = BigInt(w.amount_fen);
        await postMovement(tx, {
          accountNo: w.grzh,
          amountFen: -paid,
          kind: '11',
          ywbh: application.ywbh,
          line: 1,
          valueDate: today,
          reason: tqyy,
          note: `部分提取（${spec.reasonOf ? WITHDRAWAL_REASONS[tqyy] : spec.ywmc.replace(/提取$/, '')}）`,
        });
      }
      await tx.query('update withdrawal set paid_fen = $2, paid_on = $3, updated_at = $4 where ywbh = $1', [application.ywbh, String(paid), today, at]);
      if (paid > 0n) {
        await tx.query(
          `insert into payment_instruction (ywbh, grzh, amount_fen, skyh, skzh, skrxm, created_at) values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (ywbh) do nothing`,
          [application.ywbh, w.grzh, String(paid), w.skyh, w.skzh, w.skrxm, at],
        );
      }
      await freezeReceipt(
        tx,
        { ywbh: application.ywbh, ywmc: spec.ywmc, tqyy, closing: spec.closing, grzh: w.grzh, skyhmc: w.skyhmc, skzh: w.skzh },
        { amountFen: paid, interestFen: interest, paidOn: today, at },
      );
    },
  };
}

/** The materials every withdrawal starts with. */
export const ID_CARD = COMMON_MATERIALS.SFZ as BusinessMaterial<never>;

/** The guide's channels and basis every withdrawal shares. */
export const GUIDE_COMMON = {
  blqd: '网上业务大厅、住房公积金管理中心各服务网点柜台',
  fwdx: '在本中心缴存住房公积金的职工',
  slyj: '《住房公积金管理条例》第二十四条；本中心住房公积金提取管理办法',
} as const;
