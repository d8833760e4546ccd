import type { FastifyInstance } from 'fastify';
import {
  LOAN_CALCULATION_PATH,
  LOAN_MESSAGES,
  calculateLoan,
  loanRules,
  type LoanCalculationQuery,
  type LoanCalculationResult,
  type RepaymentRow,
} from '@gjj-hall/sdk/loan';
import { GjjError } from '@gjj-hall/sdk';
import { ApiError, ok } from '../http/envelope';

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

function plan(amount: string, months: number, annualRate: string, method: '01' | '02', issueDate: string) {
  const result = calculateLoan({ amount, months, annualRate: Number(annualRate), method, issueDate });
  const rows: RepaymentRow[] = result.schedule.map((r) => ({
    qic: r.period,
    hkrq: r.date,
    yhbj: r.principal,
    yhlx: r.interest,
    bxhj: r.payment,
    dkye: r.balance,
  }));
  return { payment: result.monthlyPayment, principal: result.totalPrincipal, interest: result.totalInterest, rows };
}

/** The calculator call of spec 7.1: both loans computed by the sdk's engine, the one the widget uses offline. */
export function calculatorRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: LoanCalculationQuery }>(
    LOAN_CALCULATION_PATH,
    {
      schema: {
        summary: '公积金贷款与商业贷款试算（还款计划）',
        querystring: {
          type: 'object',
          // Every field is read as text and checked by the spec 5.1 rules below, so each problem gets its own message.
          properties: {
            htdkje: { type: 'string', description: '贷款金额（元）' },
            dkqs: { type: 'string', description: '贷款期限（月）' },
            dkffrq: { type: 'string', description: '贷款发放日期' },
            dkhkfs: { type: 'string', description: '还款方式' },
            sdll: { type: 'string', description: '商业贷款年利率（%）' },
            gjjll: { type: 'string', description: '公积金贷款年利率（%）' },
            sfstf: { type: 'string', description: '是否二套房' },
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
    async (request) => {
      const q = request.query;
      const problem = firstProblem(q);
      if (problem) throw new ApiError(400, problem);
      try {
        const months = Number(q.dkqs);
        const sd = plan(String(q.htdkje), months, String(q.sdll), q.dkhkfs, q.dkffrq);
        const gjj = plan(String(q.htdkje), months, String(q.gjjll), q.dkhkfs, q.dkffrq);
        const data: LoanCalculationResult = {
          sdYhke: sd.payment,
          sdBjhj: sd.principal,
          sdLxhj: sd.interest,
          sdHkjhList: sd.rows,
          gjjYhke: gjj.payment,
          gjjBjhj: gjj.principal,
          gjjLxhj: gjj.interest,
          gjjHkjhList: gjj.rows,
        };
        return ok(data);
      } catch (error) {
        // The engine's own checks (an impossible date, a rate it cannot use) carry a Chinese message.
        if (error instanceof GjjError) throw new ApiError(400, error.message);
        throw error;
      }
    },
  );
}
