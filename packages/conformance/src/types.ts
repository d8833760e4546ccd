/** The areas a run can cover (`--profile`), as the server's OpenAPI document tags them (docs/api-openapi.md). */
export const PROFILES = ['public', 'personal', 'withdrawals', 'loans', 'units', 'developer'] as const;
export type Profile = (typeof PROFILES)[number];

/** The first tag of an operation (the area, in Chinese) → the profile that checks it. */
export const AREA_TAGS: Record<string, Profile> = {
  公共服务: 'public',
  个人业务: 'personal',
  提取: 'withdrawals',
  贷款: 'loans',
  单位业务: 'units',
  开发商: 'developer',
};

export type Outcome = 'pass' | 'fail' | 'skip';

/** One request as sent (headers that carry secrets are masked). */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** One answer as received (the body cut to a few kilobytes). */
export interface ReceivedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
}

/** The result of one check: one row of the report. */
export interface CheckResult {
  /** Stable name, `<profile>/<kind>/<subject>`, e.g. `personal/schema/getGrzhxxList`. */
  id: string;
  profile: Profile;
  /** What is checked, in a sentence. */
  title: string;
  outcome: Outcome;
  /** What a journey needs from the login file and the command line (it is skipped, saying which, without them). */
  needs?: string[];
  /** Why it failed or was skipped. */
  reason?: string;
  /** The request and answer that failed (the last exchange of the check). */
  request?: SentRequest;
  answer?: ReceivedAnswer;
  /** What the hall would show the user for this answer (the envelope's msg, else the sdk's catalogue). */
  shown?: string;
  ms: number;
}

/** A login the centre lends the kit in its test environment. */
export interface TestLogin {
  account: string;
  password: string;
  /** The login's phone, for the sign-in by SMS code (with `hooks.sms`). */
  phone?: string;
}

/** `--login-file`: the test logins by kind, and the hooks of the centre's test environment. */
export interface LoginFile {
  individual?: TestLogin[];
  unit?: TestLogin[];
  developer?: TestLogin[];
  hooks?: {
    /** A URL answering the picture captcha's answer for `{uuid}`: JSON `{ code }`, `{ data: [{ code }] }`, or plain text. */
    captcha?: string;
    /** A URL answering the newest SMS code sent to `{phone}`, in the same forms as `captcha`. */
    sms?: string;
    /** The centre API that decides applications (`POST {base}/applications/{ywbh}/{action}` with header x-centre-key). */
    centre?: { base: string; key: string; operator?: string };
  };
}

/** The hooks as functions (the library form; the CLI makes them from the login file). */
export interface Hooks {
  /** The answer of the picture captcha `uuid`. */
  captcha?: (uuid: string) => Promise<string>;
  /** The newest SMS code sent to `phone` (the code may arrive a moment after the call that sends it). */
  sms?: (phone: string) => Promise<string>;
  /** Makes the centre decide: accept, then complete (or reject) the application `ywbh`. */
  decide?: (ywbh: string, action: 'accept' | 'complete' | 'reject' | 'return') => Promise<void>;
}

export interface ConformanceOptions {
  /** Where the API is: the server's root or its `/api` (https://centre.example/api). */
  base: string;
  profiles?: readonly Profile[];
  logins?: LoginFile;
  hooks?: Hooks;
  /** Submit businesses and have them decided (changes the centre's records). @default false */
  allowWrites?: boolean;
  /** Run against a target that does not look like a test environment. @default false */
  iOwnThis?: boolean;
  /** At most this many requests. @default 600 */
  budget?: number;
  /** At most this many requests a second. @default 10 */
  rate?: number;
  /** The OpenAPI document's address. @default <root>/api/openapi.json */
  openapi?: string;
  /** Requests the throttle probe may send to find a 429. @default 40 */
  throttleProbe?: number;
  /** Where the banner and progress go. @default console.error */
  log?: (line: string) => void;
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Today in the centre's calendar (YYYY-MM-DD). @default today in Asia/Shanghai */
  today?: string;
}

export interface ProfileSummary {
  passed: number;
  failed: number;
  skipped: number;
}

export interface ConformanceReport {
  target: string;
  startedAt: string;
  ms: number;
  requests: number;
  profiles: Profile[];
  allowWrites: boolean;
  results: CheckResult[];
  summary: Record<string, ProfileSummary>;
  ok: boolean;
}
