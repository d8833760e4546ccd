import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskIdCard, maskPhone } from '@gjj-hall/sdk/format';
import type { Db, Queryable } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { centreYear } from '../clock';
import { ZHFW_PREFIX } from '../routes/shell';
import { GRZHZT_SCHEMA } from '../records/schemas';
import { depositPartFen, PARAMETERS_JSON_SQL, parametersFromJson, type CentreParameters } from '../params/centre';
import { MARITAL_STATUS } from '../business/personal/gj0302';
import type { Status } from '../applications/status';
import {
  accountFigures,
  accountFromJson,
  accountJsonSql,
  ACCOUNT_STATUS_NAMES,
  fenToYuan,
  getAccount,
  listAccountsOf,
  MOVEMENT_KINDS,
  type AccountFigures,
  type PersonalAccount,
} from '../records';
import { okAnswer } from '../http/answers';

/**
 * 个人账户信息 and the individual's home figures (issue 24, docs/api-personal.md › 个人账户信息与首页数字): every personal
 * account of the signed-in person, one of them by number (another person's answers 403), and the current account's
 * figures for the home page. Read from the centre's records (src/records) in a fixed number of statements.
 */

const tags = ['个人账户信息'] as const;

/** Kinds of personal account in words. */
export const ACCOUNT_KIND_NAMES = { gr: '单位缴存', lhjy: '灵活就业' } as const;

/**
 * How the monthly deposit (月缴存额) splits into the unit's and the person's part: the unit part is the base × the unit
 * ratio, rounded half up to the centre's rounding unit (parameter roundingFen, the one rule of src/params/centre.ts
 * that every monthly deposit is computed with); the person's part is the rest of the account's monthly deposit, so
 * the two always add up to what is deposited.
 */
export const DEPOSIT_PART_RULE = { unit: 'jcjs × dwjcbl ÷ 100, rounded half up to roundingFen', person: 'yjce − unit part' } as const;

/**
 * The unit part of a monthly deposit in fen (DEPOSIT_PART_RULE).
 * @example unitPartFen(900000n, '12.00', 100) // 108000n
 */
export function unitPartFen(baseFen: bigint, ratio: string, roundingFen: number): bigint {
  return depositPartFen(baseFen, ratio, roundingFen);
}

/** The holder's details as the page shows them; ID number and mobile masked (spec 5.6). */
interface Holder {
  xingming: string;
  zjhm: string;
  sjhm: string;
  txdz: string;
  yzbm: string;
  hyzk: string;
  hyzkmc: string;
  gzdh: string;
  dzyx: string;
  zy: string;
  xl: string;
}

const HOLDER_FIELDS = ['xingming', 'zjhm', 'sjhm', 'txdz', 'yzbm', 'hyzk', 'hyzkmc', 'gzdh', 'dzyx', 'zy', 'xl'];
// Every field is always answered (`required`): the contract types the hall reads (@gjj-hall/sdk/api) are exact.
const HOLDER_SCHEMA = {
  type: 'object',
  required: HOLDER_FIELDS,
  properties: Object.fromEntries(['xingming', 'zjhm', 'sjhm', 'txdz', 'yzbm', 'hyzk', 'hyzkmc', 'gzdh', 'dzyx', 'zy', 'xl'].map((k) => [k, { type: 'string' }])),
} as const;

const ACCOUNT_SCHEMA = {
  type: 'object',
  required: [
    'grzh', 'current', 'xingming', 'kind', 'kindName', 'grzhzt', 'grzhztmc', 'dwzh', 'dwmc', 'khrq', 'xhrq', 'jcjs', 'dwjcbl', 'grjcbl', 'dwyjce',
    'gryjce', 'yjce', 'grzhye', 'hjny', 'year', 'bnlx',
  ],
  properties: {
    grzh: { type: 'string' },
    current: { type: 'boolean' },
    xingming: { type: 'string' },
    kind: { type: 'string', enum: ['gr', 'lhjy'], description: '账户类别：gr 单位职工，lhjy 灵活就业' },
    kindName: { type: 'string' },
    grzhzt: GRZHZT_SCHEMA,
    grzhztmc: { type: 'string' },
    dwzh: { type: 'string' },
    dwmc: { type: 'string' },
    khrq: { type: 'string' },
    xhrq: { type: ['string', 'null'] },
    jcjs: { type: 'string' },
    dwjcbl: { type: 'string' },
    grjcbl: { type: 'string' },
    dwyjce: { type: 'string' },
    gryjce: { type: 'string' },
    yjce: { type: 'string' },
    grzhye: { type: 'string' },
    hjny: { type: ['string', 'null'] },
    year: { type: 'integer' },
    bnlx: { type: 'string' },
  },
} as const;

const envelope = (data: Record<string, unknown>) => okAnswer(data);

/**
 * The person behind the session's current account, with their details (the newest GJ0302 change of any of the login's
 * accounts) and the centre's parameters (the rounding of the deposit parts); with `grzh`, also that personal account
 * (whosever it is: the caller checks), read in the same statement.
 */
async function holderOf(
  q: Queryable,
  request: FastifyRequest,
  grzh?: string,
): Promise<{ holder: Holder; zjhm: string; grzh: string; params: CentreParameters; account?: PersonalAccount | undefined }> {
  const session = request.session!;
  if (session.loginType !== 1) throw new ApiError(403);
  const [row] = await q.query<Record<string, string | null>>(
    `select p.xingming, p.zjhm, p.sjhm, p.grzh, d.txdz, d.yzbm, d.hyzk, d.gzdh, d.dzyx, d.zy, d.xl, ${PARAMETERS_JSON_SQL} as params${grzh === undefined ? '' : `, ${accountJsonSql(3)} as account`}
       from person_info p
       left join lateral (
         select d.* from person_detail d join user_account ua on ua.id = d.account_id
          where ua.user_id = $2 order by d.updated_at desc limit 1) d on true
      where p.account_id = $1`,
    grzh === undefined ? [session.accountId, session.userId] : [session.accountId, session.userId, grzh],
  );
  if (!row) throw new ApiError(403);
  const s = (k: string) => row[k] ?? '';
  const hyzk = s('hyzk');
  return {
    zjhm: s('zjhm'),
    grzh: s('grzh'),
    params: parametersFromJson(row.params),
    account: accountFromJson(row.account),
    holder: {
      xingming: s('xingming'),
      zjhm: maskIdCard(s('zjhm')),
      sjhm: maskPhone(s('sjhm')),
      txdz: s('txdz'),
      yzbm: s('yzbm'),
      hyzk,
      hyzkmc: (MARITAL_STATUS as Record<string, string>)[hyzk] ?? '',
      gzdh: s('gzdh'),
      dzyx: s('dzyx'),
      zy: s('zy'),
      xl: s('xl'),
    },
  };
}

/** One account as the page shows it: money in yuan text, codes with their words. */
function accountView(a: PersonalAccount, f: AccountFigures | undefined, year: number, current: string, roundingFen: number) {
  const unitFen = unitPartFen(a.jcjsFen, a.dwjcbl, roundingFen);
  const personFen = a.yjceFen > unitFen ? a.yjceFen - unitFen : 0n;
  return {
    grzh: a.grzh,
    current: a.grzh === current,
    xingming: a.xingming,
    kind: a.kind,
    kindName: ACCOUNT_KIND_NAMES[a.kind],
    grzhzt: a.grzhzt,
    grzhztmc: ACCOUNT_STATUS_NAMES[a.grzhzt] ?? a.grzhzt,
    dwzh: a.dwzh ?? '',
    dwmc: a.dwmc,
    khrq: a.khrq,
    xhrq: a.xhrq,
    jcjs: fenToYuan(a.jcjsFen),
    dwjcbl: a.dwjcbl,
    grjcbl: a.grjcbl,
    dwyjce: fenToYuan(a.yjceFen - personFen),
    gryjce: fenToYuan(personFen),
    yjce: fenToYuan(a.yjceFen),
    grzhye: fenToYuan(a.balanceFen),
    hjny: f?.lastPeriod ?? null,
    year,
    bnlx: fenToYuan(f?.yearInterestFen ?? 0n),
  };
}

/** The hall's calls of 个人账户信息 and the home figures, each for a signed-in, verified individual. */
export function accountInfoRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  const pre = { preHandler: app.requireVerified };

  app.get(
    `${ZHFW_PREFIX}/grzhxx/list`,
    {
      ...pre,
      schema: {
        summary: '个人账户信息：登录人名下的全部个人账户（状态、单位、基数、比例、月缴存额、余额、汇缴年月、本年利息）及个人资料',
        tags,
        response: envelope({ type: 'object', required: ['holder', 'accounts'], properties: { holder: HOLDER_SCHEMA, accounts: { type: 'array', items: ACCOUNT_SCHEMA } } }),
      },
    },
    async (request) => {
      const { holder, zjhm, grzh, params } = await holderOf(db, request);
      const year = centreYear(now());
      const accounts = await listAccountsOf(db, zjhm);
      const figures = await accountFigures(
        db,
        accounts.map((a) => a.grzh),
        year,
      );
      return ok({ holder, accounts: accounts.map((a, i) => accountView(a, figures[i], year, grzh, params.roundingFen)) });
    },
  );

  app.get<{ Querystring: { grzh: string } }>(
    `${ZHFW_PREFIX}/grzhxx/info`,
    {
      ...pre,
      schema: {
        summary: '个人账户信息：按个人账号查询登录人名下的一个账户（他人账户答复 403）',
        tags,
        querystring: {
          type: 'object',
          required: ['grzh'],
          properties: {
            grzh: { type: 'string', pattern: '^\\d{6,20}$', description: '个人账号', 'x-msg': '个人账号应为 6 至 20 位数字', 'x-required-msg': '请输入个人账号' },
          },
        },
        response: envelope({ type: 'object', properties: { holder: HOLDER_SCHEMA, account: ACCOUNT_SCHEMA } }),
      },
    },
    async (request) => {
      // The holder, the asked account and the centre's parameters in one statement (issue 35).
      const { holder, zjhm, grzh, account, params } = await holderOf(db, request, request.query.grzh);
      // Another person's account and an account that does not exist answer alike: nothing about it is told.
      if (!account || account.zjhm !== zjhm) throw new ApiError(403);
      const year = centreYear(now());
      const [figures] = await accountFigures(db, [account.grzh], year);
      return ok({ holder, account: accountView(account, figures, year, grzh, params.roundingFen) });
    },
  );

  app.get(
    `${ZHFW_PREFIX}/grzhxx/home`,
    {
      ...pre,
      schema: {
        summary: '个人首页数字：当前账户余额、本年缴存额、最近一笔资金变动、待办事项数',
        tags,
        response: envelope({
          type: 'object',
          required: ['grzh', 'grzhzt', 'grzhztmc', 'grzhye', 'year', 'bnjce', 'lastMovement', 'todoCount'],
          properties: {
            grzh: { type: 'string' },
            grzhzt: GRZHZT_SCHEMA,
            grzhztmc: { type: 'string' },
            grzhye: { type: ['string', 'null'] },
            year: { type: 'integer' },
            bnjce: { type: ['string', 'null'] },
            lastMovement: {
              type: ['object', 'null'],
              required: ['date', 'kind', 'kindName', 'amount'],
              properties: { date: { type: 'string' }, kind: { type: 'string' }, kindName: { type: 'string' }, amount: { type: 'string' } },
            },
            todoCount: { type: 'integer' },
          },
        }),
      },
    },
    async (request) => {
      const { zjhm, grzh } = await holderOf(db, request);
      const year = centreYear(now());
      const account = grzh ? await getAccount(db, grzh) : undefined;
      const mine = account && account.zjhm === zjhm ? account : undefined;
      const [figures] = mine ? await accountFigures(db, [mine.grzh], year) : [];
      // The to-do items of todo/list for an individual: applications the centre returned for changes (04 退回).
      const [todo] = await db.query<{ n: number }>(`select count(*)::int as n from application where account_id = $1 and zt = $2`, [
        request.session!.accountId,
        RETURNED,
      ]);
      const last = figures?.lastMovement;
      return ok({
        grzh: mine?.grzh ?? grzh,
        grzhzt: mine?.grzhzt ?? '',
        grzhztmc: mine ? (ACCOUNT_STATUS_NAMES[mine.grzhzt] ?? mine.grzhzt) : '',
        grzhye: mine ? fenToYuan(mine.balanceFen) : null,
        year,
        bnjce: figures ? fenToYuan(figures.yearDepositsFen) : null,
        lastMovement: last ? { date: last.valueDate, kind: last.kind, kindName: MOVEMENT_KINDS[last.kind].name, amount: fenToYuan(last.amountFen) } : null,
        todoCount: todo?.n ?? 0,
      });
    },
  );
}

/** 已退回: the status whose applications todo/list reminds an individual of (applications/routes.ts). */
const RETURNED: Status = '04';
