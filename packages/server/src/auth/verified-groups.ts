import type { FastifyInstance, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { ZHFW_PREFIX } from '../routes/shell';

/**
 * Every business call requires a verified identity (issue 31 item 8; docs/security.md): structurally, not call by
 * call. Every route registered under one of these groups gets `app.requireVerified` as its first onRequest hook (a
 * route's own `requireSession` or `requireVerified` preHandler is dropped, as it is included), so a new call of the
 * group cannot forget it, and an unverified login is refused before its input is read or validated. What a group
 * answers without any login is listed in {@link PUBLIC_CALLS}.
 *
 * The groups: the spine (ywsq, ywblxz, ywbl, id, draftbox, todo), records and certificates (grmx, jczm), the
 * personal business areas (grzhxx, grzhxxbg, sjhbg, grzy, lhjy), withdrawals (tq), loans (dkyw) and the unit's
 * business (dwyw, dwlxd). Left to the session alone, by design: the login's own shell (grxx/loginGrxx,
 * dwxx/dwxxUser, xxwz/check: what an unverified login is shown to be asked to verify) and its messages (xxzx).
 */
export const VERIFIED_GROUPS: readonly string[] = [
  'jczm',
  'grmx',
  'ywsq',
  'ywblxz',
  'ywbl',
  'id',
  'draftbox',
  'todo',
  'grzhxx',
  'grzhxxbg',
  'sjhbg',
  'grzy',
  'lhjy',
  'tq',
  'dkyw',
  'dwyw',
  'dwlxd',
].map((g) => `${ZHFW_PREFIX}/${g}/`);

/**
 * Calls of those groups open to anyone, by design: the certificate's, the withdrawal receipt's and the loan
 * settlement certificate's public checks (rate-limited by address), and the flexible-employment setup of a newcomer who has no login yet (its parameters,
 * its SMS code and the setup itself, behind the human check).
 */
export const PUBLIC_CALLS: ReadonlySet<string> = new Set(
  ['jczm/verify', 'tq/hdVerify', 'dkyw/jqzmVerify', 'lhjy/params', 'lhjy/sendSms', 'lhjy/lhjyrysl'].map((c) => `${ZHFW_PREFIX}/${c}`),
);

/** Whether a route of this url must have a verified identity. */
export const needsVerified = (url: string): boolean => !PUBLIC_CALLS.has(url) && VERIFIED_GROUPS.some((g) => url.startsWith(g));

/** `METHOD url` of every route the rule was put on (for the test that every business call has it). */
export const GUARDED_ROUTES = new Set<string>();

/** Registers the rule (an onRoute hook): call after identityHooks and before the routes. */
export function verifiedGroups(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!needsVerified(route.url)) return;
    const own = (route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) as preHandlerAsyncHookHandler[];
    route.preHandler = own.filter((h) => h !== app.requireSession && h !== app.requireVerified);
    const first = (route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) as onRequestAsyncHookHandler[];
    route.onRequest = [app.requireVerified as onRequestAsyncHookHandler, ...first.filter((h) => h !== app.requireSession && h !== app.requireVerified)];
    for (const method of [route.method].flat()) GUARDED_ROUTES.add(`${method} ${route.url}`);
  });
}
