import type { FastifyInstance } from 'fastify';
import { RATE_PATHS, type LoanRate } from '@gjj-hall/sdk/rates';
import type { Db } from '../db/db';
import { ok } from '../http/envelope';
import { publicCacheResponse } from '../http/public-cache';

/** The rate in force today for each code of a category, in code order. */
async function currentRates(db: Db, category: 'provident' | 'commercial', today: string): Promise<LoanRate[]> {
  const rows = await db.query<{ code: string; rate: string; effective_date: string; description: string }>(
    `select distinct on (code) code, rate::text as rate, to_char(effective_date, 'YYYY-MM-DD') as effective_date, description
       from loan_rate
      where category = $1 and effective_date <= $2::date
      order by code, effective_date desc`,
    [category, today],
  );
  return rows.map((r) => ({
    llmc: r.code as LoanRate['llmc'],
    zxll: Number(r.rate),
    sxrq: r.effective_date,
    llsm: r.description,
  }));
}

const rateItem = {
  type: 'object',
  properties: {
    llmc: { type: 'string' },
    zxll: { type: 'number' },
    sxrq: { type: 'string' },
    llsm: { type: 'string' },
  },
} as const;

const rateListResponse = publicCacheResponse({ type: 'array', items: rateItem });

/**
 * Loan rate calls of spec 7.1: public, answered from the instance's cache (http/public-cache.ts) until the centre
 * changes loan_rate or the day changes (a rate takes effect on its date).
 */
export function rateRoutes(app: FastifyInstance, db: Db, today: () => string): void {
  app.get(
    RATE_PATHS.commercial,
    {
      schema: {
        summary: '商业贷款利率列表',
        tags: ['贷款试算与利率'],
        querystring: {
          type: 'object',
          required: ['lllx'],
          properties: {
            lllx: {
              type: 'string',
              enum: ['03'],
              description: '利率类型',
              'x-msg': '利率类型不正确：商业贷款利率的类型为 03',
              'x-required-msg': '请选择利率类型',
            },
          },
        },
        response: rateListResponse,
      },
    },
    async (request, reply) => {
      const day = today();
      return app.publicCache.send(request, reply, 'rates', async () => ok(await currentRates(db, 'commercial', day)), day);
    },
  );

  app.get(
    RATE_PATHS.provident,
    { schema: { summary: '公积金贷款利率列表', tags: ['贷款试算与利率'], response: rateListResponse } },
    async (request, reply) => {
      const day = today();
      return app.publicCache.send(request, reply, 'rates', async () => ok(await currentRates(db, 'provident', day)), day);
    },
  );
}
