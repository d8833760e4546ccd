import type { Queryable } from '../db/db';
import { ACCOUNT_STATUS_NAMES, UNIT_ACCOUNT_STATUS_NAMES, WITHDRAWAL_REASONS } from '../records/kinds';
import { ROLES } from './menus';
import type { DemoCalendar } from './calendar';

/** The centre the demo data describes. */
export const DEMO_CENTRE = '示范市住房公积金管理中心';

/** A code table as dictionary rows in code order ('99' is an integer key, which JavaScript would list first). */
function dictionaryOf(names: Readonly<Record<string, string>>): ReadonlyArray<readonly [string, string, 1]> {
  return Object.entries(names)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, name]) => [code, name, 1] as const);
}

/** Dictionary entries by type (spec 3.10, 3.11): [value, title, enable]. */
export const DEMO_DICTIONARY: Readonly<Record<string, ReadonlyArray<readonly [string, string, 0 | 1]>>> = {
  // Branch outlets (spec 3.11: codes 1 to 4 are four districts); the fourth is closed.
  WDXX: [
    ['1', '中心城区管理部', 1],
    ['2', '东城区管理部', 1],
    ['3', '西城区管理部', 1],
    ['4', '高新区管理部（暂停服务）', 0],
  ],
  ZJLX: [
    ['01', '居民身份证', 1],
    ['02', '军官证', 1],
    ['03', '护照', 1],
    ['04', '外国人永久居留身份证', 1],
    ['70', '港澳台居民居住证', 1],
    ['99', '其他', 1],
  ],
  DKHKFS: [
    ['01', '等额本息', 1],
    ['02', '等额本金', 1],
  ],
  DKZT: [
    ['1', '正常', 1],
    ['2', '逾期', 1],
    ['3', '结清', 1],
  ],
  DBFS: [
    ['01', '抵押', 1],
    ['02', '质押', 1],
    ['03', '连带责任保证', 1],
    ['71', '公积金担保加房产抵押', 1],
    ['72', '抵押加阶段性连带责任保证', 1],
    ['74', '工会担保', 0],
    ['75', '企业担保', 1],
    ['76', '三人联保', 0],
    ['99', '其他', 1],
  ],
  // The records' own dictionaries (src/records/kinds.ts), after the national 住房公积金基础数据标准.
  GRZHZT: dictionaryOf(ACCOUNT_STATUS_NAMES),
  DWZHZT: dictionaryOf(UNIT_ACCOUNT_STATUS_NAMES),
  TQYY: dictionaryOf(WITHDRAWAL_REASONS),
};

/** Input length limits (spec 3.5), as the sdk's config store reads them: a list of `{ key, value }`. */
export const DEMO_INPUT_LENGTHS = [
  { key: 'default', value: 60, title: '默认' },
  { key: 'name', value: 15, title: '名称类' },
  { key: 'address', value: 30, title: '地址类' },
  { key: 'remark', value: 200, title: '备注类' },
  { key: 'template', value: 1000, title: '模板类' },
] as const;

/** 8-16 characters, no spaces or Chinese, at least two of letters, digits and symbols (spec 5.2 placeholder). */
export const DEMO_PASSWORD_PATTERN = '^(?![A-Za-z]+$)(?![0-9]+$)(?![^A-Za-z0-9]+$)[^\\s\\u4e00-\\u9fa5]{8,16}$';

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="64" viewBox="0 0 360 64">' +
  '<circle cx="32" cy="32" r="28" fill="#c8102e"/><circle cx="32" cy="32" r="20" fill="none" stroke="#fff" stroke-width="3"/>' +
  '<text x="32" y="40" text-anchor="middle" font-size="22" font-family="sans-serif" fill="#fff">公</text>' +
  `<text x="72" y="30" font-size="22" font-family="sans-serif" fill="#1f2937">${DEMO_CENTRE}</text>` +
  '<text x="72" y="52" font-size="13" font-family="sans-serif" fill="#6b7280">网上业务大厅</text></svg>';

/** The logo as a data URL (the hall's CSP allows data: images). */
export const DEMO_LOGO = `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`;

export interface ConfigSeed {
  key: string;
  title: string;
  value: string;
  jsonValue?: unknown;
  enable?: 0 | 1;
}

/** Every system configuration key the spec names (spec 3.5, 4.3, 4.10, 4.13), and one disabled item. */
export const DEMO_CONFIG: readonly ConfigSeed[] = [
  { key: 'XT_SRCDPZ', title: '输入框长度配置', value: '', jsonValue: DEMO_INPUT_LENGTHS },
  { key: 'XT_ZXQC', title: '中心全称', value: DEMO_CENTRE },
  { key: 'XT_LOGO', title: '网上业务大厅标志', value: DEMO_LOGO },
  { key: 'default_time', title: '默认查询时段', value: '3m' },
  { key: 'XT_DXYZMCD', title: '短信验证码长度', value: '6' },
  { key: 'XT_MMZZ', title: '登录密码规则', value: DEMO_PASSWORD_PATTERN },
  { key: 'spTip', title: '审批通过前再次确认', value: '1' },
  { key: 'XT_TZSC', title: '须知阅读等待时长（秒）', value: '5' },
  { key: 'ggwab', title: '公安网安备案号', value: '示公网安备 37990202000123号' },
  { key: 'babh', title: 'ICP 备案编号', value: '示ICP备12003456号-1' },
  { key: 'zxmc', title: '主办单位', value: DEMO_CENTRE },
  { key: 'wzym', title: '网站域名', value: 'https://gjj.shifan.gov.cn' },
  { key: 'jszc', title: '技术支持', value: '示范市大数据发展中心' },
  { key: 'wzbsm', title: '网站标识码', value: '3799000012' },
  { key: 'sydw', title: '版权所有', value: `${DEMO_CENTRE} 版权所有` },
  { key: 'XT_YXTS', title: '允许浏览器调试', value: '1', enable: 0 },
];

/** The configuration version (spec 3.5): `commonValue` and `value`; /dev/state bumps `value`. */
export const DEMO_CONFIG_VERSION = { commonValue: '2026.11', value: '1' } as const;

/**
 * Notices (spec 3.5): one published, one draft. `tgnr` is HTML the hall sanitizes. Dated by the demo calendar: the
 * base adjustment of the year of the last 1 July, the draft 11 days before the seed day.
 */
export function demoNotices(cal: DemoCalendar): Array<{ tgmc: string; tgnr: string; startsj: string; fbzt: 0 | 1 }> {
  const year = cal.settledYear;
  return [
    {
      tgmc: `关于调整${year}年度住房公积金缴存基数的通知`,
      tgnr:
        `<p>各缴存单位、缴存职工：</p><p>根据有关规定，${year}年度住房公积金缴存基数调整工作自<strong>${year}年7月1日</strong>起开展，` +
        '单位可通过网上业务大厅“缴存业务—缴存基数调整”办理。</p><p>咨询电话：12329。</p>',
      startsj: `${year}-07-01T09:00:00+08:00`,
      fbzt: 1,
    },
    {
      tgmc: '系统升级维护公告（草稿）',
      tgnr: '<p>系统将于近期升级维护，具体时间另行通知。</p>',
      startsj: cal.at(11, '18:00'),
      fbzt: 0,
    },
  ];
}

/** The public quick menu of spec 2.3. */
export const PUBLIC_QUICK_MENU = [
  { title: '中心简介', path: '/introToCenter', needLogin: false },
  { title: '政策信息', path: '/policyInfo', needLogin: false },
  { title: '贷款利率', path: '/loanRate', needLogin: false },
  { title: '合作楼盘', path: '/cooperation', needLogin: true },
  { title: '常用下载', path: '/commonDownload', needLogin: true },
  { title: '投诉建议', path: '/complaintJY', needLogin: true },
] as const;

interface PersonSeed {
  xingming: string;
  zjhm: string;
  grzh: string;
  grzhzt: string;
  grzhye: string;
  dwmc: string;
  sjhm: string;
}
interface UnitSeed {
  dwmc: string;
  dwzh: string;
  dwzhzt: string;
  jbrxm: string;
  jbrsjhm: string;
}

/** One account of a demo login (spec 3.3), with what the shell reads about it. */
export interface AccountSeed {
  login: string;
  accountType: string;
  nikName: string;
  companyName: string;
  roles: string[];
  groupBh: string;
  primary: boolean;
  person?: PersonSeed;
  unit?: UnitSeed;
  /** Information completeness (spec 4.3) and the information it is about. */
  check: { status: 0 | 1 | 2 | 3; type: 'gr' | 'dw' | 'kfs' };
}

/** The accounts of the five demo logins: 张三 holds two. */
export const DEMO_ACCOUNTS: readonly AccountSeed[] = [
  {
    login: '110101199003072316',
    accountType: '个人缴存账户',
    nikName: '张三',
    companyName: '',
    roles: [ROLES.personal],
    groupBh: '0',
    primary: true,
    person: {
      xingming: '张三',
      zjhm: '110101199003072316',
      grzh: '201000000101',
      grzhzt: '01',
      grzhye: '86542.35',
      dwmc: '示例科技有限公司',
      sjhm: '13800138000',
    },
    check: { status: 0, type: 'gr' },
  },
  {
    login: '110101199003072316',
    accountType: '灵活就业缴存账户',
    nikName: '张三',
    companyName: '',
    roles: [ROLES.flexible],
    groupBh: '0',
    primary: false,
    person: {
      xingming: '张三',
      zjhm: '110101199003072316',
      grzh: '201000000188',
      grzhzt: '01',
      grzhye: '12800.00',
      dwmc: '',
      sjhm: '13800138000',
    },
    check: { status: 0, type: 'gr' },
  },
  {
    login: '100200300001',
    accountType: '单位缴存账户',
    nikName: '陈晓',
    companyName: '示例科技有限公司',
    roles: [ROLES.unit],
    groupBh: '2',
    primary: true,
    unit: { dwmc: '示例科技有限公司', dwzh: '100200300001', dwzhzt: '01', jbrxm: '陈晓', jbrsjhm: '13900139000' },
    check: { status: 0, type: 'dw' },
  },
  {
    login: '900100200001',
    accountType: '开发商账户',
    nikName: '刘洋',
    companyName: '示例置业发展有限公司',
    roles: [ROLES.developer],
    groupBh: '0',
    primary: true,
    unit: { dwmc: '示例置业发展有限公司', dwzh: '900100200001', dwzhzt: '01', jbrxm: '刘洋', jbrsjhm: '13700137000' },
    check: { status: 0, type: 'kfs' },
  },
  {
    login: '320106198506124022',
    accountType: '灵活就业缴存账户',
    nikName: '李梅',
    companyName: '',
    roles: [ROLES.flexible],
    groupBh: '1',
    primary: true,
    person: {
      xingming: '李梅',
      zjhm: '320106198506124022',
      grzh: '201000000233',
      grzhzt: '01',
      grzhye: '5230.00',
      dwmc: '',
      sjhm: '13600136000',
    },
    check: { status: 1, type: 'gr' },
  },
  {
    login: '440304199208155533',
    accountType: '异地贷款职工',
    nikName: '王磊',
    companyName: '',
    roles: [ROLES.remoteLoan],
    groupBh: '0',
    primary: true,
    // Deposits in another city: no local account, a loan here.
    person: {
      xingming: '王磊',
      zjhm: '440304199208155533',
      grzh: '',
      grzhzt: '',
      grzhye: '0.00',
      dwmc: '深圳市示例电子有限公司',
      sjhm: '13500135000',
    },
    check: { status: 0, type: 'gr' },
  },
];

/** Inserts the dictionary, configuration, notices, switch, quick menu and the accounts of the demo logins. */
export async function seedShell(tx: Queryable, cal: DemoCalendar): Promise<void> {
  for (const [type, entries] of Object.entries(DEMO_DICTIONARY)) {
    let sort = 0;
    for (const [value, title, enable] of entries) {
      await tx.query('insert into dict_entry (type, value, title, enable, sort) values ($1, $2, $3, $4, $5)', [
        type,
        value,
        title,
        enable,
        ++sort,
      ]);
    }
  }

  let sort = 0;
  for (const c of DEMO_CONFIG) {
    await tx.query(
      `insert into sys_config (key, enable, value, source_value, json_value, title, sort)
       values ($1, $2, $3, $3, $4::jsonb, $5, $6)`,
      [c.key, c.enable ?? 1, c.value, c.jsonValue === undefined ? null : JSON.stringify(c.jsonValue), c.title, ++sort],
    );
  }
  const meta = [
    ['config_common_version', DEMO_CONFIG_VERSION.commonValue],
    ['config_version', DEMO_CONFIG_VERSION.value],
    ['qdzt', '1'],
  ];
  for (const [key, value] of meta) {
    await tx.query(
      `insert into app_meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [key, value],
    );
  }

  for (const n of demoNotices(cal)) {
    await tx.query('insert into notice (tgmc, tgnr, startsj, fbzt) values ($1, $2, $3, $4)', [n.tgmc, n.tgnr, n.startsj, n.fbzt]);
  }
  sort = 0;
  for (const m of PUBLIC_QUICK_MENU) {
    await tx.query('insert into pub_menu (sort, title, path, need_login) values ($1, $2, $3, $4)', [++sort, m.title, m.path, m.needLogin]);
  }

  sort = 0;
  for (const a of DEMO_ACCOUNTS) {
    const [row] = await tx.query<{ id: string }>(
      `insert into user_account (user_id, account, account_type, nik_name, company_name, roles, group_bh, is_primary, sort)
       select id, account, $2, $3, $4, $5, $6, $7, $8 from app_user where account = $1
       returning id::text as id`,
      [a.login, a.accountType, a.nikName, a.companyName, a.roles, a.groupBh, a.primary, ++sort],
    );
    // The login was removed from the database by hand: nothing to attach the account to.
    if (!row) continue;
    if (a.person) {
      const p = a.person;
      await tx.query(
        `insert into person_info (account_id, xingming, zjhm, grzh, grzhzt, grzhye, dwmc, sjhm) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [row.id, p.xingming, p.zjhm, p.grzh, p.grzhzt, p.grzhye, p.dwmc, p.sjhm],
      );
    }
    if (a.unit) {
      const u = a.unit;
      await tx.query(`insert into unit_info (account_id, dwmc, dwzh, dwzhzt, jbrxm, jbrsjhm) values ($1, $2, $3, $4, $5, $6)`, [
        row.id,
        u.dwmc,
        u.dwzh,
        u.dwzhzt,
        u.jbrxm,
        u.jbrsjhm,
      ]);
    }
    await tx.query('insert into info_check (account_id, status, type) values ($1, $2, $3)', [row.id, a.check.status, a.check.type]);
  }
}
