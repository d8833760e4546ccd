import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  LOAN_CALCULATION_PATH,
  LOAN_LIMITS_PATH,
  LOAN_MESSAGES,
  loanLimitProblems,
  loanRules,
  type LoanCalculationQuery,
  type LoanLimits,
  type LoanResult,
} from '@gjj-hall/sdk/loan';
import { calculateLoanFast } from '@gjj-hall/sdk/loan-fast';
import { GjjError } from '@gjj-hall/sdk';
import { ApiError, ok } from '../http/envelope';
import { busyRetryAfter, costlyCall, createTurnQueue, FLOOD_DEFAULTS } from '../http/flood';
import { CENTRE_LOAN_LIMITS, loanLimitsOf } from './loan-limits';
import type { Db } from '../db/db';
import { readParameters } from '../params/centre';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const row = {
  type: 'object',
  required: ['qic', 'hkrq', 'yhbj', 'yhlx', 'bxhj', 'dkye'],
  properties: {
    qic: { type: 'integer' },
    hkrq: { type: 'string' },
    yhbj: { type: 'string' },
    yhlx: { type: 'string' },
    bxhj: { type: 'string' },
    dkye: { type: 'string' },
  },
} as const;

const money = { type: 'string' } as const;

/** The calculation's query: spec 3.4's fields, and the borrower's age when the form asks for it (ours, optional). */
type CalculatorQuery = LoanCalculationQuery & { jkrnl?: string };

/** The first message of the spec 5.1 rules, then of the centre's limits, that the query breaks, or ''. */
export function firstProblem(q: CalculatorQuery, limits: LoanLimits = CENTRE_LOAN_LIMITS): string {
  const messages = [
    loanRules.loanAmount()(q.htdkje),
    loanRules.loanTerm()(q.dkqs),
    loanRules.issueDate()(q.dkffrq) || (DATE.test(String(q.dkffrq)) ? '' : LOAN_MESSAGES.issueDate),
    loanRules.repaymentMethod()(q.dkhkfs) || (q.dkhkfs === '01' || q.dkhkfs === '02' ? '' : LOAN_MESSAGES.repaymentMethod),
    loanRules.commercialRate()(q.sdll),
    loanRules.providentRate()(q.gjjll),
    loanRules.secondHome()(q.sfstf) || (q.sfstf === '0' || q.sfstf === '1' ? '' : LOAN_MESSAGES.secondHome),
  ];
  // The same amount is computed as a provident fund loan, so the provident ceiling bounds it.
  const over = loanLimitProblems(
    { providentAmount: q.htdkje, months: q.dkqs, age: q.jkrnl, providentRate: q.gjjll, commercialRate: q.sdll },
    limits,
  );
  messages.push(over.providentAmount ?? '', over.months ?? '', over.age ?? '', over.ageAtEnd ?? '', over.providentRate ?? '', over.commercialRate ?? '');
  return messages.find((message) => message !== '') ?? '';
}

function plan(amount: string, months: number, annualRate: string, method: '01' | '02', issueDate: string): LoanResult {
  return calculateLoanFast({ amount, months, annualRate: Number(annualRate), method, issueDate });
}

// Every text in a plan is a money figure (digits, '.', '-') or a date (digits, '-') made by the engine, so it goes into
// the JSON between quotes as it is; building the text directly costs a fraction of serialising 2 × 999 row objects.
const rowsJson = (result: LoanResult): string =>
  result.schedule
    .map((r) => `{"qic":${r.period},"hkrq":"${r.date}","yhbj":"${r.principal}","yhlx":"${r.interest}","bxhj":"${r.payment}","dkye":"${r.balance}"}`)
    .join(',');

/**
 * The answer of spec 7.1 and 3.4 as JSON text, in the order of the response schema: the commercial loan (sd…) and the
 * provident fund loan (gjj…), each with its monthly payment, totals and plan.
 */
export function calculationJson(q: LoanCalculationQuery): string {
  const months = Number(q.dkqs);
  const sd = plan(String(q.htdkje), months, String(q.sdll), q.dkhkfs, q.dkffrq);
  const gjj = plan(String(q.htdkje), months, String(q.gjjll), q.dkhkfs, q.dkffrq);
  const { code, msg } = ok(null);
  return (
    `{"code":${code},"msg":${JSON.stringify(msg)},"data":{` +
    `"sdYhke":"${sd.monthlyPayment}","sdBjhj":"${sd.totalPrincipal}","sdLxhj":"${sd.totalInterest}","sdHkjhList":[${rowsJson(sd)}],` +
    `"gjjYhke":"${gjj.monthlyPayment}","gjjBjhj":"${gjj.totalPrincipal}","gjjLxhj":"${gjj.totalInterest}","gjjHkjhList":[${rowsJson(gjj)}]}}`
  );
}

/** Answers the calculator keeps for identical inputs (issue 35), at most. */
export const CALCULATION_CACHE_SIZE = 500;
/**
 * And at most this many bytes of them, JSON and compressed forms together: a 360-month answer is about 0.2 MB with
 * them, a 999-month one about 0.5 MB.
 */
export const CALCULATION_CACHE_BYTES = 64 * 1024 * 1024;

/** One kept answer: the JSON, and each compressed form once it was first asked for. */
interface Answer {
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const sizeOf = (answer: Answer): number => answer.json.length + (answer.br?.length ?? 0) + (answer.gzip?.length ?? 0);

/** The inputs an answer depends on, as sent (each was checked when the answer was made). */
const inputKey = (q: CalculatorQuery): string => [q.htdkje, q.dkqs, q.dkffrq, q.dkhkfs, q.sdll, q.gjjll, q.sfstf, q.jkrnl ?? ''].join('|');

/** Sends a kept answer, compressed as the client accepts (brotli at @fastify/compress's quality, else gzip), once. */
function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    answer.br ??= brotliCompressSync(answer.json, { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 } });
    return reply.header('content-encoding', 'br').send(answer.br);
  }
  if (/\bgzip\b/.test(accepts)) {
    answer.gzip ??= gzipSync(answer.json);
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  }
  return reply.send(answer.json);
}

/** Settings of the calculator call. */
export interface CalculatorOptions {
  /** Calls per client address and minute (CALC_RATE_LIMIT). @default 30 */
  rateLimit?: number;
  /** Calculations that may wait for their turn before one more is answered 503. @default 16 */
  queueLimit?: number;
  /** Bounds fixed by the centre; without them, the parameter table's rows (routes/loan-limits.ts). */
  limits?: LoanLimits | undefined;
  /** The database whose parameter table gives the bounds. */
  db?: Db;
  /** Answers kept for identical inputs, at most (the least recently asked goes first). @default CALCULATION_CACHE_SIZE */
  cacheSize?: number;
}

/**
 * The calculator call of spec 7.1: both loans computed by the sdk's engine, the one the widget uses offline. Public
 * and costly (two plans of up to 999 months), so limited per client address, queued one computation per turn of the
 * event loop, and shed while the server lags (http/flood.ts).
 */
export function calculatorRoutes(app: FastifyInstance, options: CalculatorOptions = {}): void {
  const turns = createTurnQueue(options.queueLimit ?? FLOOD_DEFAULTS.calcQueueLimit);
  // Identical inputs get the kept answer, compressed once (issue 35): no computation and no turn in the queue. Every
  // call still counts against the per-address limit.
  const answers = new Map<string, Answer>();
  const cacheSize = options.cacheSize ?? CALCULATION_CACHE_SIZE;
  // Bytes of the kept answers as they were when last kept (a compressed form made since is counted at its next use).
  let bytes = 0;
  const sizes = new Map<string, number>();
  const forget = (key: string) => {
    bytes -= sizes.get(key) ?? 0;
    sizes.delete(key);
    answers.delete(key);
  };
  const keep = (key: string, answer: Answer) => {
    forget(key);
    if (cacheSize <= 0) return;
    const size = sizeOf(answer);
    while (answers.size > 0 && (answers.size >= cacheSize || bytes + size > CALCULATION_CACHE_BYTES)) forget(answers.keys().next().value as string);
    answers.set(key, answer);
    sizes.set(key, size);
    bytes += size;
  };
  // Public: the calculator shows the same bounds beside its fields as this server enforces below.
  // The bounds in force: the centre's fixed ones, or the parameter table's rows, read again when the table changes
  // (its version, kept in memory while the database's notifications arrive). A change drops the kept answers, which
  // were checked against the bounds before.
  let inForce: { version: string; limits: LoanLimits } | null = null;
  const limitsNow = async (): Promise<LoanLimits> => {
    if (options.limits) return options.limits;
    if (!options.db) return CENTRE_LOAN_LIMITS;
    const version = await app.publicCache.versionOf('parameters');
    if (inForce?.version !== version) {
      const limits = loanLimitsOf(await readParameters(options.db));
      if (inForce) for (const key of [...answers.keys()]) forget(key);
      inForce = { version, limits };
    }
    return inForce.limits;
  };
  app.get(
    LOAN_LIMITS_PATH,
    {
      schema: {
        summary: '贷款计算器的额度、期限、年龄和利率范围（本中心参数）',
        tags: ['贷款试算与利率'],
        response: {
          200: {
            type: 'object',
            required: ['code', 'msg', 'data'],
            properties: {
              code: { type: 'integer' },
              msg: { type: 'string' },
              data: { type: 'object', required: Object.keys(CENTRE_LOAN_LIMITS), properties: Object.fromEntries(Object.keys(CENTRE_LOAN_LIMITS).map((k) => [k, { type: 'number' }])) },
            },
          },
        },
      },
    },
    async () => ok(await limitsNow()),
  );
  app.get<{ Querystring: CalculatorQuery }>(
    LOAN_CALCULATION_PATH,
    {
      config: costlyCall('calculator', options.rateLimit ?? FLOOD_DEFAULTS.calcRateLimit, turns, (request) =>
        answers.has(inputKey(request.query as CalculatorQuery)),
      ),
      schema: {
        summary: '公积金贷款与商业贷款试算（还款计划）',
        tags: ['贷款试算与利率'],
        querystring: {
          type: 'object',
          // Every field is read as text and checked by the spec 5.1 rules below, so each problem gets its own message;
          // a missing one gets the rule's own "empty" message, in the rules' order.
          required: ['htdkje', 'dkqs', 'dkffrq', 'dkhkfs', 'sdll', 'gjjll', 'sfstf'],
          properties: {
            htdkje: { type: 'string', maxLength: 32, description: '贷款金额（元）', 'x-required-msg': LOAN_MESSAGES.loanAmountEmpty },
            dkqs: { type: 'string', maxLength: 32, description: '贷款期限（月）', 'x-required-msg': LOAN_MESSAGES.loanTermEmpty },
            dkffrq: { type: 'string', maxLength: 32, description: '贷款发放日期（YYYY-MM-DD）', 'x-required-msg': LOAN_MESSAGES.issueDate },
            dkhkfs: { type: 'string', maxLength: 32, description: '还款方式：01 等额本息，02 等额本金', 'x-required-msg': LOAN_MESSAGES.repaymentMethod },
            sdll: { type: 'string', maxLength: 32, description: '商业贷款年利率（%），0 或 0.01 至 10', 'x-required-msg': LOAN_MESSAGES.commercialRateEmpty },
            gjjll: { type: 'string', maxLength: 32, description: '公积金贷款年利率（%），0 或 0.01 至 10', 'x-required-msg': LOAN_MESSAGES.providentRate },
            sfstf: { type: 'string', maxLength: 32, description: '是否二套房：0 否，1 是', 'x-required-msg': LOAN_MESSAGES.secondHome },
            jkrnl: { type: 'string', maxLength: 32, description: '借款人年龄（周岁，选填；给出时贷款到期年龄受本中心上限约束）' },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['code', 'msg', 'data'],
            properties: {
              code: { type: 'integer' },
              msg: { type: 'string' },
              data: {
                type: 'object',
                required: ['sdYhke', 'sdBjhj', 'sdLxhj', 'sdHkjhList', 'gjjYhke', 'gjjBjhj', 'gjjLxhj', 'gjjHkjhList'],
                properties: {
                  sdYhke: money,
                  sdBjhj: money,
                  sdLxhj: money,
                  sdHkjhList: { type: 'array', items: row },
                  gjjYhke: money,
                  gjjBjhj: money,
                  gjjLxhj: money,
                  gjjHkjhList: { type: 'array', items: row },
                },
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const limits = await limitsNow();
      const key = inputKey(q);
      const kept = answers.get(key);
      if (kept) {
        keep(key, kept); // the most recently asked goes last
        // No turn in the queue: nothing to compute, and the per-address count costs no write per call (a lease of
        // hits, http/flood.ts), so a flood of kept answers does not hold up health and sign-in.
        return sendAnswer(request, reply, kept);
      }
      const problem = firstProblem(q, limits);
      if (problem) throw new ApiError(400, problem);
      let json: string;
      try {
        json = await turns.run(() => calculationJson(q));
      } catch (error) {
        busyRetryAfter(reply, error);
        // The engine's own checks (an impossible date, a rate it cannot use) carry a Chinese message.
        if (error instanceof GjjError) throw new ApiError(400, error.message);
        throw error;
      }
      const answer: Answer = { json: Buffer.from(json) };
      keep(key, answer);
      return sendAnswer(request, reply, answer);
    },
  );
}
