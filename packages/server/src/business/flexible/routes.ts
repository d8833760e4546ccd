import type { FastifyInstance } from 'fastify';
import { maskBankCard } from '@gjj-hall/sdk/format';
import type { Db } from '../../db/db';
import { centreDate } from '../../clock';
import { ok } from '../../http/envelope';
import { listOf, NUMBER, object, okAnswer, STRING } from '../../http/answers';
import { fenToYuan, MOVEMENT_KINDS, type MovementKind } from '../../records';
import { GRZHZT_SCHEMA } from '../../records/schemas';
import { ZHFW_PREFIX } from '../../routes/shell';
import { flexibleAccountOf, STATUS_NAMES, unpaidMonths } from './common';
import { readParameters } from '../../params/centre';
import { FLEXIBLE_PARAMS } from './params';

/** Newest payments (汇缴, 补缴) the info call lists. */
export const RECENT_PAYMENTS = 12;

const money = { type: 'string', description: '金额（元，两位小数）' } as const;

/**
 * `GET lhjy/info` (docs/api-personal.md › 灵活就业): what the flexible pages show before the user types: the session
 * account's flexible account (status, base, ratio, monthly amount, the deduction account masked), the months a 补缴
 * may pay, the newest payments, and the centre's bounds. It takes no account number: only the session's own account
 * is ever read, so there is nothing of anyone else to name.
 */
export function flexibleRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  app.get(
    `${ZHFW_PREFIX}/lhjy/info`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '灵活就业账户信息：状态、缴存基数和比例、月缴存额、扣款账户（脱敏）、可补缴月份、最近缴存和中心参数',
        tags: ['灵活就业'],
        response: okAnswer({
          ...object({
            grzh: STRING,
            xingming: STRING,
            grzhzt: GRZHZT_SCHEMA,
            grzhztmc: STRING,
            khrq: STRING,
            jcjs: money,
            jcbl: NUMBER,
            yjce: money,
            kkyh: STRING,
            kkzh: { type: 'string', description: '扣款账号（前 4 后 4 位）' },
            hjszd: STRING,
            unpaid: listOf(object({ period: STRING, amount: money })),
            payments: listOf(object({ period: STRING, kind: STRING, kindName: STRING, amount: money, valueDate: STRING, ywbh: STRING })),
            params: object(
              Object.fromEntries(Object.keys(FLEXIBLE_PARAMS).map((k) => [k, NUMBER])),
              '中心参数（centre_parameter 表的当前值，docs/parameters.md）',
            ),
          }),
          // null when the session's account is not a flexible one.
          type: ['object', 'null'],
        }),
      },
    },
    async (request) => {
      const account = await flexibleAccountOf(db, { accountId: request.session!.accountId });
      if (!account) return ok(null, '当前账户不是灵活就业缴存账户');
      const date = centreDate(now());
      const unpaid = account.grzhzt === '01' ? await unpaidMonths(db, account.grzh, account.khrq, date) : [];
      const payments = await db.query<{ period: string | null; kind: MovementKind; amount_fen: string; value_date: string; ywbh: string }>(
        `select period, kind, amount_fen::text as amount_fen, value_date::text as value_date, ywbh
           from journal_entry where account_no = $1 and kind in ('01', '02')
          order by value_date desc, id desc limit $2`,
        [account.grzh, RECENT_PAYMENTS],
      );
      return ok({
        grzh: account.grzh,
        xingming: account.xingming,
        grzhzt: account.grzhzt,
        grzhztmc: STATUS_NAMES[account.grzhzt] ?? '',
        khrq: account.khrq,
        jcjs: fenToYuan(account.jcjsFen),
        jcbl: account.ratio,
        yjce: fenToYuan(account.yjceFen),
        kkyh: account.kkyh,
        kkzh: account.kkzh ? maskBankCard(account.kkzh) : '',
        hjszd: account.hjszd,
        unpaid: unpaid.map((period) => ({ period, amount: fenToYuan(account.yjceFen) })),
        payments: payments.map((p) => ({
          period: p.period ?? '',
          kind: p.kind,
          kindName: MOVEMENT_KINDS[p.kind]?.name ?? p.kind,
          amount: fenToYuan(BigInt(p.amount_fen)),
          valueDate: p.value_date,
          ywbh: p.ywbh,
        })),
        params: { ...(await readParameters(db)) },
      });
    },
  );
}
