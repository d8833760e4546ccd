import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../test/support/postgres';
import { openDatabase, type Db } from '../db/db';
import { prepareDatabase } from '../start';
import { sendSmsCode, SMS_LIMITS, SMS_TOO_FREQUENT_MESSAGE, type SmsSender } from './sms-code';

// The SMS limits with two server instances on one real PostgreSQL (each its own pool), requests at the same time
// (issue 18: a limit kept in one process would be a limit per instance).
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过 PostgreSQL 测试：${unavailable}`);

describe.skipIf(!!unavailable)('SMS limits on PostgreSQL, a flood split between two instances', () => {
  let pg: TestPostgres;
  let one: Db;
  let two: Db;
  const sent: string[] = [];
  const sender: SmsSender = {
    sms: { send: async (phone) => void sent.push(phone), notify: async (phone) => void sent.push(phone) },
    smsLimits: SMS_LIMITS,
  };
  const at = new Date('2026-11-24T10:00:00+08:00');

  beforeAll(async () => {
    pg = await startPostgres();
    one = await prepareDatabase({ databaseUrl: pg.url }, true);
    two = await openDatabase({ databaseUrl: pg.url });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await pg?.stop();
  });

  const outcomes = async (calls: Array<Promise<void>>) => {
    const settled = await Promise.allSettled(calls);
    const refused = settled.filter((r) => r.status === 'rejected');
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ statusCode: 429, message: SMS_TOO_FREQUENT_MESSAGE });
    return { sent: settled.length - refused.length, refused: refused.length };
  };

  it('twenty requests for one phone at once, from twenty addresses: one code goes out', async () => {
    const phone = '13800080001';
    const result = await outcomes(
      Array.from({ length: 20 }, (_, i) => sendSmsCode(i % 2 ? one : two, sender, { phone, purpose: 'login', client: `10.8.1.${i}`, at })),
    );
    expect(result).toEqual({ sent: 1, refused: 19 });
    expect(sent.filter((p) => p === phone)).toHaveLength(1);
  });

  it(`thirty requests from one address at once, each for its own phone: ${SMS_LIMITS.clientPerHour} go out`, async () => {
    const result = await outcomes(
      Array.from({ length: 30 }, (_, i) =>
        sendSmsCode(i % 2 ? one : two, sender, { phone: `138000810${String(i).padStart(2, '0')}`, purpose: 'login', client: '10.8.2.1', at }),
      ),
    );
    expect(result).toEqual({ sent: SMS_LIMITS.clientPerHour, refused: 30 - SMS_LIMITS.clientPerHour });
  });
});
