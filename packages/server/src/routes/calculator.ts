import type { FastifyInstance } from 'fastify';
import {
  LOAN_CALCULATION_PATH,
  LOAN_MESSAGES,
  calculateLoan,
  loanRules,
  type LoanCalculationQuery,
  type LoanResult,
} from '@gjj-hall/sdk/loan';
import { GjjError } from '@gjj-hall/sdk';
import { ApiError, ok } from '../http/envelope';
import { busyRetryAfter, costlyCall, createTurnQueue, FLOOD_DEFAULTS } from '../http/flood';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const row = {
  type: 'object',
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

/** The first message of the spec 5.1 rules that the query breaks, or ''. */
function firstProblem(q: LoanCalculationQuery): string {
  const messages = [
    loanRules.loanAmount()(q.htdkje),
    loanRules.loanTerm()(q.dkqs),
    loanRules.issueDate()(q.dkffrq) || (DATE.test(String(q.dkffrq)) ? '' : LOAN_MESSAGES.issueDate),
    loanRules.repaymentMethod()(q.dkhkfs) || (q.dkhkfs === '01' || q.dkhkfs === '02' ? '' : LOAN_MESSAGES.repaymentMethod),
    loanRules.commercialRate()(q.sdll),
    loanRules.providentRate()(q.gjjll),
    loanRules.secondHome()(q.sfstf) || (q.sfstf === '0' || q.sfstf === '1' ? '' : LOAN_MESSAGES.secondHome),
  ];
  return messages.find((message) => message !== '') ?? '';
}

function plan(amount: string, months: number, annualRate: string, method: '01' | '02', issueDate: string): LoanResult {
  return calculateLoan({ amount, months, annualRate: Number(annualRate), method, issueDate });
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

/** Settings of the calculator call. */
export interface CalculatorOptions {
  /** Calls per client address and minute (CALC_RATE_LIMIT). @default 30 */
  rateLimit?: number;
  /** Calculations that may wait for their turn before one more is answered 503. @default 16 */
  queueLimit?: number;
}

/**
 * The calculator call of spec 7.1: both loans computed by the sdk's engine, the one the widget uses offline. Public
 * and costly (two plans of up to 999 months), so limited per client address, queued one computation per turn of the
 * event loop, and shed while the server lags (http/flood.ts).
 */
export function calculatorRoutes(app: FastifyInstance, options: CalculatorOptions = {}): void {
  const turns = createTurnQueue(options.queueLimit ?? FLOOD_DEFAULTS.calcQueueLimit);
  app.get<{ Querystring: LoanCalculationQuery }>(
    LOAN_CALCULATION_PATH,
    {
      config: costlyCall('calculator', options.rateLimit ?? FLOOD_DEFAULTS.calcRateLimit, turns),
      schema: {
        summary: '公积金贷款与商业贷款试算（还款计划）',
        tags: ['贷款试算与利率'],
        querystring: {
          type: 'object',
          // Every field is read as text and checked by the spec 5.1 rules below, so each problem gets its own message.
          properties: {
            htdkje: { type: 'string', maxLength: 32, description: '贷款金额（元）' },
            dkqs: { type: 'string', maxLength: 32, description: '贷款期限（月）' },
            dkffrq: { type: 'string', maxLength: 32, description: '贷款发放日期' },
            dkhkfs: { type: 'string', maxLength: 32, description: '还款方式' },
            sdll: { type: 'string', maxLength: 32, description: '商业贷款年利率（%），0 或 0.01 至 10' },
            gjjll: { type: 'string', maxLength: 32, description: '公积金贷款年利率（%），0 或 0.01 至 10' },
            sfstf: { type: 'string', maxLength: 32, description: '是否二套房' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              code: { type: 'integer' },
              msg: { type: 'string' },
              data: {
                type: 'object',
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
      const problem = firstProblem(q);
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
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );
}
