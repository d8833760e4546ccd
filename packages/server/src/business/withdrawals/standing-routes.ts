import type { FastifyInstance } from 'fastify';
import { maskBankCard } from '@gjj-hall/sdk/format';
import type { Db, Queryable } from '../../db/db';
import { ApiError, ok } from '../../http/envelope';
import { applicantOf } from '../../applications/applicant';
import { CENTRE_KEY_HEADER, CENTRE_KEY_MESSAGE, CENTRE_PREFIX, centreKeyMatches } from '../../applications/centre';
import { centreDate, centreDateTime } from '../../clock';
import { fenToYuan } from '../../records';
import type { SmsGateway } from '../../outbox/outbox';
import { ZHFW_PREFIX } from '../../routes/shell';
import { depositorOf, fenOf, moneyField } from './common';
import { payStandingOrders, signStandingOrder, stopStandingOrder } from './standing';
import { checkRows, STANDING_MESSAGES, STANDING_SIGN_RULES, STANDING_STOP_RULES, type StandingSignPayload } from './standing-rules';
import { tq0107 } from './tq0107';

/**
 * Rent by standing order (按月/按季租房提取, docs/api-withdrawals.md) for the hall and the centre:
 * - `GET tq/standing`: the account's agreement (the one in force, else the last), what is left of the year's quota;
 * - `GET tq/standing/payments`: one page of what the agreements paid, newest first;
 * - `POST tq/standing/sign` and `POST tq/standing/stop`: rows of STANDING_SIGN_RULES / STANDING_STOP_RULES;
 * - `POST /api/centre/v1/standing/pay` (centre key): pays a period, then sends the notices it queued.
 */

const tags = ['提取'] as const;
const str = { type: 'string' } as const;
const envelope = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
});

const STOP_REASONS: Record<string, string> = { applicant: '本人终止', lease_end: '租赁合同到期', sealed: '账户状态不正常', quota: '本年度额度已用完' };

const agreementSchema = {
  type: ['object', 'null'],
  required: ['id', 'zlht', 'zlzzrq', 'pl', 'plmc', 'dqje', 'skyhmc', 'skzh', 'zt', 'ztmc', 'qdsj'],
  properties: {
    id: { type: 'string', description: '协议编号' },
    zlht: { type: 'string', description: '租赁合同编号' },
    zlzzrq: { type: 'string', description: '租赁终止日期' },
    pl: { type: 'string', enum: ['M', 'Q'] },
    plmc: { type: 'string', description: '按月 / 按季' },
    dqje: { type: 'string', description: '每期提取金额（元）' },
    skyhmc: str,
    skzh: { type: 'string', description: '收款账号（前 4 后 4 位）' },
    zt: { type: 'string', enum: ['active', 'stopped'] },
    ztmc: { type: 'string', description: '生效中 / 已终止' },
    zzyy: { type: 'string', description: '终止原因' },
    qdsj: { type: 'string', description: '签订时间' },
    zzsj: { type: ['string', 'null'], description: '终止时间' },
  },
} as const;

type AgreementRow = { id: string; zlht: string; zlzzrq: string; pl: 'M' | 'Q'; amount_fen: string; skyhmc: string | null; skzh: string; state: string; stop_reason: string | null; created_at: Date; stopped_at: Date | null };

/** The account's agreement in force, else its last one (rent_standing_order_account: (grzh, id desc)). */
async function agreementOf(q: Queryable, grzh: string) {
  const [row] = await q.query<AgreementRow>(
    `select o.id::text as id, o.zlht, o.zlzzrq::text as zlzzrq, o.pl, o.amount_fen::text as amount_fen, b.name as skyhmc, o.skzh, o.state,
            o.stop_reason, o.created_at, o.stopped_at
       from rent_standing_order o left join bank b on b.code = o.skyh
      where o.grzh = $1 order by o.state = 'active' desc, o.id desc limit 1`,
    [grzh],
  );
  if (!row) return null;
  return {
    id: row.id,
    zlht: row.zlht,
    zlzzrq: row.zlzzrq,
    pl: row.pl,
    plmc: row.pl === 'M' ? '按月' : '按季',
    dqje: fenToYuan(row.amount_fen),
    skyhmc: row.skyhmc ?? '',
    skzh: maskBankCard(row.skzh),
    zt: row.state,
    ztmc: row.state === 'active' ? '生效中' : '已终止',
    zzyy: row.stop_reason ? (STOP_REASONS[row.stop_reason] ?? '') : '',
    qdsj: centreDateTime(new Date(row.created_at)),
    zzsj: row.stopped_at ? centreDateTime(new Date(row.stopped_at)) : null,
  };
}

/**
 * Sends the notices set-based work queued (sms_notice_queue), oldest first, a batch at a time through the partial
 * index of the unsent; each is marked sent once the gateway took it. Returns how many were sent.
 */
export async function sendQueuedNotices(db: Db, sms: SmsGateway, now: () => Date, batch = 500): Promise<number> {
  let sent = 0;
  for (;;) {
    const rows = await db.query<{ id: string; phone: string; text: string }>(
      'select id::text as id, phone, text from sms_notice_queue where sent_at is null order by id limit $1',
      [batch],
    );
    for (const r of rows) {
      await sms.notify(r.phone, r.text);
      await db.query('update sms_notice_queue set sent_at = $2 where id = $1', [r.id, now()]);
      sent += 1;
    }
    if (rows.length < batch) return sent;
  }
}

const PAGE = {
  type: 'object',
  properties: {
    pageNum: { type: 'integer', minimum: 1, maximum: 10_000, default: 1, 'x-msg': '页码应为正整数' },
    pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 10, 'x-msg': '每页条数应为 1 至 50' },
  },
} as const;

export function standingRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  const rentSchema = (tq0107.schema as { properties: Record<string, Record<string, unknown>> }).properties;
  const pick = (...keys: string[]) => Object.fromEntries(keys.map((k) => [k, rentSchema[k]!]));

  app.get(
    `${ZHFW_PREFIX}/tq/standing`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '按月/按季租房提取：本账户的协议（生效中的，否则最近一份）和本年度剩余额度',
        tags,
        response: {
          200: envelope({
            type: 'object',
            required: ['agreement', 'syed', 'yy'],
            properties: {
              agreement: agreementSchema,
              syed: { type: 'string', description: '本年度剩余的租房提取额度（元，亦不超过可用余额）' },
              yy: { type: 'array', items: str, description: '额度的计算依据' },
            },
          }),
        },
      },
    },
    async (request) => {
      const applicant = await applicantOf(db, request.session!);
      const d = await depositorOf(db, applicant);
      const limit = await tq0107.limitFor(db, applicant, {}, now());
      return ok({ agreement: d ? await agreementOf(db, d.grzh) : null, syed: fenToYuan(limit.maxFen), yy: limit.reasons });
    },
  );

  app.get<{ Querystring: { pageNum: number; pageSize: number } }>(
    `${ZHFW_PREFIX}/tq/standing/payments`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '按月/按季租房提取的支付记录（本账户的协议，最近的在前，一次一页）',
        tags,
        querystring: PAGE,
        response: {
          200: envelope({
            type: 'object',
            required: ['total', 'list'],
            properties: {
              total: { type: 'integer' },
              pageNum: { type: 'integer' },
              pageSize: { type: 'integer' },
              list: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['ywbh', 'qj', 'je', 'zfrq'],
                  properties: { ywbh: str, qj: { type: 'string', description: '期间（年月）' }, je: { type: 'string', description: '金额（元）' }, zfrq: { type: 'string', description: '支付日期' } },
                },
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const applicant = await applicantOf(db, request.session!);
      const d = await depositorOf(db, applicant);
      const { pageNum, pageSize } = request.query;
      if (!d) return ok({ total: 0, pageNum, pageSize, list: [] });
      // The account's agreements through rent_standing_order_account, their payments through the key (order_id, period).
      const rows = await db.query<{ ywbh: string; period: string; amount_fen: string; paid_on: string }>(
        `select p.ywbh, p.period, p.amount_fen::text as amount_fen, p.paid_on::text as paid_on
           from rent_standing_order o join rent_standing_payment p on p.order_id = o.id
          where o.grzh = $1 order by p.paid_on desc, p.ywbh desc limit $2 offset $3`,
        [d.grzh, pageSize, (pageNum - 1) * pageSize],
      );
      const [count] = await db.query<{ n: string }>(
        'select count(*)::text as n from rent_standing_order o join rent_standing_payment p on p.order_id = o.id where o.grzh = $1',
        [d.grzh],
      );
      return ok({
        total: Number(count!.n),
        pageNum,
        pageSize,
        list: rows.map((r) => ({ ywbh: r.ywbh, qj: `${r.period.slice(0, 4)}-${r.period.slice(4)}`, je: fenToYuan(r.amount_fen), zfrq: r.paid_on })),
      });
    },
  );

  app.post<{ Body: StandingSignPayload }>(
    `${ZHFW_PREFIX}/tq/standing/sign`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '签订按月/按季租房提取协议（条件同租赁住房提取；每期金额不超过本年度剩余额度；一个账户一份生效协议）',
        tags,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['zlht', 'zldz', 'zlqsrq', 'zlzzrq', 'wfsm', 'pl', 'dqje', 'skyh', 'skzh', 'skrxm'],
          properties: {
            ...pick('zlht', 'zldz', 'zlqsrq', 'zlzzrq', 'wfsm', 'skyh', 'skzh', 'skrxm'),
            pl: { type: 'string', enum: ['M', 'Q'], description: '提取频率：M 按月，Q 按季', 'x-msg': '请选择按月或按季提取', 'x-required-msg': '请选择提取频率' },
            dqje: moneyField('每期提取金额', '请输入每期提取金额'),
          },
        },
        response: { 200: envelope({ type: 'object', required: ['agreement'], properties: { agreement: agreementSchema } }) },
      },
    },
    async (request) => {
      const applicant = await applicantOf(db, request.session!);
      const at = now();
      const payload = { ...request.body, skrxm: request.body.skrxm.trim() };
      return db.transaction(async (tx) => {
        await checkRows(STANDING_SIGN_RULES, { q: tx, applicant, payload, now: at });
        const d = (await depositorOf(tx, applicant))!;
        await signStandingOrder(
          tx,
          { grzh: d.grzh, zlht: payload.zlht, zlzzrq: payload.zlzzrq, pl: payload.pl, amountFen: fenOf(payload.dqje), skyh: payload.skyh, skzh: payload.skzh, skrxm: payload.skrxm },
          at,
        );
        return ok({ agreement: await agreementOf(tx, d.grzh) });
      });
    },
  );

  app.post<{ Body: { id: string } }>(
    `${ZHFW_PREFIX}/tq/standing/stop`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '终止按月/按季租房提取协议（随时；他人的协议 403）',
        tags,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['id'],
          properties: { id: { type: 'string', pattern: '^[0-9]{1,18}$', description: '协议编号', 'x-msg': '协议编号不正确', 'x-required-msg': '缺少协议编号' } },
        },
        response: { 200: envelope({ type: 'object', required: ['agreement'], properties: { agreement: agreementSchema } }) },
      },
    },
    async (request) => {
      const applicant = await applicantOf(db, request.session!);
      const at = now();
      return db.transaction(async (tx) => {
        await checkRows(STANDING_STOP_RULES, { q: tx, applicant, payload: request.body, now: at });
        const d = (await depositorOf(tx, applicant))!;
        if (!(await stopStandingOrder(tx, d.grzh, at))) throw new ApiError(400, STANDING_MESSAGES.notActive);
        return ok({ agreement: await agreementOf(tx, d.grzh) });
      });
    },
  );
}

/** The centre's call that pays a period (under the centre API's key), and sends the notices after the commit. */
export async function standingCentreRoutes(app: FastifyInstance, db: Db, key: string, now: () => Date): Promise<void> {
  await app.register(async (centre) => {
    centre.addHook('onRoute', (route) => {
      route.config = { ...route.config, protection: 'centreKey' };
    });
    centre.addHook('onRequest', async (request) => {
      if (!centreKeyMatches(key, request.headers[CENTRE_KEY_HEADER])) throw new ApiError(401, CENTRE_KEY_MESSAGE);
    });
    centre.post<{ Body: { date?: string } }>(
      `${CENTRE_PREFIX}/standing/pay`,
      {
        schema: {
          summary: '按月/按季租房提取：支付日期所在的一期（全部生效协议，一条语句一步；同一期重复执行不重复支付），提交后发送短信',
          tags: ['中心接口'],
          body: {
            type: ['object', 'null'],
            additionalProperties: false,
            properties: { date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: '支付日期（默认今天）', 'x-msg': '支付日期格式应为 YYYY-MM-DD' } },
          },
          response: {
            200: envelope({
              type: 'object',
              required: ['date', 'paid', 'amount', 'stopped', 'notices'],
              properties: {
                date: str,
                paid: { type: 'integer', description: '支付笔数' },
                amount: { type: 'string', description: '支付合计（元）' },
                stopped: { type: 'integer', description: '自动终止的协议数' },
                notices: { type: 'integer', description: '发出的短信条数' },
              },
            }),
          },
        },
      },
      async (request) => {
        const date = request.body?.date ?? centreDate(now());
        const report = await payStandingOrders(db, date, now());
        const notices = await sendQueuedNotices(db, app.sms, now);
        return ok({ date, paid: report.paid, amount: fenToYuan(report.paidFen), stopped: report.stopped, notices });
      },
    );
  });
}
