import { isIdCard } from '@gjj-hall/sdk/validate';
import { centreDate } from '../../clock';
import type { Queryable } from '../../db/db';
import { RecordsError, setAccountStatus, yuanToFen } from '../../records';
import { ACCOUNT_STATUS } from '../../records/kinds';
import type { JsonSchema } from '../types';
import { buttonRule } from './buttons';
import { defineBusiness, type BusinessRule } from '../types';
import { employeeOf, employeeRule, GRZH_SCHEMA, type ApplicantUnit, GUIDE_COMMON, SEAL_REASON_SCHEMA, typed, UNIT_ACCOUNT_RULE, UNIT_NORMAL_RULE, unitOf } from './common';
import { BOUND_MESSAGES, PARAMETER_DEFAULTS, readParameters, type CentreParameters } from '../../params/centre';
import { PART_SQL, readUnitParams, unitParams, type EmployeeSealReason, type UnitParams } from './params';

/**
 * The unit's employee businesses (docs/api-unit-business.md › 职工): GJ0301 个人账户设立 (opens a personal account),
 * GJ0305 个人账户封存 (/dwwt/jcyw/grzh_fc) and GJ0304 个人账户启封 (/dwwt/jcyw/grzh_qf), GJ0203 缴存基数调整.
 * Each completes at once (the automatic rule), changing the records in the transaction of the status.
 */

const BASE_SCHEMA: JsonSchema = {
  type: 'string',
  pattern: '^(0|[1-9]\\d{0,6})(\\.\\d{1,2})?$',
  description: '月缴存基数（元）',
  'x-msg': '月缴存基数应为金额，至多两位小数',
  'x-required-msg': '请输入月缴存基数',
};

/** Whether a base (yuan text) is within the centre's bounds `p` (parameters baseMinYuan, baseMaxYuan). */
export function baseWithinBounds(p: Pick<UnitParams, 'baseMinYuan' | 'baseMaxYuan'>, jcjs: string): boolean {
  const fen = yuanToFen(jcjs);
  return fen >= BigInt(p.baseMinYuan) * 100n && fen <= BigInt(p.baseMaxYuan) * 100n;
}

/** A base clamped to the centre's bounds `p`, in fen. */
export function clampBaseFen(p: Pick<UnitParams, 'baseMinYuan' | 'baseMaxYuan'>, fen: bigint): bigint {
  const min = BigInt(p.baseMinYuan) * 100n;
  const max = BigInt(p.baseMaxYuan) * 100n;
  return fen < min ? min : fen > max ? max : fen;
}

/** The base rule in words, in the centre's parameters `p` (the guides) or at the defaults (the rule's description). */
const baseRuleText = (p: Pick<CentreParameters, 'baseMinYuan' | 'baseMaxYuan'>) => `月缴存基数在 ${p.baseMinYuan} 至 ${p.baseMaxYuan} 元之间`;
const D = PARAMETER_DEFAULTS;
/** The row-count rule's answer, naming the bound in force (parameter adjustMaxRows). */
const adjustRowsMessage = (p: Pick<CentreParameters, 'adjustMaxRows'>) => `一次至多调整 ${p.adjustMaxRows} 名职工，请分批提交`;

// ——— GJ0301 个人账户设立 (one on screen, or a list from the import file) ———

/** One employee to open an account for: the form on screen, or one row of the import file. */
export interface Gj0301Row {
  zjhm: string;
  xingming: string;
  sjhm: string;
  jcjs: string;
}

/** A row of the import file, with its row number in the sheet (the header is row 1). */
export interface Gj0301FileRow extends Gj0301Row {
  row: number;
}

/** What to do with refused rows: refuse the whole list ('all', nothing opened), or open the good rows only. */
export type ImportMode = 'all' | 'good-only';

/** The bulk form (批量导入): the checked rows of the file and the clerk's choice. */
export interface Gj0301Bulk {
  rows: Gj0301FileRow[];
  mode: ImportMode;
}

export type Gj0301Payload = Gj0301Row | Gj0301Bulk;

/** Whether a GJ0301 payload is the bulk form. */
export const isBulk = (p: Gj0301Payload): p is Gj0301Bulk => Array.isArray((p as Gj0301Bulk).rows);

const ID_RE = /^\d{17}[\dXx]$/;
const NAME_RE = /^[\u4e00-\u9fa5·A-Za-z ]{2,30}$/;
const PHONE_RE = /^1[3-9]\d{9}$/;
const BASE_RE = /^(0|[1-9]\d{0,6})(\.\d{1,2})?$/;

/** What a row rule sees besides the row: the parameters in force, the ID numbers with an open account, each ID number's count in the list. */
export interface RowFacts {
  params: CentreParameters;
  unit: UnitParams;
  /** Upper-cased ID numbers of the list that have a personal account at the centre not closed. */
  open: ReadonlySet<string>;
  /** Upper-cased ID number → rows of the list carrying it. */
  counts: ReadonlyMap<string, number>;
}

/**
 * A row of GJ0301's one row table: a condition on one employee (and the facts of the whole list), checked for the
 * form on screen and for every row of an import file alike.
 */
export interface RowRule {
  name: string;
  description: string;
  msg: string;
  /** The message in the parameters in force, when it names a bound. */
  message?(p: CentreParameters): string;
  param?: string;
  holds(row: Gj0301Row, facts: RowFacts): boolean;
}

const upper = (zjhm: unknown): string => (typeof zjhm === 'string' ? zjhm.toUpperCase() : '');
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** GJ0301's row rules, in the order a row's first failing one is named (docs/api-unit-business.md › 批量导入). */
export const GJ0301_ROW_RULES: readonly RowRule[] = [
  { name: 'id-number', description: '证件号码是有效的居民身份证号码（18 位，校验位正确）', msg: '职工的身份证号码不正确，请核对', holds: (r) => ID_RE.test(text(r.zjhm)) && isIdCard(upper(r.zjhm)) },
  { name: 'name', description: '姓名为 2 至 30 个汉字或字母', msg: '姓名应为 2 至 30 个汉字或字母', holds: (r) => NAME_RE.test(text(r.xingming)) },
  { name: 'phone', description: '手机号码为 11 位，以 13 至 19 开头', msg: '手机号码应为 11 位', holds: (r) => PHONE_RE.test(text(r.sjhm)) },
  { name: 'base-format', description: '月缴存基数为金额（元），至多两位小数', msg: '月缴存基数应为金额，至多两位小数', holds: (r) => BASE_RE.test(text(r.jcjs)) },
  {
    name: 'base-within-bounds',
    description: `${baseRuleText(D)}（参数 baseMinYuan、baseMaxYuan，与个人和灵活就业业务同一行）`,
    msg: BOUND_MESSAGES.base(D),
    message: (p) => BOUND_MESSAGES.base(p),
    param: 'baseMinYuan, baseMaxYuan',
    holds: (r, f) => BASE_RE.test(text(r.jcjs)) && baseWithinBounds(f.unit, r.jcjs),
  },
  {
    name: 'no-open-account',
    description: '该职工在本中心没有未销户的单位缴存个人账户（在原单位封存的，办理同城转移）',
    msg: '该职工在本中心已有未销户的个人账户，请由原单位封存后办理同城转移',
    holds: (r, f) => !f.open.has(upper(r.zjhm)),
  },
  { name: 'once-in-list', description: '同一身份证号码在导入的名单中只出现一次', msg: '该身份证号码在名单中出现了多次', holds: (r, f) => (f.counts.get(upper(r.zjhm)) ?? 0) <= 1 },
];

/** The facts the row rules read for a list: the parameters, and the open accounts of its ID numbers in ONE query (index personal_account_holder). */
export async function rowFacts(q: Queryable, rows: readonly Gj0301Row[]): Promise<RowFacts> {
  const params = await readParameters(q);
  const ids = [...new Set(rows.map((r) => upper(r.zjhm)).filter((z) => ID_RE.test(z)))];
  const open = ids.length
    ? await q.query<{ zjhm: string }>(`select distinct zjhm from personal_account where zjhm = any($1::text[]) and kind = 'gr' and grzhzt not in ('03', '04', '05')`, [ids])
    : [];
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(upper(r.zjhm), (counts.get(upper(r.zjhm)) ?? 0) + 1);
  return { params, unit: unitParams(params), open: new Set(open.map((o) => o.zjhm.toUpperCase())), counts };
}

/** The first row rule a row breaks, or undefined when it may be opened. */
export const failedRule = (row: Gj0301Row, facts: RowFacts): RowRule | undefined => GJ0301_ROW_RULES.find((rule) => !rule.holds(row, facts));

/** A rule's message in the parameters in force. */
export const rowMessage = (rule: RowRule, p: CentreParameters): string => (rule.message ? rule.message(p) : rule.msg);

/** Each row checked by the row table: `{ ok, reason }` ('' when it may be opened), in the list's order. */
export async function checkRows(q: Queryable, rows: readonly Gj0301Row[]): Promise<Array<{ ok: boolean; reason: string }>> {
  const facts = await rowFacts(q, rows);
  return rows.map((row) => {
    const rule = failedRule(row, facts);
    return { ok: !rule, reason: rule ? rowMessage(rule, facts.params) : '' };
  });
}

/** The import's row cap in words (parameter importMaxRows). */
export const importRowsMessage = (p: Pick<CentreParameters, 'importMaxRows'>) => `一次至多导入 ${p.importMaxRows} 名职工，请分批导入`;

/** A row rule as a rule of the business: the form on screen, or every row of a bulk list in mode 'all' (named by row number). */
function businessRow(rule: RowRule): BusinessRule<Gj0301Payload> {
  const rowsOf = (p: Gj0301Payload): readonly Gj0301Row[] => (isBulk(p) ? p.rows : [p]);
  return {
    name: rule.name,
    description: `${rule.description}；批量导入时逐行检查（“仅导入正确行”时不符合的行不设立）`,
    msg: rule.msg,
    ...(rule.param ? { param: rule.param } : {}),
    async message({ q, payload }) {
      const facts = await rowFacts(q, rowsOf(payload));
      const words = rowMessage(rule, facts.params);
      if (!isBulk(payload)) return words;
      const bad = payload.rows.find((r) => !rule.holds(r, facts));
      return bad ? `第 ${bad.row} 行：${words}` : words;
    },
    async holds({ q, payload }) {
      if (isBulk(payload) && payload.mode === 'good-only') return true;
      const rows = rowsOf(payload);
      const facts = await rowFacts(q, rows);
      return rows.every((r) => rule.holds(r, facts));
    },
  };
}

export const GJ0301_RULES: ReadonlyArray<BusinessRule<Gj0301Payload>> = [
  buttonRule<Gj0301Payload>('GJ0301', (p) => (isBulk(p) ? 'GJ0301_IMPORT' : 'GJ0301')),
  typed(UNIT_ACCOUNT_RULE),
  typed(UNIT_NORMAL_RULE),
  {
    name: 'import-at-most-rows',
    description: `批量导入一次至多 importMaxRows 名职工（默认 ${D.importMaxRows}）`,
    msg: importRowsMessage(D),
    message: async ({ q }) => importRowsMessage(await readParameters(q)),
    param: 'importMaxRows',
    holds: async ({ q, payload }) => !isBulk(payload) || payload.rows.length <= (await readParameters(q)).importMaxRows,
  },
  ...GJ0301_ROW_RULES.map(businessRow),
  {
    name: 'some-good-row',
    description: '“仅导入正确行”时至少有一行符合全部条件',
    msg: '名单中没有符合条件的职工，请修改后重新导入',
    async holds({ q, payload }) {
      if (!isBulk(payload) || payload.mode !== 'good-only') return true;
      const facts = await rowFacts(q, payload.rows);
      return payload.rows.some((r) => !failedRule(r, facts));
    },
  },
];

const EMPLOYEE_FIELDS = {
  zjhm: { type: 'string', pattern: '^\\d{17}[\\dXx]$', description: '身份证号码', 'x-msg': '身份证号码应为 18 位', 'x-required-msg': '请输入职工的身份证号码' },
  xingming: { type: 'string', minLength: 2, maxLength: 30, pattern: '^[\\u4e00-\\u9fa5·A-Za-z ]+$', description: '姓名', 'x-msg': '姓名应为 2 至 30 个汉字或字母', 'x-required-msg': '请输入职工姓名' },
  sjhm: { type: 'string', pattern: '^1[3-9]\\d{9}$', description: '手机号码', 'x-msg': '手机号码应为 11 位', 'x-required-msg': '请输入职工的手机号码' },
  jcjs: BASE_SCHEMA,
} as const;

/** A row of the bulk form: texts as the file had them (the row rules check them, naming the row). */
const FILE_ROW_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['row', 'zjhm', 'xingming', 'sjhm', 'jcjs'],
  properties: {
    row: { type: 'integer', minimum: 2, maximum: 1_000_000, description: '文件中的行号（表头为第 1 行）' },
    zjhm: { type: 'string', maxLength: 40, description: '身份证号码' },
    xingming: { type: 'string', maxLength: 60, description: '姓名' },
    sjhm: { type: 'string', maxLength: 40, description: '手机号码' },
    jcjs: { type: 'string', maxLength: 20, description: '月缴存基数（元）' },
  },
  'x-msg': '导入名单的格式不正确',
};

/** GJ0301's payload: one employee `{ zjhm, xingming, sjhm, jcjs }`, or the bulk form `{ rows, mode }`. */
const GJ0301_SCHEMA: JsonSchema = {
  type: 'object',
  if: { required: ['rows'] },
  then: {
    additionalProperties: false,
    required: ['rows', 'mode'],
    properties: {
      rows: { type: 'array', minItems: 1, maxItems: 100_000, items: FILE_ROW_SCHEMA, description: '导入的职工（dwyw/zgdr/check 读出的行）', 'x-msg': '导入名单应列出至少一名职工' },
      mode: { type: 'string', enum: ['all', 'good-only'], description: 'all：有不符合的行则全部不导入；good-only：仅导入正确行', 'x-msg': '请选择全部导入或仅导入正确行', 'x-required-msg': '请选择全部导入或仅导入正确行' },
    },
  },
  else: {
    additionalProperties: false,
    required: ['zjhm', 'xingming', 'sjhm', 'jcjs'],
    properties: EMPLOYEE_FIELDS,
  },
};

export const gj0301 = defineBusiness<Gj0301Payload>({
  ywlx: 'GJ0301',
  ywmc: '个人账户设立',
  area: 'unit',
  loginTypes: [2],
  timeLimitDays: 1,
  schema: GJ0301_SCHEMA,
  rules: GJ0301_RULES,
  guide: (p) => ({
    ...GUIDE_COMMON,
    bjsj: '即时办结',
    xzdy: '单位为新录用的职工设立住房公积金个人账户，按单位的缴存比例自次月起汇缴。',
    sltj: `1. 单位账户状态正常；2. 职工身份证号码有效；3. ${baseRuleText(p)}；4. 职工在本中心没有未销户的个人账户；5. 批量导入一次至多 ${p.importMaxRows} 名职工。`,
    sqcl: '无需材料。',
    bllc: '1. 阅读办理须知并同意；2. 填写职工信息（或下载模板填写后批量导入，逐行检查）；3. 核对并提交；4. 即时设立个人账户。',
    bljg: '设立个人账户，显示个人账号；职工可凭身份证号码登录网上业务大厅。',
    bz: '职工在原单位的账户请原单位封存后办理同城转移。',
  }),
  materials: [],
  notice: '一、请如实填写职工的身份证号码、姓名、手机号码和月缴存基数。\n二、缴存比例按单位的缴存比例。\n三、提交后即时设立个人账户。',
  automatic: { description: '条件全部满足，即时设立个人账户', decide: () => 'complete' },
  async complete({ tx, at, application }) {
    const unit = await unitOf(tx, { accountId: application.accountId });
    if (!unit) throw new RecordsError('单位账户不存在');
    const payload = application.payload;
    let rows: readonly Gj0301Row[] = [payload as Gj0301Row];
    if (isBulk(payload)) {
      // Checked again in the transaction of the status: what changed since the submission is refused here too.
      const facts = await rowFacts(tx, payload.rows);
      const good = payload.rows.filter((r) => !failedRule(r, facts));
      if (payload.mode === 'all' && good.length !== payload.rows.length) throw new RecordsError('名单中有不符合条件的职工，未设立任何账户');
      if (good.length === 0) throw new RecordsError('名单中没有符合条件的职工，未设立任何账户');
      rows = good;
    }
    await openEmployees(tx, unit, rows, centreDate(at));
  },
});

/**
 * Opens the employees' accounts in one statement (set-based: insert … select from unnest of the rows), numbered from
 * `unit_grzh_seq` in the rows' order, at the unit's ratios, 月缴存额 by the one rounding (PART_SQL), the row's phone as the
 * account's contact phone. Answers the numbers.
 */
export async function openEmployees(tx: Queryable, unit: ApplicantUnit, rows: readonly Gj0301Row[], khrq: string): Promise<string[]> {
  const { roundingFen } = await readParameters(tx);
  const opened = await tx.query<{ grzh: string }>(
    `insert into personal_account (grzh, zjhm, xingming, dwzh, dwmc, kind, khrq, jcjs_fen, dwjcbl, grjcbl, yjce_fen, interest_settled_to, sjhm)
     select nextval('unit_grzh_seq')::text, x.zjhm, x.xingming, $4, $5, 'gr', $6::date, x.fen, $7::numeric, $8::numeric,
            ${PART_SQL('x.fen', '$7::numeric', '$9::numeric')} + ${PART_SQL('x.fen', '$8::numeric', '$9::numeric')}, $6::date, x.sjhm
       from (select * from unnest($1::text[], $2::text[], $3::bigint[], $10::text[]) with ordinality as u(zjhm, xingming, fen, sjhm, n) order by n) x
     returning grzh`,
    [
      rows.map((r) => r.zjhm.toUpperCase()),
      rows.map((r) => r.xingming),
      rows.map((r) => String(yuanToFen(r.jcjs))),
      unit.dwzh,
      unit.dwmc,
      khrq,
      unit.dwjcbl,
      unit.grjcbl,
      roundingFen,
      // The contact phone on the account (GJ0311 changes it); the row rules checked its form.
      rows.map((r) => r.sjhm),
    ],
  );
  if (opened.length !== rows.length) throw new RecordsError('个人账户设立失败，请稍后重试');
  return opened.map((o) => o.grzh);
}

// ——— GJ0305 个人账户封存, GJ0304 个人账户启封 ———

export interface Gj0305Payload {
  grzh: string;
  fcyy: EmployeeSealReason;
}

export const gj0305 = defineBusiness<Gj0305Payload>({
  ywlx: 'GJ0305',
  ywmc: '个人账户封存',
  area: 'unit',
  loginTypes: [2],
  timeLimitDays: 1,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['grzh', 'fcyy'],
    properties: {
      grzh: GRZH_SCHEMA,
      fcyy: SEAL_REASON_SCHEMA,
    },
  },
  rules: [
    buttonRule<Gj0305Payload>('GJ0305'),
    typed(UNIT_ACCOUNT_RULE),
    employeeRule<Gj0305Payload>(),
    {
      name: 'employee-normal',
      description: '职工个人账户状态为“正常”',
      msg: '该职工的个人账户不是正常状态，不能封存',
      holds: async ({ q, applicant, payload }) => (await employeeOf(q, applicant, payload.grzh))?.grzhzt === ACCOUNT_STATUS.normal,
    },
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '即时办结',
    xzdy: '职工与单位终止劳动关系等情形，单位封存其个人账户，停止为其汇缴。',
    sltj: '1. 该职工是本单位职工；2. 个人账户状态正常。',
    sqcl: '无需材料。',
    bllc: '1. 选择职工和封存原因；2. 核对并提交；3. 即时封存。',
    bljg: '个人账户封存，自下月起不再列入汇缴清单。',
    bz: '封存后余额和利息照常计算；职工到新单位后办理同城转移。',
  },
  materials: [],
  notice: '一、封存后该职工不再列入单位的汇缴清单。\n二、封存原因可通过“封存原因修改”更正。\n三、提交后即时封存。',
  automatic: { description: '条件全部满足，即时封存', decide: () => 'complete' },
  async complete({ tx, at, application }) {
    await setAccountStatus(tx, application.payload.grzh, ACCOUNT_STATUS.sealed);
    await tx.query(
      `insert into employee_seal (grzh, fcyy, ywbh, sealed_at) values ($1, $2, $3, $4)
       on conflict (grzh) do update set fcyy = $2, ywbh = $3, sealed_at = $4`,
      [application.payload.grzh, application.payload.fcyy, application.ywbh, at],
    );
  },
});

export interface Gj0304Payload {
  grzh: string;
}

export const gj0304 = defineBusiness<Gj0304Payload>({
  ywlx: 'GJ0304',
  ywmc: '个人账户启封',
  area: 'unit',
  loginTypes: [2],
  timeLimitDays: 1,
  schema: { type: 'object', additionalProperties: false, required: ['grzh'], properties: { grzh: GRZH_SCHEMA } },
  rules: [
    buttonRule<Gj0304Payload>('GJ0304'),
    typed(UNIT_ACCOUNT_RULE),
    typed(UNIT_NORMAL_RULE),
    employeeRule<Gj0304Payload>(),
    {
      name: 'employee-sealed',
      description: '职工个人账户状态为“封存”',
      msg: '该职工的个人账户不是封存状态，无需启封',
      holds: async ({ q, applicant, payload }) => (await employeeOf(q, applicant, payload.grzh))?.grzhzt === ACCOUNT_STATUS.sealed,
    },
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '即时办结',
    xzdy: '职工回到本单位工作等情形，单位启封其封存的个人账户，恢复汇缴。',
    sltj: '1. 单位账户状态正常；2. 该职工是本单位职工；3. 个人账户状态为封存。',
    sqcl: '无需材料。',
    bllc: '1. 选择职工；2. 核对并提交；3. 即时启封。',
    bljg: '个人账户恢复正常，列入下一次汇缴清单。',
    bz: '',
  },
  materials: [],
  notice: '一、启封后该职工列入单位的汇缴清单。\n二、提交后即时启封。',
  automatic: { description: '条件全部满足，即时启封', decide: () => 'complete' },
  async complete({ tx, application }) {
    await setAccountStatus(tx, application.payload.grzh, ACCOUNT_STATUS.normal);
  },
});

// ——— GJ0203 缴存基数调整 ———

export interface Gj0203Payload {
  rows: Array<{ grzh: string; jcjs: string }>;
}

export const gj0203 = defineBusiness<Gj0203Payload>({
  ywlx: 'GJ0203',
  ywmc: '缴存基数调整',
  area: 'unit',
  loginTypes: [2],
  timeLimitDays: 1,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['rows'],
    properties: {
      rows: {
        type: 'array',
        minItems: 1,
        description: '调整的职工及其新的月缴存基数（一次至多 adjustMaxRows 名，规则 at-most-rows）',
        'x-msg': '调整名单应列出至少一名职工',
        'x-required-msg': '请填写要调整的职工',
        items: { type: 'object', additionalProperties: false, required: ['grzh', 'jcjs'], properties: { grzh: GRZH_SCHEMA, jcjs: BASE_SCHEMA } },
      },
    },
  },
  rules: [
    buttonRule<Gj0203Payload>('GJ0203'),
    typed(UNIT_ACCOUNT_RULE),
    typed(UNIT_NORMAL_RULE),
    {
      name: 'at-most-rows',
      description: `一次至多调整 adjustMaxRows 名职工（默认 ${D.adjustMaxRows}）`,
      msg: adjustRowsMessage(D),
      message: async ({ q }) => adjustRowsMessage(await readParameters(q)),
      param: 'adjustMaxRows',
      holds: async ({ q, payload }) => payload.rows.length <= (await readParameters(q)).adjustMaxRows,
    },
    {
      name: 'own-employees',
      description: '每一行都是本单位职工的未销户账户；否则 403，不透露任何信息',
      msg: '当前操作没有权限，请联系管理员授权',
      status: 403,
      async holds({ q, applicant, payload }) {
        const unit = await unitOf(q, applicant);
        if (!unit) return false;
        const accounts = [...new Set(payload.rows.map((r) => r.grzh))];
        const [row] = await q.query<{ n: string }>(
          `select count(*)::text as n from personal_account where grzh = any($1::text[]) and dwzh = $2 and kind = 'gr' and grzhzt not in ('03', '04', '05')`,
          [accounts, unit.dwzh],
        );
        return Number(row!.n) === accounts.length;
      },
    },
    { name: 'distinct', description: '同一职工只出现一次', msg: '同一职工在调整名单中出现了多次', holds: ({ payload }) => new Set(payload.rows.map((r) => r.grzh)).size === payload.rows.length },
    {
      name: 'base-within-bounds',
      description: `${baseRuleText(D)}（参数 baseOutOfBounds 为 1 时超出的按上下限调整，不拒绝）`,
      msg: BOUND_MESSAGES.base(D),
      message: async ({ q }) => BOUND_MESSAGES.base(await readParameters(q)),
      param: 'baseMinYuan, baseMaxYuan, baseOutOfBounds',
      async holds({ q, payload }) {
        const p = await readUnitParams(q);
        return p.baseOutOfBounds === 'clamp' || payload.rows.every((r) => baseWithinBounds(p, r.jcjs));
      },
    },
  ],
  guide: (p) => ({
    ...GUIDE_COMMON,
    bjsj: '即时办结',
    xzdy: '单位每年按职工上一年度月平均工资调整缴存基数（也可随时调整个别职工）。',
    sltj: `1. 单位账户状态正常；2. 调整的是本单位职工，一次至多 ${p.adjustMaxRows} 名；3. ${baseRuleText(p)}${p.baseOutOfBounds === 1 ? '（超出的按上下限调整）' : ''}。`,
    sqcl: '无需材料。',
    bllc: '1. 填写或导入职工的新基数；2. 核对并提交；3. 即时生效，下一次汇缴按新基数计算。',
    bljg: '职工的缴存基数和月缴存额更新。',
    bz: '',
  }),
  materials: [],
  notice: '一、新的缴存基数自下一次汇缴起执行。\n二、缴存基数须在中心公布的上下限之间。',
  automatic: { description: '条件全部满足，即时生效', decide: () => 'complete' },
  async complete({ tx, application }) {
    const p = unitParams(await readParameters(tx));
    const rows = application.payload.rows.map((r) => ({ grzh: r.grzh, fen: String(clampBaseFen(p, yuanToFen(r.jcjs))) }));
    const r = p.roundingFen;
    await tx.query(
      `update personal_account p
          set jcjs_fen = x.fen,
              yjce_fen = (round(x.fen::numeric * p.dwjcbl / 100 / $3) * $3 + round(x.fen::numeric * p.grjcbl / 100 / $3) * $3)::bigint
         from unnest($1::text[], $2::bigint[]) as x(grzh, fen)
        where p.grzh = x.grzh and p.dwzh = $4`,
      [rows.map((x) => x.grzh), rows.map((x) => x.fen), r, application.zh],
    );
  },
});
