import type { Queryable } from '../db/db';

/**
 * One business (业务) on the applications spine (docs/api-applications.md): what it is called, who may apply, its
 * time limit, the JSON Schema of its payload, its rule table, its automatic rule and what completing it does to the
 * records. A business is a module under `business/<area>/` registered by one line in `registry.ts`.
 */

/** A JSON Schema object (draft-07, as Ajv reads it), with our `description` / `x-msg` / `x-required-msg` words. */
export type JsonSchema = Record<string, unknown>;

/** Who is applying: the session's login and current account. */
export interface Applicant {
  userId: string;
  accountId: string;
  loginType: 1 | 2 | 3;
  /** The login's account text (ID number, unit account). */
  login: string;
  /** The account number of the current account (grzh for a person, dwzh for a unit), '' when none. */
  zh: string;
}

/** What a business rule or an automatic rule sees. */
export interface RuleContext<P> {
  q: Queryable;
  applicant: Applicant;
  payload: P;
}

/**
 * A row of a business's rule table: a named condition on the payload and the records, and the Chinese message shown
 * when it does not hold. Checked on submit and resubmit (400 with the message).
 */
export interface BusinessRule<P> {
  name: string;
  /** What the rule asks, for the documentation. */
  description: string;
  msg: string;
  /** The centre's parameter the rule reads, if any. */
  param?: string;
  holds(ctx: RuleContext<P>): boolean | Promise<boolean>;
}

/**
 * The automatic rule of a type: what the centre needs no person for. `decide` answers `'complete'` (accepted and
 * completed at once, by the system), `'accept'` (accepted at once, a person completes) or `null` (a person decides).
 */
export interface AutomaticRule<P> {
  /** The rule in words, for the documentation's table. */
  description: string;
  decide(ctx: RuleContext<P>): 'complete' | 'accept' | null | Promise<'complete' | 'accept' | null>;
}

/** What completion sees: the transaction the status change runs in, and the application. */
export interface CompletionContext<P> {
  tx: Queryable;
  at: Date;
  application: { id: string; ywbh: string; ywlx: string; userId: string; accountId: string; zh: string; payload: P };
}

export interface Business<P = Record<string, unknown>> {
  ywlx: string;
  ywmc: string;
  /** The hall's area of spec 2.4. */
  area: 'unit' | 'personal' | 'flexible' | 'withdrawal' | 'loan' | 'developer';
  /** The login types that may apply (1 individual, 2 unit, 3 developer). */
  loginTypes: ReadonlyArray<1 | 2 | 3>;
  /** 承诺时限: working days from submission to the promised completion day. */
  timeLimitDays: number;
  schema: JsonSchema;
  /** True while the schema is the permissive placeholder a later issue replaces. */
  placeholder?: boolean;
  /** A sealed account may apply (the businesses that unseal it). */
  allowsSealedAccount?: boolean;
  rules: ReadonlyArray<BusinessRule<P>>;
  automatic?: AutomaticRule<P>;
  /** Changes the records, in the transaction of the status change to 已办结; throwing undoes both. */
  complete(ctx: CompletionContext<P>): Promise<void>;
}

/**
 * Declares a business with its payload type, so its rules and completion read typed payloads.
 *
 * @example
 * export const gj0313 = defineBusiness<{ sjhm: string }>({ ywlx: 'GJ0313', ywmc: '个人手机号码变更', … })
 */
export const defineBusiness = <P>(business: Business<P>): Business<P> => business;
