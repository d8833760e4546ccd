import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';
import { requireTwoCheckForPath } from './two-check';

/**
 * The second check (enable 10, spec 4.2) guards what a page does, not only its opening (docs/two-check-calls.md):
 * every call that serves or changes what an enable-10 page shows or files checks the session's live grant for that
 * page, for as long as the grant lasts. One table: each enable-10 menu, the calls of its own, and the businesses it
 * files (whose ywsq calls then check it). The check itself is {@link requireTwoCheckForPath}, reading the one grant
 * table however the grant was obtained (the QR on a second device, or any other way that records a grant).
 */
export interface TwoCheckRow {
  /** The menu's path (menu.path, enable 10). */
  path: string;
  title: string;
  /** Calls of the page itself, as `METHOD url`. */
  calls: readonly string[];
  /** Businesses the page files: ywsq/submit, saveDraft, resubmit and id/getYthptYwbh for these check the grant. */
  ywlx: readonly string[];
}

const ZHFW = '/api/izfgjj-zhfw/v1';

export const TWO_CHECK_CALLS: readonly TwoCheckRow[] = [
  { path: '/grwt/zhxx/zhcx/grmxcx', title: '个人明细查询', calls: [`GET ${ZHFW}/grmx/list`, `GET ${ZHFW}/grmx/export`], ywlx: [] },
  { path: '/grwt/dkSys/dkyw/dksq', title: '公积金贷款申请', calls: [], ywlx: ['GD0101'] },
  { path: '/dwwt/jcyw/dw_huij', title: '单位汇缴', calls: [], ywlx: ['GJ0201'] },
  // The developer's loan-progress query has no call of its own yet: the issue that builds it adds its calls here.
  { path: '/kfswt/cx_yw/xx_cx/dkjd_cx', title: '购房贷款进度查询', calls: [], ywlx: [] },
];

/** The ywsq calls that file a business, and so check the grant of the page that files it. */
export const BUSINESS_FILING_CALLS = [
  `POST ${ZHFW}/ywsq/submit`,
  `POST ${ZHFW}/ywsq/saveDraft`,
  `POST ${ZHFW}/ywsq/resubmit`,
  `GET ${ZHFW}/id/getYthptYwbh`,
] as const;

const BY_CALL = new Map<string, string>(TWO_CHECK_CALLS.flatMap((row) => row.calls.map((call) => [call, row.path] as const)));
const BY_YWLX = new Map<string, string>(TWO_CHECK_CALLS.flatMap((row) => row.ywlx.map((code) => [code, row.path] as const)));

/**
 * The grant check of a page's own call, as a preHandler after the session check: 403 without a live grant.
 *
 * @example
 * app.get(`${ZHFW}/grmx/list`, { preHandler: [app.requireVerified, twoCheckGuard(db, now)] }, …)
 */
export function twoCheckGuard(db: Queryable, now: () => Date) {
  return async (request: FastifyRequest): Promise<void> => {
    const path = BY_CALL.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    if (path && request.session) await requireTwoCheckForPath(db, request.session, path, now());
  };
}

/** The grant check of a business filing call: 403 when the business is filed by an enable-10 page without a grant. */
export async function requireTwoCheckForBusiness(db: Queryable, request: FastifyRequest, ywlx: string, at: Date): Promise<void> {
  const path = BY_YWLX.get(ywlx);
  if (path && request.session) await requireTwoCheckForPath(db, request.session, path, at);
}
