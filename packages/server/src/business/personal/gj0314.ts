import type { Queryable } from '../../db/db';
import { centreDate } from '../../clock';
import { ApiError } from '../../http/envelope';
import { getAccount, type PersonalAccount } from '../../records/accounts';
import { MOVE_MESSAGES, moveToUnit } from '../../records/transfer';
import { ACCOUNT_STATUS, isClosedStatus } from '../../records/kinds';
import { COMMON_MATERIALS } from '../materials';
import { defineBusiness, type Applicant, type BusinessRule, type RuleContext } from '../types';

/**
 * GJ0314 个人账户同城转移 (the code is ours, as GJ0313: spec 2.4 names the unit's side GJ0306 /dwwt/jcyw/tczy, and
 * GJ0314 is the next free code of the personal-account series): a depositor who has changed employer within the
 * centre asks for their personal account to move from the old unit to the new one. The account keeps its number;
 * the balance leaves the old unit's list (转出) and joins the new unit's (转入) through C300 when the centre completes
 * it (records/transfer.ts). The centre reviews every application (the new unit's employment is shown by documents),
 * so there is no automatic rule. docs/api-personal.md › 同城转移.
 */

export interface Gj0314Payload {
  /** 转出的个人账号: one of the applicant's own unit accounts. */
  grzh: string;
  /** 转入单位账号 and 单位名称: both must match a deposit unit of this centre. */
  zrdwzh: string;
  zrdwmc: string;
  /** 转移原因: 01 工作调动, 02 单位合并或分立, 03 其他. */
  zyyy: '01' | '02' | '03';
  /** 情况说明 (for 03). */
  zysm?: string;
}

/** 转移原因. */
export const TRANSFER_REASONS = { '01': '工作调动', '02': '单位合并或分立', '03': '其他' } as const;

/**
 * The centre's parameters of the transfer (a centre changes them here; docs/api-personal.md › 同城转移).
 * `stoppedMonths`: an account the old unit has not sealed may still move when the old unit has remitted nothing for it
 * for this many whole months before the current one (REG art. 15 gives the old unit 30 days to seal or transfer).
 */
export const TRANSFER_PARAMS = { stoppedMonths: 2 } as const;

/** The first month (YYYYMM) that still counts as "remitting": `stoppedMonths` whole months before the current one. */
export function stoppedCutoff(today: string, months: number = TRANSFER_PARAMS.stoppedMonths): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - months;
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The newest month an account was remitted for (汇缴 or 补缴), YYYYMM, or null: the newest such entry by the index. */
export async function lastRemittedPeriod(q: Queryable, grzh: string): Promise<string | null> {
  const [row] = await q.query<{ period: string | null }>(
    `select period from journal_entry where account_no = $1 and kind in ('01', '02') order by value_date desc, id desc limit 1`,
    [grzh],
  );
  return row?.period ?? null;
}

/** The ID number of the applicant's person (the holder of their accounts), '' for none. */
export async function holderOf(q: Queryable, applicant: Pick<Applicant, 'accountId'>): Promise<string> {
  const [row] = await q.query<{ zjhm: string }>('select zjhm from person_info where account_id = $1', [applicant.accountId]);
  return row?.zjhm ?? '';
}

/** Whether the old unit has let the account go: sealed (封存), or no remittance since before the cutoff. */
export async function oldUnitLetGo(q: Queryable, account: PersonalAccount, today: string): Promise<boolean> {
  if (account.grzhzt === ACCOUNT_STATUS.sealed) return true;
  const last = await lastRemittedPeriod(q, account.grzh);
  return last === null || last < stoppedCutoff(today);
}

const normalName = (s: string) => s.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')');

/** The new unit when its number and name agree (spaces and full-width brackets aside), else undefined. */
async function targetOf(q: Queryable, p: Pick<Gj0314Payload, 'zrdwzh' | 'zrdwmc'>) {
  const [row] = await q.query<{ dwzh: string; dwmc: string; dwzhzt: string; has_account: boolean }>(
    `select r.dwzh, r.dwmc, r.dwzhzt, exists (select 1 from unit_account a where a.dwzh = r.dwzh) as has_account
       from unit_record r where r.dwzh = $1 and r.category = 'jcdw'`,
    [p.zrdwzh],
  );
  return row && normalName(row.dwmc) === normalName(p.zrdwmc ?? '') ? row : undefined;
}

/** The account of the payload, read once per check (the rules below share it through this cache). */
const accounts = new WeakMap<object, Promise<PersonalAccount | undefined>>();
const accountOf = (ctx: RuleContext<Gj0314Payload>) => {
  let found = accounts.get(ctx);
  if (!found) {
    found = getAccount(ctx.q, ctx.payload.grzh);
    accounts.set(ctx, found);
  }
  return found;
};

/**
 * The rule table (docs/api-personal.md › 同城转移), in the order it is checked; each row has its own test
 * (gj0314.test.ts). The page asks the same rows through `grzy/check` before the applicant goes on.
 */
export const GJ0314_RULES: ReadonlyArray<BusinessRule<Gj0314Payload>> = [
  {
    name: 'holder',
    description: '转出账户是申请人本人（同一证件号码）的个人账户；否则 403，不透露任何信息',
    msg: '当前操作没有权限，请联系管理员授权',
    status: 403,
    async holds(ctx) {
      const account = await accountOf(ctx);
      const holder = await holderOf(ctx.q, ctx.applicant);
      return Boolean(account && holder && account.zjhm === holder);
    },
  },
  {
    name: 'unit-account',
    description: '转出账户是单位缴存的个人账户（灵活就业账户办理“灵活就业人员账户转移” GJ0803）',
    msg: MOVE_MESSAGES.flexible,
    holds: async (ctx) => {
      const a = await accountOf(ctx);
      return a?.kind === 'gr' && Boolean(a.dwzh);
    },
  },
  {
    name: 'not-closed',
    description: '转出账户未销户',
    msg: MOVE_MESSAGES.closed,
    holds: async (ctx) => !isClosedStatus((await accountOf(ctx))?.grzhzt ?? ''),
  },
  {
    name: 'not-frozen',
    description: '转出账户未冻结（状态不是 06 冻结或 99 其他）',
    msg: MOVE_MESSAGES.frozen,
    holds: async (ctx) => {
      const status = (await accountOf(ctx))?.grzhzt;
      return status !== ACCOUNT_STATUS.frozen && status !== ACCOUNT_STATUS.other;
    },
  },
  {
    name: 'old-unit-let-go',
    description: '原单位已为其办理封存（个人账户状态 02），或已连续 stoppedMonths 个整月（不含本月）未为其汇缴',
    msg: '原单位尚未为您办理个人账户封存，且近期仍在为您缴存，暂不能转移。请先联系原单位办理封存',
    param: 'TRANSFER_PARAMS.stoppedMonths',
    holds: async (ctx) => oldUnitLetGo(ctx.q, (await accountOf(ctx))!, centreDate(ctx.now ?? new Date())),
  },
  {
    name: 'target-found',
    description: '转入单位是本中心的缴存单位，单位账号与单位名称一致（不一致与不存在答同一句话，不透露单位是否存在）',
    msg: MOVE_MESSAGES.targetMissing,
    holds: async (ctx) => (await targetOf(ctx.q, ctx.payload)) !== undefined,
  },
  {
    name: 'target-normal',
    description: '转入单位的单位账户状态正常，已在中心开立单位账户',
    msg: MOVE_MESSAGES.targetNotNormal,
    holds: async (ctx) => {
      const t = await targetOf(ctx.q, ctx.payload);
      return t?.dwzhzt === '01' && t.has_account;
    },
  },
  {
    name: 'target-differs',
    description: '转入单位不是原单位',
    msg: MOVE_MESSAGES.sameUnit,
    holds: async (ctx) => (await accountOf(ctx))?.dwzh !== ctx.payload.zrdwzh,
  },
  {
    name: 'no-other-transfer',
    description: '该账户没有另一笔在办（已提交、已受理、已退回）的转移业务，无论由本人（GJ0314）还是新单位（GJ0306）申请',
    msg: '该账户已有一笔转移业务正在办理（由您本人或新单位申请），办结或撤回后才能再申请',
    async holds({ q, payload, ywbh }) {
      const rows = await q.query(
        `select 1 from application
          where (payload ->> 'grzh') = $1 and ywlx in ('GJ0314', 'GJ0306') and zt in ('01', '02', '04') and ywbh <> $2 limit 1`,
        [payload.grzh, ywbh ?? ''],
      );
      return rows.length === 0;
    },
  },
  {
    name: 'no-withdrawal',
    description: '该账户没有在办的提取业务（提取会动用同一笔余额）',
    msg: '该账户有提取业务正在办理，办结或撤回后才能办理转移',
    async holds({ q, payload }) {
      const rows = await q.query(`select 1 from application where zh = $1 and ywlx like 'TQ%' and zt in ('01', '02', '04') limit 1`, [payload.grzh]);
      return rows.length === 0;
    },
  },
];

/**
 * The first rule row that stops this transfer, or undefined: for the page's check (`grzy/check`) and for completion,
 * which runs the rows again in its transaction (the records may have changed since the application was made).
 */
export async function firstFailing(ctx: RuleContext<Gj0314Payload>): Promise<BusinessRule<Gj0314Payload> | undefined> {
  for (const rule of GJ0314_RULES) if (!(await rule.holds(ctx))) return rule;
  return undefined;
}

const text = (description: string, maxLength: number, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  minLength: 1,
  maxLength,
  description,
  'x-required-msg': `请填写${description}`,
  ...extra,
});

export const gj0314 = defineBusiness<Gj0314Payload>({
  ywlx: 'GJ0314',
  ywmc: '个人账户同城转移',
  area: 'personal',
  loginTypes: [1],
  timeLimitDays: 3,
  // The old unit has usually sealed the account (封存): that is the case this business is for.
  allowsSealedAccount: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['grzh', 'zrdwzh', 'zrdwmc', 'zyyy'],
    properties: {
      grzh: text('转出的个人账号', 20, { pattern: '^[0-9]{6,20}$', 'x-msg': '个人账号格式不正确', 'x-required-msg': '请选择要转移的个人账户' }),
      zrdwzh: text('转入单位账号', 20, { pattern: '^[0-9]{6,20}$', 'x-msg': '转入单位账号应为 6 至 20 位数字' }),
      zrdwmc: text('转入单位名称', 100, { minLength: 2, 'x-msg': '转入单位名称应为 2 至 100 个字' }),
      zyyy: { type: 'string', enum: Object.keys(TRANSFER_REASONS), description: '转移原因', 'x-msg': '转移原因的取值不正确', 'x-required-msg': '请选择转移原因' },
      zysm: { type: 'string', maxLength: 200, description: '情况说明', 'x-msg': '情况说明至多 200 字' },
    },
  },
  rules: [
    ...GJ0314_RULES,
    {
      name: 'reason-explained',
      description: '转移原因为“其他”时填写情况说明',
      msg: '转移原因为“其他”时，请填写情况说明',
      holds: ({ payload }) => payload.zyyy !== '03' || (payload.zysm ?? '').trim() !== '',
    },
  ],
  guide: {
    blqd: '网上业务大厅、住房公积金管理中心各服务网点柜台；新单位也可在单位业务中为职工办理同城转移',
    fwdx: '在本中心缴存、变更工作单位后新单位仍在本中心缴存的职工',
    bjsj: '3 个工作日',
    xzdy: '职工在本中心范围内变更工作单位，将其个人住房公积金账户从原单位转入新单位。个人账号不变，账户余额随账户一并转入新单位，利息照常计算。',
    slyj: '《住房公积金管理条例》第十五条：单位录用职工的，应当自录用之日起 30 日内办理缴存登记，并办理职工住房公积金账户的设立或者转移手续；单位与职工终止劳动关系的，单位应当自劳动关系终止之日起 30 日内办理变更登记，并办理职工住房公积金账户转移或者封存手续。',
    sltj: `1. 转出账户为本人在本中心的单位缴存账户，未冻结、未销户；2. 原单位已办理封存，或已连续 ${TRANSFER_PARAMS.stoppedMonths} 个整月未为本人汇缴；3. 新单位已在本中心开立单位账户且状态正常；4. 该账户没有正在办理的转移或提取业务。`,
    sqcl: '与新单位签订的劳动合同或新单位出具的录用证明；因单位合并、分立转移的，提供合并或分立的批准文件；其他原因的，提供情况说明。',
    bllc: '1. 阅读办理须知并同意；2. 阅读办事指南；3. 选择要转移的账户；4. 填写转入单位账号和名称并核验；5. 上传所需材料；6. 核对信息并提交；7. 中心审核，办结时账户转入新单位；8. 短信通知办理结果。',
    bljg: '个人账户转入新单位，账号不变，余额和利息随账户转移；此后由新单位按月为您汇缴。',
    bz: '办结后新单位按其缴存比例为您缴存；缴存基数如有变化，由新单位办理缴存基数调整。如有疑问请致电 12329。',
  },
  // The rule table of the materials (docs/api-personal.md › 同城转移), each row tested in gj0314.test.ts: the centre
  // checks the employment at the new unit, or the merger, or the applicant's own explanation.
  materials: [
    {
      wjlxId: 'LDHT',
      wjmc: '劳动合同或录用证明',
      jdbh: 'GJ0314-01',
      mlbh: '0301',
      zstj: '因工作调动转移时提供：与新单位签订的劳动合同，或新单位出具的录用证明',
      description: '与新单位签订的劳动合同（首页、签字页）或新单位盖章的录用证明',
      required: true,
      maxFiles: 6,
      when: (a) => a.zyyy === '01' || a.zyyy === undefined,
    },
    {
      wjlxId: 'HBWJ',
      wjmc: '单位合并或分立的批准文件',
      jdbh: 'GJ0314-01',
      mlbh: '0302',
      zstj: '因单位合并或分立转移时提供',
      required: true,
      maxFiles: 6,
      when: (a) => a.zyyy === '02',
    },
    {
      wjlxId: 'QKSM',
      wjmc: '情况说明',
      jdbh: 'GJ0314-01',
      mlbh: '0303',
      zstj: '因其他原因转移时提供，说明转移的原因',
      required: true,
      maxFiles: 4,
      when: (a) => a.zyyy === '03',
    },
    {
      wjlxId: 'LZZM',
      wjmc: '解除或终止劳动关系证明',
      jdbh: 'GJ0314-01',
      mlbh: '0304',
      zstj: '原单位尚未为您办理封存的，可提供原单位出具的解除或终止劳动关系证明，便于中心审核',
      required: false,
      maxFiles: 4,
      when: (a) => a.zyyy !== '02',
    },
    COMMON_MATERIALS.QT,
    COMMON_MATERIALS.SQS,
  ],
  notice:
    '一、本业务用于将您本人在本中心的住房公积金个人账户从原单位转入新单位（同城转移），请确认您是账户本人。\n' +
    `二、原单位应已为您办理个人账户封存；原单位未办理封存的，须已连续 ${TRANSFER_PARAMS.stoppedMonths} 个整月未为您汇缴。\n` +
    '三、新单位须已在本中心开立单位账户且状态正常。请向新单位经办人索取单位账号和单位全称，如实填写。\n' +
    '四、中心在 3 个工作日内审核。办结后个人账号不变，账户余额随账户转入新单位，利息照常计算，此后由新单位为您缴存。\n' +
    '五、同一账户同一时间只能有一笔转移业务在办理中。办理结果将以短信通知您的预留手机号码。',
  async complete({ tx, at, application }) {
    const payload = application.payload;
    const applicant = { accountId: application.accountId };
    // The records may have changed since the applicant applied (the old unit remitted again, the new unit was sealed):
    // every row is checked again here, in the completing transaction, with the account row locked.
    await tx.query('select 1 from personal_account where grzh = $1 for update', [payload.grzh]);
    const ctx = { q: tx, applicant: applicant as Applicant, payload, now: at, ywbh: application.ywbh };
    const failing = await firstFailing(ctx);
    if (failing) throw failing.status === 403 ? new ApiError(409, '转出账户已不是申请人本人的账户，不能办结') : new ApiError(409, failing.msg);
    const move = await moveToUnit(tx, { grzh: payload.grzh, toDwzh: payload.zrdwzh, ywbh: application.ywbh, valueDate: centreDate(at), at });
    // The login's copies name the unit too (grxx/loginGrxx falls back to person_info.dwmc; the registration record).
    await tx.query('update person_info set dwmc = $2, grzhzt = $3 where grzh = $1', [payload.grzh, move.to.dwmc, '01']);
    await tx.query('update depositor_record set dwmc = $2 where grzh = $1', [payload.grzh, move.to.dwmc]);
  },
});
