import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import type { Queryable } from '../db/db';
import { createRateLimiter, TOO_MANY_REQUESTS_MESSAGE, waitForRoom, type RateLimiter } from '../auth/rate-limit';
import { ApiError } from './envelope';

// Issue 18 item 7: a flood of costly anonymous calls must not stall the server. Three guards, each documented in
// docs/security/flood-input.md: a limit per client kept in the database (@fastify/rate-limit with a database store),
// a bounded queue that runs one costly computation per turn of the event loop (so sign-in and health are served in
// between), and shedding of the costly calls while the event loop lags (@fastify/under-pressure).

/** The message of a 503 from shedding or a full queue (a clear Chinese sentence, like every other error). */
export const BUSY_MESSAGE = '服务繁忙，请稍后再试';

/** Settings of the flood guards; buildApp takes them among its options. */
export interface FloodGuardOptions {
  /**
   * Loan calculations (`hkjh/gjjsdcs`) a client address may ask for per minute, counted in the database so every
   * instance on one database shares the count (CALC_RATE_LIMIT).
   * @default 30
   */
  calcRateLimit?: number;
  /**
   * Mean event-loop delay in milliseconds (measured each second) above which, two seconds running, the calls marked
   * `shedUnderPressure` (the calculator) are answered 503 with Retry-After; health and sign-in never are
   * (MAX_EVENT_LOOP_DELAY). 0 turns shedding off.
   * @default 200
   */
  maxEventLoopDelay?: number;
  /**
   * Calculations that may wait for their turn; one more is answered 503 at once.
   * @default 16
   */
  calcQueueLimit?: number;
}

export const FLOOD_DEFAULTS = { calcRateLimit: 30, maxEventLoopDelay: 200, calcQueueLimit: 16 } as const;

/**
 * Reads CALC_RATE_LIMIT (calculations per client address and minute, a positive integer, default 30) and
 * MAX_EVENT_LOOP_DELAY (milliseconds, 0 or more, default 200; 0 turns shedding off); throws, naming the setting, on
 * anything else.
 *
 * @example
 * floodSettingsFromEnv({ CALC_RATE_LIMIT: '60' }) // { calcRateLimit: 60, maxEventLoopDelay: 200 }
 */
export function floodSettingsFromEnv(env: NodeJS.ProcessEnv): Required<Pick<FloodGuardOptions, 'calcRateLimit' | 'maxEventLoopDelay'>> {
  const calcRateLimit = Number(env.CALC_RATE_LIMIT ?? FLOOD_DEFAULTS.calcRateLimit);
  if (!Number.isInteger(calcRateLimit) || calcRateLimit < 1) {
    throw new Error(`CALC_RATE_LIMIT 必须是正整数（每个客户端地址每分钟可试算的次数），当前为 ${env.CALC_RATE_LIMIT}`);
  }
  const maxEventLoopDelay = Number(env.MAX_EVENT_LOOP_DELAY ?? FLOOD_DEFAULTS.maxEventLoopDelay);
  if (!Number.isInteger(maxEventLoopDelay) || maxEventLoopDelay < 0) {
    throw new Error(`MAX_EVENT_LOOP_DELAY 必须是非负整数（毫秒；事件循环平均延迟连续两秒超过它时暂停受理试算，0 表示不暂停），当前为 ${env.MAX_EVENT_LOOP_DELAY}`);
  }
  return { calcRateLimit, maxEventLoopDelay };
}

/** Seconds a shed or queued-out client is told to wait (Retry-After): about two samples of the event-loop delay. */
const BUSY_RETRY_AFTER_SECONDS = 2;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer this route 503 (服务繁忙) while the event loop lags; for costly calls no one depends on to sign in. */
    shedUnderPressure?: boolean;
    /** The `rate_limit_hit` bucket of this route's `rateLimit` (one per rule); by default its method and URL. */
    rateLimitBucket?: string;
    /** The queue this route computes in: while it is full, calls are answered 503 before anything else is done. */
    turnQueue?: TurnQueue;
    /** True when this call will be answered from memory (a kept answer): it needs no turn, so a full queue lets it pass. */
    answeredFromMemory?: (request: FastifyRequest) => boolean;
  }
}

/** Refused clients (and leases) remembered per route and instance, at most (the oldest is forgotten first). */
const MAX_REMEMBERED = 10_000;

/**
 * Hits one lease takes from the database at most: with a limit far above what a client sends, one database write per
 * this many calls of one address on one instance.
 */
export const LEASE_MAX = 256;

type StoreParams = { routeInfo?: { method?: string | string[]; url?: string; config?: { rateLimitBucket?: string } } };

/**
 * Hits of one client address taken from the database at once (counted there) and handed out from memory, one per
 * call, within the window they were taken in: `base` is the client's count before the lease's first hit, `used` of
 * the `usable` hits are handed out.
 */
interface Lease {
  windowStart: number;
  base: number;
  used: number;
  usable: number;
}

/**
 * A @fastify/rate-limit store that keeps its counts in the database through `createRateLimiter` (table rate_limit_hit),
 * so a limit holds across every instance on one database, with the same sliding-window estimate as the other limits.
 *
 * Issue 35: a call does not write its own hit. An instance takes hits in advance ("a lease", counted in the database
 * in one statement) and hands them out from memory: the first call of an address takes 1, each next lease half of
 * what the address has left (at most LEASE_MAX), never one the limit does not allow. So the database count is never
 * below the calls let through by all instances together (a limit is never exceeded, across instances too), and at
 * most the unused part of each instance's lease above it (a client may be refused that many calls early, only when
 * it sends from several instances at once or a window ends with a lease unused). A flood under a high limit costs one
 * write per LEASE_MAX calls; a client near its limit one per call, as before.
 */
function databaseStore(db: Queryable, now: () => Date) {
  return class DatabaseRateLimitStore {
    private readonly bucket: string;
    private readonly limiters = new Map<string, RateLimiter>();
    /** Client key -> until when (ms) the database refused it. */
    private readonly refused = new Map<string, number>();
    /** Client key -> its lease on this instance. */
    private readonly leases = new Map<string, Lease>();
    /** Client key -> the lease being taken (calls of the same client wait for it instead of taking their own). */
    private readonly taking = new Map<string, Promise<void>>();

    constructor(params: StoreParams) {
      const route = params.routeInfo;
      this.bucket = route?.config?.rateLimitBucket ?? `route ${String(route?.method ?? '')} ${route?.url ?? ''}`;
    }

    // The counting functions of one limit and window (fixed per route; the map only avoids making them per call).
    private limiter(max: number, windowMs: number): RateLimiter {
      const id = `${max}/${windowMs}`;
      let limiter = this.limiters.get(id);
      if (!limiter) this.limiters.set(id, (limiter = createRateLimiter(db, this.bucket, max, windowMs)));
      return limiter;
    }

    incr(key: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      const at = now().getTime();
      const until = this.refused.get(key);
      if (until !== undefined && until > at) {
        done(null, { current: max + 1, ttl: until - at });
        return;
      }
      const windowStart = Math.floor(at / timeWindow) * timeWindow;
      const lease = this.leases.get(key);
      if (lease && lease.windowStart === windowStart && lease.used < lease.usable) {
        lease.used += 1;
        done(null, { current: Math.ceil(lease.base + lease.used), ttl: windowStart + timeWindow - at });
        return;
      }
      const pending = this.taking.get(key);
      if (pending) {
        void pending.then(() => this.incr(key, done, timeWindow, max));
        return;
      }
      // Half of what the address has left by this instance's last knowledge; 1 when it knows nothing of this window.
      const left = lease && lease.windowStart === windowStart ? max - (lease.base + lease.usable) : 0;
      const size = Math.max(1, Math.min(LEASE_MAX, Math.floor(left / 2)));
      const taking = this.limiter(max, timeWindow)
        .takeMany(key, at, size)
        .then(({ current, previous, elapsed, windowStart: start }) => {
          const count = current + previous * Math.max(0, 1 - elapsed / timeWindow);
          const base = count - size;
          // The lease's k-th hit passes when the count with it, base + k, is within the limit.
          const usable = Math.max(0, Math.min(size, Math.floor(max - base)));
          if (usable === 0) {
            this.leases.delete(key);
            const retryAfterMs = waitForRoom(current, previous, elapsed, timeWindow, max);
            this.remember(this.refused, key, at + retryAfterMs, at);
            done(null, { current: Math.ceil(base + 1), ttl: retryAfterMs });
            return;
          }
          this.remember(this.leases, key, { windowStart: start, base, used: 1, usable }, at);
          done(null, { current: Math.ceil(base + 1), ttl: timeWindow - elapsed });
        })
        .catch((error: Error) => done(error))
        .finally(() => this.taking.delete(key));
      this.taking.set(key, taking);
    }

    // A refusal the database gave stands until its Retry-After: asking again before then could only be refused (the
    // window's count never falls sooner), so a flooding client costs no database write, and the health check's query
    // does not queue behind thousands of them. Both maps are bounded: forgetting a refusal costs a query, forgetting
    // a lease its unused hits.
    private remember<T>(map: Map<string, T>, key: string, value: T, at: number): void {
      map.delete(key);
      if (map.size >= MAX_REMEMBERED) {
        if (map === (this.refused as Map<string, unknown>)) for (const [k, t] of this.refused) if (t <= at) this.refused.delete(k);
        if (map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value as string);
      }
      map.set(key, value);
    }

    child(params: StoreParams): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(params);
    }
  };
}

/**
 * Registers @fastify/rate-limit (only on routes that ask for it with `config.rateLimit`, counted in the database) and
 * @fastify/under-pressure (sheds the routes marked `config.shedUnderPressure` while the event loop lags). Call it
 * before the routes are added.
 *
 * @example
 * await registerFloodGuards(app, { db, now, maxEventLoopDelay: 200 });
 * app.get('/costly', { config: costlyCall('costly', 30) }, handler);
 */
export async function registerFloodGuards(app: FastifyInstance, options: FloodGuardOptions & { db: Queryable; now: () => Date }): Promise<void> {
  const limits: RateLimitPluginOptions = {
    global: false,
    store: databaseStore(options.db, options.now) as unknown as RateLimitPluginOptions['store'],
    // The envelope {code: 429, msg, data: null} through the app's error handler; Retry-After is set by the plugin.
    errorResponseBuilder: () => new ApiError(429, TOO_MANY_REQUESTS_MESSAGE),
  };
  await app.register(rateLimit, limits);

  const maxEventLoopDelay = options.maxEventLoopDelay ?? FLOOD_DEFAULTS.maxEventLoopDelay;
  await app.register(underPressure, { maxEventLoopDelay, sampleInterval: SAMPLE_MS, pressureHandler: shedHandler(app, maxEventLoopDelay) });

  // A call whose queue is full is refused before it is counted: no database write for a call that cannot run anyway;
  // one that will be answered from memory needs no turn and goes on. Global hooks run before the routes' own, so this
  // comes after under-pressure's check and before the rate limit.
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (config.turnQueue?.full && config.answeredFromMemory?.(request) !== true) {
      reply.header('retry-after', BUSY_RETRY_AFTER_SECONDS);
      throw new ApiError(503, BUSY_MESSAGE);
    }
  });
}

/** How often @fastify/under-pressure measures the mean event-loop delay. */
const SAMPLE_MS = 1000;

/**
 * The pressure handler: sheds only the routes marked `shedUnderPressure`, and only while the loop has lagged for two
 * samples running. One slow second alone (compiling the schemas at the first call, a long query) is over by the time
 * it is measured and sheds nothing; a sample with no reading at all (Infinity: the loop never turned in that second)
 * counts as no lag for the same reason. Health, sign-in and everything else always go on (returning nothing lets the
 * call pass).
 */
function shedHandler(app: FastifyInstance, maxEventLoopDelay: number) {
  let previous = 0;
  let latest = 0;
  const timer = setInterval(() => {
    const delay = app.memoryUsage().eventLoopDelay;
    [previous, latest] = [latest, Number.isFinite(delay) ? delay : 0];
  }, SAMPLE_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return (request: FastifyRequest, reply: FastifyReply): undefined => {
    if (request.routeOptions.config.shedUnderPressure !== true) return undefined;
    if (previous <= maxEventLoopDelay || latest <= maxEventLoopDelay) return undefined;
    reply.status(503).header('retry-after', BUSY_RETRY_AFTER_SECONDS);
    // under-pressure sends what the handler returns (its typings say void, its code sends any value but null).
    return { code: 503, msg: BUSY_MESSAGE, data: null } as unknown as undefined;
  };
}

/**
 * The route options of a costly anonymous call: at most `perMinute` calls a minute per client address (counted in the
 * database bucket `bucket`), and shed while the event loop lags.
 *
 * @example
 * const turns = createTurnQueue(16);
 * app.get(LOAN_CALCULATION_PATH, { config: costlyCall('calculator', 30, turns), schema }, handler)
 */
export const costlyCall = (
  bucket: string,
  perMinute: number,
  turnQueue?: TurnQueue,
  answeredFromMemory?: (request: FastifyRequest) => boolean,
) => ({
  rateLimit: { max: perMinute, timeWindow: 60_000 },
  rateLimitBucket: bucket,
  shedUnderPressure: true,
  turnQueue,
  answeredFromMemory,
});

/** A queue of synchronous jobs that runs one per turn of the event loop; see `createTurnQueue`. */
export interface TurnQueue {
  /**
   * Runs `job` on a later turn of the event loop, after the jobs already waiting; rejects at once with a 503 ApiError
   * (服务繁忙，请稍后再试) when `limit` jobs are already waiting.
   */
  run<T>(job: () => T): Promise<T>;
  /** Jobs waiting. */
  readonly size: number;
  /** True when one more job would be refused. */
  readonly full: boolean;
}

/**
 * A bounded queue for costly synchronous work (a whole repayment plan): each job runs alone in its own turn of the
 * event loop (setImmediate), so whatever else is ready (a sign-in's database answer, a health check) is served between
 * two jobs instead of after all of them; when `limit` are waiting, one more is refused at once.
 *
 * @example
 * const turns = createTurnQueue(16);
 * const json = await turns.run(() => JSON.stringify(compute(query)));
 */
export function createTurnQueue(limit: number): TurnQueue {
  const waiting: Array<() => void> = [];
  let scheduled = false;
  const next = () => {
    const job = waiting.shift();
    if (job) job();
    if (waiting.length > 0) setImmediate(next);
    else scheduled = false;
  };
  return {
    get size() {
      return waiting.length;
    },
    get full() {
      return waiting.length >= limit;
    },
    run<T>(job: () => T): Promise<T> {
      if (waiting.length >= limit) return Promise.reject(new ApiError(503, BUSY_MESSAGE));
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          try {
            resolve(job());
          } catch (error) {
            reject(error as Error);
          }
        });
        if (!scheduled) {
          scheduled = true;
          setImmediate(next);
        }
      });
    },
  };
}

/** Retry-After for a 503 of the queue, set by the route that used it. */
export function busyRetryAfter(reply: FastifyReply, error: unknown): void {
  if (error instanceof ApiError && error.statusCode === 503) reply.header('retry-after', BUSY_RETRY_AFTER_SECONDS);
}
