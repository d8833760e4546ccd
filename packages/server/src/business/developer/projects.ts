import type { Queryable } from '../../db/db';
import { centreDate } from '../../clock';
import { ApiError } from '../../http/envelope';
import { fenToYuan, yuanToFen } from '../../records/money';
import { COMMON_MATERIALS } from '../materials';
import { defineBusiness, ruleMessage, type Applicant, type BusinessMaterial, type BusinessRule, type RuleContext } from '../types';

/**
 * A developer's projects (楼盘) through the hall (issue 38, docs/api-developer.md): KH0201 楼盘登记 and KH0202
 * 楼盘信息变更, each an application the centre decides through its API (accept, complete, return). A registration
 * makes its project as soon as it is submitted, waiting (spzt 01), so the developer sees it in its list; completing it
 * approves the project (spzt 02) and publishes it on the partner list (/cooperation) in the same transaction, after
 * which a loan may be applied for on it (dkyw/lpxx). A change rewrites an approved project and its partner row when
 * it is completed; until then the approved facts stay as they were.
 */

/** The catalogue's 403: another developer's project, and nothing about it. */
export const FORBIDDEN = '当前操作没有权限，请联系管理员授权';

/** The answers of a registration (KH0201). Prices are yuan per square metre, as typed (two decimals at most). */
export interface ProjectFacts {
  xmmc: string;
  qy: string;
  xmdz: string;
  /** 预售许可证号: one or more. */
  ysxkzh: string[];
  /** 楼栋. */
  lds: string[];
  /** 总套数. */
  zts: number;
  /** 开盘时间 YYYY-MM-DD. */
  kpsj: string;
  /** 参考价格 (元/㎡): lowest and highest. */
  jgzd: string;
  jgzg: string;
  /** 阶段性担保: '1' the developer guarantees buyers' loans until the mortgage is registered, '0' not. */
  jdxdb: '0' | '1';
  /** 预售资金监管账户: bank and account. */
  jgyh: string;
  jgzh: string;
  /** 售楼电话. */
  lxdh: string;
}

/** The answers of a change (KH0202): the project and its facts as they are to be. */
export interface ProjectChange extends ProjectFacts {
  xmbh: string;
}

const MONEY = '^[0-9]{1,7}(\\.[0-9]{1,2})?$';
/** The separator the permits are kept with in `developer_project.ysxkzh` (one text, as the partner list shows it). */
export const PERMIT_SEPARATOR = '、';

const text = (description: string, min: number, max: number, msg: string, required: string) =>
  ({ type: 'string', minLength: min, maxLength: max, pattern: '^\\S(.*\\S)?$', description, 'x-msg': msg, 'x-required-msg': required }) as const;

/** The facts' JSON Schema properties (both businesses). */
export const FACT_PROPERTIES = {
  xmmc: text('楼盘名称', 2, 60, '楼盘名称为 2 至 60 个字，前后不能有空格', '请填写楼盘名称'),
  qy: text('所在区域', 2, 20, '所在区域为 2 至 20 个字', '请填写所在区域'),
  xmdz: text('楼盘地址', 5, 200, '楼盘地址为 5 至 200 个字', '请填写楼盘地址'),
  ysxkzh: {
    type: 'array',
    minItems: 1,
    maxItems: 20,
    uniqueItems: true,
    items: text('预售许可证号', 4, 60, '每个预售许可证号为 4 至 60 个字', '请填写预售许可证号'),
    description: '预售许可证号（一个或多个）',
    'x-msg': '请填写 1 至 20 个不重复的预售许可证号',
    'x-required-msg': '请填写预售许可证号',
  },
  lds: {
    type: 'array',
    minItems: 1,
    maxItems: 100,
    uniqueItems: true,
    items: text('楼栋', 1, 20, '每个楼栋名称至多 20 个字', '请填写楼栋'),
    description: '楼栋',
    'x-msg': '请填写 1 至 100 个不重复的楼栋',
    'x-required-msg': '请填写楼栋',
  },
  zts: { type: 'integer', minimum: 1, maximum: 100000, description: '总套数', 'x-msg': '总套数为 1 至 100000 的整数', 'x-required-msg': '请填写总套数' },
  kpsj: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', description: '开盘时间', 'x-msg': '开盘时间格式应为 YYYY-MM-DD', 'x-required-msg': '请选择开盘时间' },
  jgzd: { type: 'string', pattern: MONEY, description: '参考价格最低（元/平方米）', 'x-msg': '参考价格为至多两位小数的金额（元/平方米）', 'x-required-msg': '请填写参考价格最低价' },
  jgzg: { type: 'string', pattern: MONEY, description: '参考价格最高（元/平方米）', 'x-msg': '参考价格为至多两位小数的金额（元/平方米）', 'x-required-msg': '请填写参考价格最高价' },
  jdxdb: { type: 'string', enum: ['0', '1'], description: '是否提供阶段性担保（1 是 0 否）', 'x-msg': '请选择是否提供阶段性担保', 'x-required-msg': '请选择是否提供阶段性担保' },
  jgyh: text('监管银行', 2, 40, '监管银行为 2 至 40 个字', '请选择监管银行'),
  jgzh: { type: 'string', pattern: '^[0-9]{8,30}$', description: '预售资金监管账号', 'x-msg': '监管账号为 8 至 30 位数字', 'x-required-msg': '请填写预售资金监管账号' },
  lxdh: { type: 'string', pattern: '^(1[3-9]\\d{9}|0\\d{2,3}-?\\d{7,8})$', description: '售楼电话', 'x-msg': '售楼电话应为手机号码或带区号的固定电话', 'x-required-msg': '请填写售楼电话' },
} as const;

const FACT_FIELDS = Object.keys(FACT_PROPERTIES) as Array<keyof ProjectFacts>;

/** A project as kept. */
export interface ProjectRecord {
  xmbh: string;
  dwzh: string;
  spzt: '01' | '02' | '03';
  zt: string;
  ywbh: string | null;
  facts: ProjectFacts;
}

/** Money typed in yuan, in fen; a price per square metre of 0 is refused by the schema's rule below. */
const fen = (yuan: string) => yuanToFen(yuan);
/** Yuan without the cents when they are nought ('23000', '23000.50'). */
const yuanText = (f: bigint) => fenToYuan(f).replace(/\.00$/, '');
/** The reference price as the loan application's list shows it. */
export const priceText = (minFen: bigint, maxFen: bigint) => `${yuanText(minFen)}-${yuanText(maxFen)} 元/㎡`;

/**
 * The project of that number, with its facts, or undefined.
 *
 * @example (await getProject(db, 'LP2024000101'))?.facts.xmmc // '示例·云栖府（一期）'
 */
export async function getProject(q: Queryable, xmbh: string): Promise<ProjectRecord | undefined> {
  const [r] = await q.query<{
    xmbh: string; dwzh: string; spzt: '01' | '02' | '03'; zt: string; ywbh: string | null; xmmc: string; qy: string; xmdz: string; ysxkzh: string;
    lds: string[]; zts: number; kpsj: string; jg_min_fen: string | null; jg_max_fen: string | null; jdxdb: boolean; jgyh: string; jgzh: string; lxdh: string;
  }>(
    `select xmbh, dwzh, spzt, zt, ywbh, xmmc, qy, xmdz, ysxkzh, lds, zts, kpsj::text as kpsj, jg_min_fen::text as jg_min_fen, jg_max_fen::text as jg_max_fen,
            jdxdb, jgyh, jgzh, lxdh
       from developer_project where xmbh = $1`,
    [xmbh],
  );
  if (!r) return undefined;
  return {
    xmbh: r.xmbh,
    dwzh: r.dwzh,
    spzt: r.spzt,
    zt: r.zt,
    ywbh: r.ywbh,
    facts: {
      xmmc: r.xmmc,
      qy: r.qy,
      xmdz: r.xmdz,
      ysxkzh: r.ysxkzh ? r.ysxkzh.split(PERMIT_SEPARATOR) : [],
      lds: r.lds ?? [],
      zts: Number(r.zts),
      kpsj: r.kpsj,
      jgzd: r.jg_min_fen === null ? '' : fenToYuan(r.jg_min_fen),
      jgzg: r.jg_max_fen === null ? '' : fenToYuan(r.jg_max_fen),
      jdxdb: r.jdxdb ? '1' : '0',
      jgyh: r.jgyh,
      jgzh: r.jgzh,
      lxdh: r.lxdh,
    },
  };
}

/** The developer account (dwzh) of an applicant's session: its current account's number. */
const developerOf = (applicant: Pick<Applicant, 'zh'>) => applicant.zh;

/**
 * Writes an approved, on-sale project on the partner list (/cooperation), or takes a sold-out one off; the row keeps
 * its 合作日期 (the approval day). In the caller's transaction.
 */
export async function publishProject(tx: Queryable, xmbh: string, day: string): Promise<void> {
  await tx.query(
    `insert into partner_development (xmbh, xmmc, kfsmc, xmdz, qy, ysxkzh, hzyh, lxdh, hzrq, sort)
     select p.xmbh, p.xmmc, u.dwmc, p.xmdz, p.qy, p.ysxkzh, p.jgyh, p.lxdh, coalesce(p.approved_on, $2::date), 100
       from developer_project p join unit_record u on u.dwzh = p.dwzh
      where p.xmbh = $1 and p.spzt = '02' and p.zt = '01'
     on conflict (xmbh) do update set xmmc = excluded.xmmc, kfsmc = excluded.kfsmc, xmdz = excluded.xmdz, qy = excluded.qy,
       ysxkzh = excluded.ysxkzh, hzyh = excluded.hzyh, lxdh = excluded.lxdh`,
    [xmbh, day],
  );
  await tx.query(`delete from partner_development d using developer_project p where d.xmbh = p.xmbh and p.xmbh = $1 and (p.spzt <> '02' or p.zt <> '01')`, [xmbh]);
}

/** The columns a project's facts are written to, and their values ($n from `from`). */
function factColumns(f: ProjectFacts): Array<readonly [string, unknown]> {
  const min = fen(f.jgzd);
  const max = fen(f.jgzg);
  return [
    ['xmmc', f.xmmc],
    ['qy', f.qy],
    ['xmdz', f.xmdz],
    ['ysxkzh', f.ysxkzh.join(PERMIT_SEPARATOR)],
    ['lds', f.lds],
    ['zts', f.zts],
    ['kpsj', f.kpsj],
    ['jg_min_fen', min.toString()],
    ['jg_max_fen', max.toString()],
    ['jgqj', priceText(min, max)],
    ['jdxdb', f.jdxdb === '1'],
    ['jgyh', f.jgyh],
    ['jgzh', f.jgzh],
    ['lxdh', f.lxdh],
  ];
}

/** The rows both businesses share: the price range, and permits no other project holds. */
function factRows<P extends ProjectFacts>(self: (ctx: RuleContext<P>) => Promise<string>): Array<BusinessRule<P>> {
  return [
    {
      name: 'price-positive',
      description: '参考价格的最低价大于 0',
      msg: '参考价格的最低价应大于 0',
      holds: ({ payload }) => fen(payload.jgzd) > 0n,
    },
    {
      name: 'price-range',
      description: '参考价格的最高价不低于最低价',
      msg: '参考价格的最高价不能低于最低价',
      holds: ({ payload }) => fen(payload.jgzg) >= fen(payload.jgzd),
    },
    {
      name: 'permits-free',
      description: '预售许可证号没有登记在其他楼盘上（待审核的登记也算）',
      msg: '预售许可证号已登记在其他楼盘上，请核对',
      async message(ctx) {
        const taken = await takenPermits(ctx.q, ctx.payload.ysxkzh, await self(ctx));
        return taken.length > 0 ? `预售许可证号${taken.join('、')}已登记在其他楼盘上，请核对` : '预售许可证号已登记在其他楼盘上，请核对';
      },
      holds: async (ctx) => (await takenPermits(ctx.q, ctx.payload.ysxkzh, await self(ctx))).length === 0,
    },
  ];
}

/** Of these permits, those another project holds (not `self`, a project number; withdrawn and refused registrations do not count). */
async function takenPermits(q: Queryable, permits: readonly string[], self: string): Promise<string[]> {
  const rows = await q.query<{ permit: string }>(
    `select distinct permit from developer_project p
       left join application a on a.ywbh = p.ywbh
       cross join lateral unnest(string_to_array(p.ysxkzh, $3)) as permit
      where permit = any($1::text[]) and p.xmbh <> $2 and (a.id is null or a.zt not in ('05', '06'))`,
    [permits, self, PERMIT_SEPARATOR],
  );
  return rows.map((r) => r.permit).sort();
}

/** The project a registration under way made (by its number), '' when none yet. */
async function registered(q: Queryable, ywbh: string | undefined): Promise<string> {
  if (!ywbh) return '';
  const [r] = await q.query<{ xmbh: string }>('select xmbh from developer_project where ywbh = $1', [ywbh]);
  return r?.xmbh ?? '';
}

export const KH0201_RULES: ReadonlyArray<BusinessRule<ProjectFacts>> = [
  ...factRows<ProjectFacts>((ctx) => registered(ctx.q, ctx.ywbh)),
  {
    name: 'name-free',
    description: '本开发商没有同名的楼盘（已撤回、不予受理的登记不算）',
    msg: '您已登记过同名的楼盘，变更信息请办理“楼盘信息变更”',
    async holds({ q, applicant, payload, ywbh }) {
      const rows = await q.query(
        `select 1 from developer_project p left join application a on a.ywbh = p.ywbh
          where p.dwzh = $1 and p.xmmc = $2 and p.xmbh <> $3 and (a.id is null or a.zt not in ('05', '06')) limit 1`,
        [developerOf(applicant), payload.xmmc, await registered(q, ywbh)],
      );
      return rows.length === 0;
    },
  },
];

export const KH0202_RULES: ReadonlyArray<BusinessRule<ProjectChange>> = [
  {
    name: 'own-project',
    description: '楼盘是本开发商的；否则 403，不透露任何信息',
    msg: FORBIDDEN,
    status: 403,
    holds: async ({ q, applicant, payload }) => (await getProject(q, payload.xmbh))?.dwzh === developerOf(applicant),
  },
  {
    name: 'project-approved',
    description: '楼盘已经中心审核通过（待审核、已退回的登记请在“我的业务”中修改）',
    msg: '该楼盘尚未审核通过，不能变更；登记的修改请在“我的业务”中办理',
    holds: async ({ q, payload }) => (await getProject(q, payload.xmbh))?.spzt === '02',
  },
  {
    name: 'one-change',
    description: '该楼盘没有其他正在办理的信息变更',
    msg: '该楼盘有正在办理的信息变更，请办结后再申请',
    async holds({ q, payload, ywbh }) {
      const rows = await q.query(
        `select 1 from application where ywlx = 'KH0202' and zt in ('01', '02', '04') and payload ->> 'xmbh' = $1 and ywbh <> $2 limit 1`,
        [payload.xmbh, ywbh ?? ''],
      );
      return rows.length === 0;
    },
  },
  {
    name: 'something-changed',
    description: '至少一项信息与现在的不同',
    msg: '楼盘信息没有变化，无需变更',
    async holds({ q, payload }) {
      const project = await getProject(q, payload.xmbh);
      if (!project) return true;
      const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
      return FACT_FIELDS.some((k) =>
        k === 'jgzd' || k === 'jgzg' ? !project.facts[k] || fen(project.facts[k]) !== fen(payload[k]) : !same(project.facts[k], payload[k]),
      );
    },
  },
  ...factRows<ProjectChange>(async (ctx) => ctx.payload.xmbh),
];

/** Materials of a registration: the permits, the escrow agreement; a change needs the permits only when they change. */
const PERMIT: BusinessMaterial<ProjectFacts> = {
  wjlxId: 'YSXKZ',
  wjmc: '商品房预售许可证',
  jdbh: 'KF-01',
  mlbh: '9701',
  zstj: '每个预售许可证的照片或扫描件',
  required: true,
  maxFiles: 20,
};
const ESCROW: BusinessMaterial<ProjectFacts> = {
  wjlxId: 'JGXY',
  wjmc: '预售资金监管协议',
  jdbh: 'KF-01',
  mlbh: '9702',
  zstj: '开发商与监管银行签订的预售资金监管协议',
  required: true,
  maxFiles: 10,
};

const FACT_REQUIRED = ['xmmc', 'qy', 'xmdz', 'ysxkzh', 'lds', 'zts', 'kpsj', 'jgzd', 'jgzg', 'jdxdb', 'jgyh', 'jgzh', 'lxdh'];

/** Checks a business's rules again in the completing transaction: the records may have changed since submission. */
async function checkAgain<P>(tx: Queryable, rules: ReadonlyArray<BusinessRule<P>>, application: { accountId: string; userId: string; zh: string; ywbh: string; payload: P }, at: Date) {
  const applicant = { accountId: application.accountId, userId: application.userId, zh: application.zh, loginType: 3, login: '' } as Applicant;
  for (const rule of rules) {
    const ctx = { q: tx, applicant, payload: application.payload, now: at, ywbh: application.ywbh };
    if (!(await rule.holds(ctx))) throw new ApiError(409, rule.status === 403 ? '该楼盘已不是申请开发商的，不能办结' : await ruleMessage(rule, ctx));
  }
}

const GUIDE_BASE = {
  blqd: '网上业务大厅（开发商业务）',
  fwdx: '在本市开发商品住房、与中心合作办理住房公积金贷款的房地产开发企业',
  slyj: '《住房公积金管理条例》；本中心住房公积金个人住房贷款管理办法',
  bz: '审核结果以短信通知开发商联系人。',
};

export const kh0201 = defineBusiness<ProjectFacts>({
  ywlx: 'KH0201',
  ywmc: '楼盘信息登记',
  area: 'developer',
  loginTypes: [3],
  timeLimitDays: 5,
  schema: { type: 'object', additionalProperties: false, required: FACT_REQUIRED, properties: FACT_PROPERTIES },
  rules: KH0201_RULES,
  materials: [PERMIT, ESCROW, COMMON_MATERIALS.QT as BusinessMaterial<ProjectFacts>],
  guide: {
    ...GUIDE_BASE,
    bjsj: '5 个工作日',
    xzdy: '开发商登记取得预售许可的楼盘，中心审核通过后列入合作楼盘，购房人可申请住房公积金贷款。',
    sltj: '楼盘已取得商品房预售许可证，预售资金已在银行开立监管账户。',
    sqcl: '商品房预售许可证；预售资金监管协议。',
    bllc: '网上填写楼盘信息并上传材料，提交后中心审核；通过后楼盘列入合作楼盘，退回的按退回原因修改后重新提交。',
    bljg: '审核通过的楼盘在“合作楼盘”中公布，并可在住房公积金贷款申请中选择。',
  },
  notice:
    '一、请如实填写楼盘信息，预售许可证号、楼栋应与预售许可证一致。\n二、提供阶段性担保的，开发商在借款人办妥抵押登记前为其住房公积金贷款承担保证责任，并按中心规定缴存保证金。\n三、审核通过后楼盘将在“合作楼盘”中公布。',
  async hold({ tx, applicant, ywbh, payload, now }) {
    // The project waits for the centre from submission (a resubmission after a return rewrites it).
    const cols = factColumns(payload);
    const [existing] = await tx.query<{ xmbh: string; spzt: string }>('select xmbh, spzt from developer_project where ywbh = $1 for update', [ywbh]);
    if (existing) {
      if (existing.spzt === '02') throw new ApiError(409, '该楼盘已审核通过，变更信息请办理“楼盘信息变更”');
      await tx.query(
        `update developer_project set ${cols.map(([c], i) => `${c} = $${i + 2}`).join(', ')}, spzt = '01' where ywbh = $1`,
        [ywbh, ...cols.map(([, v]) => v)],
      );
      return;
    }
    await tx.query(
      `insert into developer_project (dwzh, xmbh, ywbh, zt, spzt, ${cols.map(([c]) => c).join(', ')})
       values ($1, 'LP' || $3 || lpad(nextval('developer_project_seq')::text, 6, '0'), $2, '01', '01', ${cols.map((_, i) => `$${i + 4}`).join(', ')})`,
      [developerOf(applicant), ywbh, centreDate(now).slice(0, 4), ...cols.map(([, v]) => v)],
    );
  },
  async complete({ tx, at, application }) {
    await checkAgain(tx, KH0201_RULES, application, at);
    const [project] = await tx.query<{ xmbh: string }>(
      `update developer_project set spzt = '02', approved_on = $2 where ywbh = $1 and spzt = '01' returning xmbh`,
      [application.ywbh, centreDate(at)],
    );
    if (!project) throw new ApiError(409, '该登记的楼盘不在待审核状态，不能办结');
    await publishProject(tx, project.xmbh, centreDate(at));
  },
});

export const kh0202 = defineBusiness<ProjectChange>({
  ywlx: 'KH0202',
  ywmc: '楼盘信息变更',
  area: 'developer',
  loginTypes: [3],
  timeLimitDays: 5,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['xmbh', ...FACT_REQUIRED],
    properties: {
      xmbh: { type: 'string', pattern: '^LP[0-9]{10,14}$', description: '楼盘编号', 'x-msg': '楼盘编号格式不正确', 'x-required-msg': '请选择楼盘' },
      ...FACT_PROPERTIES,
    },
  },
  rules: KH0202_RULES,
  materials: [
    { ...(PERMIT as BusinessMaterial<ProjectChange>), required: false, zstj: '预售许可证号或楼栋有变化的，新的预售许可证' },
    { ...(ESCROW as BusinessMaterial<ProjectChange>), required: false, zstj: '监管银行或账号有变化的，新的预售资金监管协议' },
    COMMON_MATERIALS.QT as BusinessMaterial<ProjectChange>,
  ],
  guide: {
    ...GUIDE_BASE,
    bjsj: '5 个工作日',
    xzdy: '审核通过的楼盘，其名称、地址、预售许可证、楼栋、价格、阶段性担保或监管账户有变化的，开发商申请变更。',
    sltj: '楼盘已审核通过，且没有正在办理的变更。',
    sqcl: '预售许可证或监管账户有变化的，新的预售许可证或监管协议。',
    bllc: '网上修改楼盘信息并上传材料，提交后中心审核；办结后新的信息生效并在合作楼盘中公布。',
    bljg: '变更办结后，合作楼盘和贷款申请中的楼盘信息随之更新；办结前仍按原信息。',
  },
  async complete({ tx, at, application }) {
    await tx.query('select 1 from developer_project where xmbh = $1 for update', [application.payload.xmbh]);
    await checkAgain(tx, KH0202_RULES, application, at);
    const cols = factColumns(application.payload);
    await tx.query(`update developer_project set ${cols.map(([c], i) => `${c} = $${i + 2}`).join(', ')} where xmbh = $1`, [
      application.payload.xmbh,
      ...cols.map(([, v]) => v),
    ]);
    await publishProject(tx, application.payload.xmbh, centreDate(at));
  },
});
