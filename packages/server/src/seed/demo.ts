import { RATE_CODES, type RateCode } from '@gjj-hall/sdk/rates';
import type { Db, Queryable } from '../db/db';
import { demoPasswordHash } from './password';
import { seedMenus } from './menus';
import { seedPerson } from './person';
import { seedShell } from './shell';
import { seedSmsLogins } from './sms';
import { seedCa } from './ca';
import { seedUnits } from './unit';
import { seedPublic } from './public';
import { seedPreview } from './preview';
import { seedIdentity } from './identity';
import { seedRecords } from './records';
import { seedMessages } from './messages';
import { seedTransfer } from './transfer';
import { seedAccountInfo } from './account-info';
import { seedFlexible } from './flexible';
import { seedChanges } from './changes';
import { seedUnitBusiness } from './unit-business';
import { seedOffice } from './office';
import { seedLoanAndHome, seedWithdrawals } from './withdrawals';
import { seedLoans } from './loans';
import { seedWithdrawalMenus, seedWithdrawalWalks } from './withdrawal-walks';
import { seedUnitButtons, seedUnitPhoneButton } from './unit-buttons';
import { seedEmployeeContactPhones } from './unit-contact';
import { seedRetireeRemittances } from './retiree-remittances';
import { seedWithdrawalHistory } from './withdrawal-history';
import { seedDeveloperButtons, seedDeveloperDeposits, seedDeveloperProjects } from './developer';
import { seededCalendar, type DemoCalendar } from './calendar';

/** The demo sign-ins, also printed at start-up and listed in the README. One password for all. */
export const DEMO_PASSWORD = 'Gjj@2026';

export interface DemoLogin {
  loginType: 1 | 2 | 3;
  kind: string;
  account: string;
  phone: string;
  name: string;
}

export const DEMO_LOGINS: readonly DemoLogin[] = [
  { loginType: 1, kind: '个人', account: '110101199003072316', phone: '13800138000', name: '张三' },
  { loginType: 2, kind: '单位', account: '100200300001', phone: '13900139000', name: '示例科技有限公司' },
  { loginType: 3, kind: '开发商', account: '900100200001', phone: '13700137000', name: '示例置业发展有限公司' },
  { loginType: 1, kind: '灵活就业人员', account: '320106198506124022', phone: '13600136000', name: '李梅' },
  { loginType: 1, kind: '异地贷款人员', account: '440304199208155533', phone: '13500135000', name: '王磊' },
];

/**
 * Published rates, oldest first; the newest row whose date has come is the one in force.
 * Provident fund: the national rates from 2024-05-18 and 2025-05-08.
 * Commercial: the loan prime rate (1-year for terms up to 5 years, 5-year for longer) from 2024-10-21 and 2025-05-20;
 * the second-home codes carry the same LPR, since second-home floors were removed in 2024 and lenders price above it case by case.
 */
export const DEMO_RATES: ReadonlyArray<{ code: RateCode; rate: string; effectiveDate: string }> = [
  { code: '01', rate: '2.35', effectiveDate: '2024-05-18' },
  { code: '02', rate: '2.85', effectiveDate: '2024-05-18' },
  { code: '71', rate: '2.775', effectiveDate: '2024-05-18' },
  { code: '72', rate: '3.325', effectiveDate: '2024-05-18' },
  { code: '01', rate: '2.1', effectiveDate: '2025-05-08' },
  { code: '02', rate: '2.6', effectiveDate: '2025-05-08' },
  { code: '71', rate: '2.525', effectiveDate: '2025-05-08' },
  { code: '72', rate: '3.075', effectiveDate: '2025-05-08' },
  { code: '21', rate: '3.1', effectiveDate: '2024-10-21' },
  { code: '22', rate: '3.6', effectiveDate: '2024-10-21' },
  { code: '23', rate: '3.1', effectiveDate: '2024-10-21' },
  { code: '24', rate: '3.6', effectiveDate: '2024-10-21' },
  { code: '21', rate: '3.0', effectiveDate: '2025-05-20' },
  { code: '22', rate: '3.5', effectiveDate: '2025-05-20' },
  { code: '23', rate: '3.0', effectiveDate: '2025-05-20' },
  { code: '24', rate: '3.5', effectiveDate: '2025-05-20' },
];

/** What a seed step may need to know about the server it seeds. */
export interface SeedOptions {
  /** Production (with SEED_DEMO=1): nothing whose secret is published in this repository is trusted. */
  production?: boolean;
  /**
   * The moment of the seed: the demo calendar's seed day (seed/calendar.ts) is its date in the centre's time zone.
   * The real clock when not given; a database already seeded keeps the day it was first seeded on.
   */
  now?: Date;
}

/** What a seed step is given: the options, and the demo calendar every date it writes is taken from. */
interface SeedContext extends SeedOptions {
  calendar: DemoCalendar;
}

interface SeedStep {
  version: number;
  name: string;
  run(tx: Queryable, context: SeedContext): Promise<void>;
}

/** Seed steps in order. A new step gets the next version; a step, once released, is never edited. */
const STEPS: SeedStep[] = [
  {
    version: 1,
    name: 'rates and demo sign-ins',
    async run(tx) {
      for (const r of DEMO_RATES) {
        const info = RATE_CODES[r.code];
        await tx.query(
          `insert into loan_rate (category, code, description, rate, effective_date)
           values ($1, $2, $3, $4, $5) on conflict (code, effective_date) do nothing`,
          [info.kind, r.code, info.label, r.rate, r.effectiveDate],
        );
      }
      const passwordHash = await demoPasswordHash(DEMO_PASSWORD);
      for (const u of DEMO_LOGINS) {
        await tx.query(
          `insert into app_user (login_type, account, phone, display_name, password_hash)
           values ($1, $2, $3, $4, $5) on conflict (account) do nothing`,
          [u.loginType, u.account, u.phone, u.name, passwordHash],
        );
      }
    },
  },
  {
    version: 2,
    // The data lives in menus.ts and shell.ts; once released, a change there needs a new step to reach a database.
    name: 'sign-in and the hall shell: accounts, menus, dictionary, configuration, notices',
    async run(tx, { calendar }) {
      await seedMenus(tx);
      await seedShell(tx, calendar);
    },
  },
  {
    version: 3,
    name: 'SMS sign-in, password recovery and change: four individuals, one with an initial password (seed/sms.ts)',
    async run(tx) {
      await seedSmsLogins(tx, DEMO_PASSWORD);
    },
  },
  {
    version: 4,
    name: 'CA certificate login and single sign-on: demo certificates, the simulated platform\'s citizens',
    // Not in production: the demo key files (private keys published in demo-ca/) would sign anyone in.
    run: (tx, options) => (options.production ? Promise.resolve() : seedCa(tx, options.calendar)),
  },
  {
    version: 5,
    name: 'registration of individuals: depositor records without a login (seed/person.ts)',
    run: seedPerson,
  },
  {
    version: 6,
    // The data lives in unit.ts (issue 6, unit registrations and unit passwords).
    name: 'unit records, and a unit and a developer login for the password tests',
    async run(tx) {
      await seedUnits(tx, DEMO_PASSWORD);
    },
  },
  {
    version: 7,
    // The data lives in public.ts (issue 7, public services).
    name: 'public services: introduction, policies, partner developments, downloads, videos, smart push, complaints, evaluations',
    run: (tx, { calendar }) => seedPublic(tx, calendar),
  },
  {
    version: 8,
    // The data lives in preview.ts (issue 7, document preview).
    name: 'document preview samples: a PNG flow chart and an OFD certificate as common downloads',
    run: seedPreview,
  },
  {
    version: 9,
    // The data lives in identity.ts (issue 18, verified identity).
    name: 'verified registration: platform citizens without a login (冯雪, 褚伟), an unverified login (蒋青)',
    async run(tx) {
      await seedIdentity(tx, DEMO_PASSWORD);
    },
  },
  {
    version: 10,
    // The data lives in records.ts (issue 20, the centre's records: accounts, ten years of journal, interest).
    name: 'the centre\'s records: personal accounts with their history, unit accounts, developers\' projects',
    run: (tx, { calendar }) => seedRecords(tx, calendar),
  },
  {
    version: 11,
    // The data lives in messages.ts (issue 23, the messages page /sysMsg/msgHome).
    name: 'the messages page for every role, and the demo individual\'s messages',
    run: (tx, { calendar }) => seedMessages(tx, calendar),
  },
  {
    version: 12,
    // Issue 23 (docs/glossary.md): the hall has one name, 网上业务大厅; each area is named for its business. Only
    // titles still as seeded are renamed, so a centre's own wording stays.
    name: 'glossary: the areas 个人业务, 单位业务, 开发商业务 and the logo setting 网上业务大厅标志',
    async run(tx) {
      for (const [from, to] of GLOSSARY_RENAMES) await tx.query('update menu set title = $2 where title = $1', [from, to]);
      await tx.query(`update sys_config set title = '网上业务大厅标志' where key = 'XT_LOGO' and title = '网厅标志'`); // glossary-allow: the old title, renamed
    },
  },
  {
    version: 13,
    // The data lives in account-info.ts (issue 24, 个人账户信息).
    name: 'the demo individuals\' details on file (address, marital status …) for 个人账户信息',
    run: seedAccountInfo,
  },
  {
    version: 14,
    // The data lives in changes.ts (issue 24, GJ0302 and GJ0313's end-to-end individual).
    name: 'personal changes: an individual with incomplete information whose details and phone the tests change (冯信息)',
    async run(tx) {
      await seedChanges(tx, DEMO_PASSWORD);
    },
  },
  {
    version: 15,
    // The data lives in flexible.ts (issue 24, flexible employment).
    name: 'flexible employment: the missing flexible pages, 郑浩\'s login, the demo deduction accounts',
    run: (tx) => seedFlexible(tx, DEMO_PASSWORD),
  },
  {
    version: 16,
    // The data lives in transfer.ts (issue 24, 同城转移 GJ0314): its menu entry and 程立新, sealed at one demo unit.
    name: 'personal transfer between units: the 同城转移 menu entry and 程立新, whose account the old unit sealed',
    run: (tx, { calendar }) => seedTransfer(tx, DEMO_PASSWORD, calendar),
  },
  {
    version: 17,
    // The data lives in office.ts (issue 24): the individual whose name change 我的业务's end-to-end test completes.
    name: 'an individual whose name change the 我的业务 test sees completed by the centre (周晓明)',
    run: (tx) => seedOffice(tx, DEMO_PASSWORD),
  },
  {
    version: 18,
    // Issue 30: the reminder named 个人信息变更 where the menu says 手机号码变更 (messages.ts now has the menu's name).
    name: 'the phone reminder names the menu entry 手机号码变更',
    async run(tx) {
      await tx.query(
        `update user_message set body = replace(body, '“个人信息变更”', '“手机号码变更”')
          where title = '业务提醒：请核对预留手机号码' and body like '%“个人信息变更”%'`,
      );
    },
  },
  {
    version: 21,
    // The data lives in withdrawals.ts (issue 33): the depositor whose account 离休退休提取 closes.
    name: 'withdrawals: 严退休, past the retirement age, whose account the retirement withdrawal closes',
    run: (tx, { calendar }) => seedWithdrawals(tx, DEMO_PASSWORD, calendar),
  },
  {
    version: 22,
    // The data lives in withdrawals.ts (issue 33, TQ0106).
    name: 'withdrawals: a loan of the centre to 钱找回 and his home on the property register',
    run: seedLoanAndHome,
  },
  {
    version: 26,
    // The data lives in unit-business.ts (issue 34): the demo unit's paid remittances, its 缴至年月.
    name: 'unit business: the demo unit\'s paid remittances as payment rows, the lines since July, the unit\'s 缴至年月',
    run: (tx, { calendar }) => seedUnitBusiness(tx, calendar),
  },
  {
    version: 30,
    // The data lives in loans.ts (issue 38, housing loans; steps 30–33 are this issue's).
    name: 'housing loans: 刘安居 with a running loan (five periods paid, the sixth overdue), 示例置业\'s pending project',
    run: (tx, { calendar }) => seedLoans(tx, DEMO_PASSWORD, calendar),
  },
  {
    version: 31,
    // Issue 38 (docs/decisions.md › 贷款菜单): the /grwt/dkSys/ menu named as its businesses (spec 2.4's codes). Only
    // titles still as seeded are renamed, so a centre's own wording stays.
    name: 'loan menu: 住房公积金贷款申请, 公积金提前还贷 (GD0605), 签约冲还贷 (GD0601), 异地贷款冲还贷签约 (YT1101)',
    async run(tx) {
      for (const [path, from, to] of LOAN_MENU_RENAMES) await tx.query('update menu set title = $3 where path = $1 and title = $2', [path, from, to]);
    },
  },
  {
    version: 48,
    // The data lives in withdrawal-walks.ts (issue 33, the hall's withdrawal walks; steps 48–49 are this issue's).
    name: 'withdrawal walks: 韩购房 (married, his spouse on file) buys a home, 冯退休 retires',
    run: (tx, { calendar }) => seedWithdrawalWalks(tx, DEMO_PASSWORD, calendar),
  },
  {
    version: 49,
    // Issue 33: the hall's 提取进度 and 提取历史 (tq/jd, tq/ls) under a tab 提取查询 of 提取业务.
    name: 'withdrawal menus: 提取查询 (提取进度, 提取历史) under 提取业务',
    run: seedWithdrawalMenus,
  },
  {
    version: 50,
    // The data lives in withdrawal-history.ts (issue 33; steps 50–54 are this second round).
    name: 'withdrawals: the seeded history\'s withdrawals as completed applications of their kind (reason code, receipt), so 提取历史 matches the journal',
    run: async (tx) => void (await seedWithdrawalHistory(tx)),
  },
  {
    version: 60,
    // The data lives in unit-buttons.ts (issue 34, button permissions): the unit pages' 提交 buttons, 职工信息查询.
    name: 'unit business: the unit pages\' buttons the server checks (提交), the 职工信息查询 menu entry',
    run: seedUnitButtons,
  },
  {
    version: 61,
    // The data lives in retiree-remittances.ts (issue 34): step 21's 汇缴 of 严退休 become lines of the unit's payments.
    name: 'unit business: 严退休\'s 汇缴 of the months the unit paid become lines of its payments (step 21 keyed them as his own)',
    run: seedRetireeRemittances,
  },
  {
    version: 62,
    // The data lives in unit-buttons.ts (issue 34): GJ0311's page gets the 提交 button its submission is checked against.
    name: 'unit business: 批量修改手机号码 gets its 提交 button (GJ0311)',
    run: seedUnitPhoneButton,
  },
  {
    version: 63,
    // The data lives in unit-contact.ts (issue 34, GJ0311): the contact phone on the demo accounts (migration 186).
    name: 'unit business: the demo accounts\' contact phones (personal_account.sjhm) from the records of the persons',
    run: seedEmployeeContactPhones,
  },
  {
    version: 65,
    // The data lives in developer.ts (issue 38, developers; steps 65–67 are this part's).
    name: 'developers: the demo projects\' registration facts (price range in fen, 阶段性担保, escrow account), the approved ones on sale on the partner list',
    run: seedDeveloperProjects,
  },
  {
    version: 66,
    // Issue 38: 购房贷款进度查询 and 保证金查询 of the developer, built, with their 导出 button.
    name: 'developers: the 导出 button of 购房贷款进度查询 and 保证金查询',
    run: seedDeveloperButtons,
  },
  {
    version: 67,
    // Issue 38: 保证金 (docs/api-developer.md): the demo's guaranteed loan holds its share of the developer's deposit.
    name: 'developers: 刘安居\'s guaranteed loan holds 5 % of its amount in 示例置业\'s deposit (25,000.00)',
    run: seedDeveloperDeposits,
  },
];

/** The loan menu's seeded titles and the business names they take (step 31). */
const LOAN_MENU_RENAMES: ReadonlyArray<readonly [path: string, from: string, to: string]> = [
  ['/grwt/dkSys/dkyw/dksq', '公积金贷款申请', '住房公积金贷款申请'],
  ['/grwt/dkSys/dkyw/gjj_tqhd', '公积金提取还贷', '公积金提前还贷'],
  ['/grwt/dkSys/dkyw/qychd', '提前还款', '签约冲还贷'],
  ['/grwt/dkSys/dkyw/ydychdqy', '约定提取还贷签约', '异地贷款冲还贷签约'],
];

/** Area titles the seed once gave, and their glossary names (step 12). */
const GLOSSARY_RENAMES = [
  ['个人网厅', '个人业务'], // glossary-allow: the old name, renamed
  ['单位网厅', '单位业务'], // glossary-allow: the old name, renamed
  ['开发商网厅', '开发商业务'], // glossary-allow: the old name, renamed
] as const;

/** Applies the seed steps this database has not had yet. Returns the versions applied. */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<number[]> {
  const rows = await db.query<{ value: string }>(`select value from app_meta where key = 'demo_seed_version'`);
  const current = Number(rows[0]?.value ?? 0);
  const applied: number[] = [];
  // The demo calendar: the day this database was first seeded (kept with the first step), so every step's dates agree.
  const calendar = await seededCalendar(db, options.now);
  const context: SeedContext = { ...options, calendar };
  for (const step of STEPS.filter((s) => s.version > current)) {
    await db.transaction(async (tx) => {
      await step.run(tx, context);
      await tx.query(
        `insert into app_meta (key, value) values ('demo_seed_day', $1) on conflict (key) do nothing`,
        [calendar.today],
      );
      await tx.query(
        `insert into app_meta (key, value) values ('demo_seed_version', $1)
         on conflict (key) do update set value = excluded.value, updated_at = now()`,
        [String(step.version)],
      );
    });
    applied.push(step.version);
  }
  return applied;
}
