import type { Queryable } from '../../db/db';
import { RecordsError } from '../../records';
import { isClosedStatus } from '../../records/kinds';
import { buttonRule } from './buttons';
import { defineBusiness, type BusinessRule, type RuleContext } from '../types';
import { GRZH_SCHEMA, GUIDE_COMMON, NOT_YOURS, typed, UNIT_ACCOUNT_RULE, UNIT_NORMAL_RULE, unitFor } from './common';

/**
 * GJ0311 批量修改职工手机号码 (/dwwt/zhxxbg/plxg_sjh): the unit's clerk changes the contact phone of several of its
 * employees at once (a table of employee, old number masked, new number). Completes at once: the contact phone on
 * each employee's account record (personal_account.sjhm) becomes the new number, in one statement in the transaction
 * of the status. It never changes the phone the person signs in with (app_user.phone, SMS sign-in, recovery) nor the
 * phone registration sends its code to: those identify the person, and only the person changes them (GJ0313 个人手机号码变更).
 */

/** One row of the batch: the employee's account and the new number. */
export interface Gj0311Row {
  grzh: string;
  sjhm: string;
}

export interface Gj0311Payload {
  rows: Gj0311Row[];
}

/** The most rows one batch carries: a bound of the form (one page of the table), not a number a centre sets. */
export const PHONE_BATCH_MAX_ROWS = 200;

/** A mobile number: 11 digits, 13 to 19 (the same test as GJ0301's row and GJ0313). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;

/** What the row rules read of the batch's accounts: one query for the whole batch. */
interface BatchAccount {
  grzh: string;
  dwzh: string | null;
  kind: string;
  grzhzt: string;
  sjhm: string | null;
}

const batchAccounts = new WeakMap<object, Promise<Map<string, BatchAccount>>>();

/** The accounts the batch names, read once per rule check (index personal_account_pkey). */
function accountsFor(ctx: RuleContext<Gj0311Payload>): Promise<Map<string, BatchAccount>> {
  let found = batchAccounts.get(ctx);
  if (!found) {
    found = readAccounts(ctx.q, rowsOf(ctx.payload).map((r) => r.grzh));
    batchAccounts.set(ctx, found);
  }
  return found;
}

async function readAccounts(q: Queryable, grzhs: string[]): Promise<Map<string, BatchAccount>> {
  const wanted = grzhs.filter((g) => typeof g === 'string' && /^\d{12}$/.test(g));
  const rows = wanted.length
    ? await q.query<BatchAccount>('select grzh, dwzh, kind, grzhzt, sjhm from personal_account where grzh = any($1::text[])', [wanted])
    : [];
  return new Map(rows.map((r) => [r.grzh, r]));
}

const rowsOf = (p: Gj0311Payload | undefined): Gj0311Row[] => (p && Array.isArray(p.rows) ? p.rows : []);

/** The first row (1-based, as the page numbers them) for which `bad` holds, or 0. */
const firstBad = (rows: Gj0311Row[], bad: (r: Gj0311Row, i: number) => boolean): number => rows.findIndex(bad) + 1;

/** A row rule: fails at the first row `bad` finds, naming it (第 n 行：…). */
function rowRule(name: string, description: string, msg: string, bad: (r: Gj0311Row, i: number, rows: Gj0311Row[], accounts: Map<string, BatchAccount>) => boolean): BusinessRule<Gj0311Payload> {
  const find = async (ctx: RuleContext<Gj0311Payload>) => {
    const rows = rowsOf(ctx.payload);
    const accounts = await accountsFor(ctx);
    return firstBad(rows, (r, i) => bad(r, i, rows, accounts));
  };
  return {
    name,
    description: `${description}（逐行检查，答第一处不符合的行号）`,
    msg,
    message: async (ctx) => {
      const n = await find(ctx);
      return n ? `第 ${n} 行：${msg}` : msg;
    },
    holds: async (ctx) => (await find(ctx)) === 0,
  };
}

/** The rule table of GJ0311 (docs/api-unit-business.md › 批量修改职工手机号码), in the order it is checked. */
export const GJ0311_RULES: ReadonlyArray<BusinessRule<Gj0311Payload>> = [
  buttonRule<Gj0311Payload>('GJ0311'),
  typed(UNIT_ACCOUNT_RULE),
  typed(UNIT_NORMAL_RULE),
  {
    name: 'own-employees',
    description: '名单中的每个个人账户都是本单位职工的账户；否则 403，不透露任何信息（不说是哪一行、账户是否存在）',
    msg: NOT_YOURS,
    status: 403,
    async holds(ctx) {
      const unit = await unitFor(ctx);
      if (!unit) return true;
      const accounts = await accountsFor(ctx);
      return rowsOf(ctx.payload).every((r) => {
        const a = accounts.get(r.grzh);
        return a !== undefined && a.kind === 'gr' && a.dwzh === unit.dwzh;
      });
    },
  },
  rowRule('account-not-closed', '职工的个人账户未销户', '该职工的个人账户已销户，不能修改手机号码', (r, _i, _rows, accounts) => isClosedStatus(accounts.get(r.grzh)?.grzhzt ?? '')),
  rowRule('phone-format', '新手机号码为 11 位数字，以 13 至 19 开头', '新手机号码应为 11 位手机号码（以 13 至 19 开头）', (r) => typeof r.sjhm !== 'string' || !MOBILE_RE.test(r.sjhm)),
  rowRule('employee-once', '同一职工在名单中只出现一次', '该职工在名单中出现了多次', (r, i, rows) => rows.findIndex((o) => o.grzh === r.grzh) !== i),
  rowRule('phone-once', '同一新手机号码在名单中只出现一次（两名职工不能改为同一号码）', '新手机号码与名单中前面的行重复', (r, i, rows) => rows.findIndex((o) => o.sjhm === r.sjhm) !== i),
  rowRule('phone-changed', '新手机号码与原手机号码不同', '新手机号码与原手机号码相同，无需修改', (r, _i, _rows, accounts) => accounts.get(r.grzh)?.sjhm === r.sjhm),
];

export const gj0311 = defineBusiness<Gj0311Payload>({
  ywlx: 'GJ0311',
  ywmc: '批量修改职工手机号码',
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
        maxItems: PHONE_BATCH_MAX_ROWS,
        description: '要修改手机号码的职工：个人账号和新手机号码',
        'x-msg': `请填写 1 至 ${PHONE_BATCH_MAX_ROWS} 名职工的新手机号码`,
        'x-required-msg': '请至少填写一名职工的新手机号码',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['grzh', 'sjhm'],
          properties: {
            grzh: GRZH_SCHEMA,
            // The format is a rule row, which names the row; the schema only bounds the text.
            sjhm: { type: 'string', maxLength: 20, description: '新手机号码', 'x-msg': '新手机号码应为 11 位手机号码', 'x-required-msg': '请填写新手机号码' },
          },
        },
      },
    },
  },
  rules: GJ0311_RULES,
  guide: {
    ...GUIDE_COMMON,
    bjsj: '即时办结',
    xzdy: '单位批量修改本单位职工在住房公积金账户上登记的联系手机号码。',
    sltj: '1. 单位账户状态正常；2. 职工是本单位职工，个人账户未销户；3. 新号码为 11 位手机号码，名单中不重复，且与原号码不同。',
    sqcl: '无需材料。',
    bllc: '1. 阅读办理须知并同意；2. 在职工名单中填写新手机号码；3. 核对并提交；4. 即时办结。',
    bljg: '职工个人账户登记的联系手机号码变为新号码。职工登录网上业务大厅所用的手机号码不变，由职工本人办理“手机号码变更”。',
    bz: `一次至多修改 ${PHONE_BATCH_MAX_ROWS} 名职工。`,
  },
  materials: [],
  notice:
    '一、本业务修改职工个人账户登记的联系手机号码，请确认新号码为职工本人使用的号码。\n' +
    '二、职工登录网上业务大厅和接收验证码所用的手机号码不随本业务改变，由职工本人办理“手机号码变更”。\n' +
    '三、提交后即时办结。',
  automatic: { description: '条件全部满足，即时办结', decide: () => 'complete' },
  async complete({ tx, application }) {
    const rows = application.payload.rows;
    // Set-based, and only the unit's own employees: a row that is no longer one changes nothing and fails the whole.
    const changed = await tx.query<{ grzh: string }>(
      `update personal_account p set sjhm = x.sjhm
         from unnest($1::text[], $2::text[]) as x (grzh, sjhm)
        where p.grzh = x.grzh and p.dwzh = $3 and p.kind = 'gr'
        returning p.grzh`,
      [rows.map((r) => r.grzh), rows.map((r) => r.sjhm), application.zh],
    );
    if (changed.length !== rows.length) throw new RecordsError('名单中有不是本单位职工的账户，未修改任何手机号码');
  },
});
