import type { Queryable } from '../db/db';
import type { CentreParameters } from '../params/centre';

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
  /** The centre's clock at the check (rules on dates, e.g. months without a remittance); the real time when absent. */
  now?: Date;
  /** The application being submitted or resubmitted, when it has a number: it is not "another one in progress". */
  ywbh?: string;
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
  /**
   * The message in the centre's current parameters (a bound read from the parameter table), when it names one; `msg`
   * is then the wording for the documentation and the at-open check.
   */
  message?(ctx: RuleContext<P>): string | Promise<string>;
  /** The centre's parameter the rule reads, if any. */
  param?: string;
  /**
   * The rule reads only the applicant and the records, never the payload: `ywblxz/check` checks it too (with an empty
   * payload), so the wizard says so before anything is typed rather than at submission.
   */
  atOpen?: boolean;
  /**
   * The status a failure answers: 400 (the default) with `msg`, or 403 when the payload names a record that is not the
   * applicant's (another person's account): the catalogue's 403 and nothing else, so the answer reveals nothing.
   */
  status?: 400 | 403;
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

/**
 * The handling guide of a business (spec 3.6, 办事指南), plain text per field; the API sends each base64-encoded.
 * Shown on the wizard's first step.
 */
export interface BusinessGuide {
  /** 办理渠道 */
  blqd: string;
  /** 服务对象 */
  fwdx: string;
  /** 办结时间 (the time limit in words) */
  bjsj: string;
  /** 事项定义 */
  xzdy: string;
  /** 受理依据 */
  slyj: string;
  /** 受理条件 */
  sltj: string;
  /** 申请材料 (in words; the list the applicant needs comes from `materials`) */
  sqcl: string;
  /** 办理流程 */
  bllc: string;
  /** 办理结果 */
  bljg: string;
  /** 备注 */
  bz: string;
}

/**
 * One material (申请材料) a business may need (spec 3.6: wjlxId, wjmc, jdbh, mlbh, zstj). `when` decides from the
 * applicant's answers whether this applicant needs it; without `when` everyone does.
 */
export interface BusinessMaterial<P = Record<string, unknown>> {
  /** 文件类型编号, as the electronic archive knows it. */
  wjlxId: string;
  /** 文件名称 */
  wjmc: string;
  /** 节点编号: the archive's collection node. */
  jdbh: string;
  /** 目录编号: the archive's catalogue entry. */
  mlbh: string;
  /** 展示条件: when it is needed, in words (shown with the material). */
  zstj: string;
  /** Needed to submit (false: optional, if the applicant has it). */
  required: boolean;
  /** What the file shows, for the archive collector (defaults to `zstj`). */
  description?: string;
  /** How many files the archive keeps of it (a signed letter: 1). */
  maxFiles: number;
  when?: (answers: Partial<P>) => boolean;
}

/** What a business's hold sees: the transaction that submits or resubmits, and the application's number. */
export interface HoldContext<P> {
  tx: Queryable;
  applicant: Applicant;
  ywbh: string;
  payload: P;
  now: Date;
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
  /**
   * The handling guide (spec 3.6); without one the wizard shows a generic one built from the name and time limit. A
   * guide that names a parameter is a function of the centre's parameters, read when the guide is asked for.
   */
  guide?: BusinessGuide | ((p: CentreParameters) => BusinessGuide);
  /**
   * The materials, each with the condition under which the applicant needs it: the one table the wizard's guide, the
   * archive collector and the completeness check (cjtj) all compute from (business/materials.ts).
   */
  materials: ReadonlyArray<BusinessMaterial<P>>;
  /** The handling notice (须知, spec 2.12 `pznr`) as plain text; without one a generic notice. */
  notice?: string | ((p: CentreParameters) => string);
  automatic?: AutomaticRule<P>;
  /**
   * Runs in the transaction that submits or resubmits the application, after the restrictions: a withdrawal holds its
   * amount on the account here (throw an ApiError to refuse; nothing of the submission stays).
   */
  hold?(ctx: HoldContext<P>): Promise<void>;
  /** Changes the records, in the transaction of the status change to 已办结; throwing undoes both. */
  complete(ctx: CompletionContext<P>): Promise<void>;
}

/**
 * Declares a business with its payload type, so its rules and completion read typed payloads.
 *
 * @example
 * export const gj0313 = defineBusiness<{ sjhm: string }>({ ywlx: 'GJ0313', ywmc: '个人手机号码变更', … })
 */
/**
 * The message a failing rule answers: `message(ctx)` (the bounds in force) when the rule has one, else `msg`.
 * @example throw new ApiError(400, await ruleMessage(rule, ctx))
 */
export async function ruleMessage<P>(rule: BusinessRule<P>, ctx: RuleContext<P>): Promise<string> {
  return rule.message ? rule.message(ctx) : rule.msg;
}

export const defineBusiness = <P>(business: Business<P>): Business<P> => business;
