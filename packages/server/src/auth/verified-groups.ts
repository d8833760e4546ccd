import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { ZHFW_PREFIX } from '../routes/shell';

/**
 * Every business call requires a verified identity (issue 31 item 8; docs/security.md): structurally, not call by
 * call. Every route registered under one of these groups gets `app.requireVerified` as its first preHandler (a
 * route's own `requireSession` is replaced by it, as it includes it), so a new call of the group cannot forget it.
 * What a group answers without any login is listed in {@link PUBLIC_CALLS}.
 */
export const VERIFIED_GROUPS: readonly string[] = ['jczm', 'grmx', 'ywsq', 'ywblxz', 'ywbl', 'id', 'draftbox'].map((g) => `${ZHFW_PREFIX}/${g}/`);

/** Calls of those groups open to anyone (the certificate's public verification). */
export const PUBLIC_CALLS: ReadonlySet<string> = new Set([`${ZHFW_PREFIX}/jczm/verify`]);

/** Whether a route of this url must have a verified identity. */
export const needsVerified = (url: string): boolean => !PUBLIC_CALLS.has(url) && VERIFIED_GROUPS.some((g) => url.startsWith(g));

/** `METHOD url` of every route the rule was put on (for the test that every business call has it). */
export const GUARDED_ROUTES = new Set<string>();

/** Registers the rule (an onRoute hook): call after identityHooks and before the routes. */
export function verifiedGroups(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!needsVerified(route.url)) return;
    const own = (route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) as preHandlerAsyncHookHandler[];
    const rest = own.filter((h) => h !== app.requireSession && h !== app.requireVerified);
    route.preHandler = [app.requireVerified as preHandlerAsyncHookHandler, ...rest];
    for (const method of [route.method].flat()) GUARDED_ROUTES.add(`${method} ${route.url}`);
  });
}
