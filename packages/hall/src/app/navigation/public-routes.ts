/**
 * Every public route of spec 2.1 (in the route table before sign-in, hidden from menus).
 *
 * @example
 * PUBLIC_ROUTES.includes('/dkcs') // true
 */
export const PUBLIC_ROUTES: readonly string[] = Object.freeze([
  '/404',
  '/401',
  '/login',
  '/loginOut',
  '/zwLogin',
  '/zwRedirect',
  '/userRegister',
  '/dwRegister',
  '/lhjyrysl',
  '/yddkryzc',
  '/forgotPwd',
  '/setLoginPwd',
  '/setQtLoginPwd',
  '/UnitDeposit',
  '/znts',
  '/introToCenter',
  '/policyInfo',
  '/policyDetail',
  '/cooperation',
  '/commonDownload',
  '/goodBadReviews',
  '/startEvaluation',
  '/evaluationRecords',
  '/evaluationInformation',
  '/loanRate',
  '/complaintJY',
  '/complaintJYInfo',
  '/complaintJYAdd',
  '/operationVideo',
  '/pubNotice',
  '/ylOfd',
  '/ylOfdBase64',
  '/dkcs',
]);

/**
 * The navigation check's own list of routes that need no login, verbatim from spec 2.1.
 *
 * @example
 * NO_LOGIN_ROUTES.includes('/cooperation') // false
 */
export const NO_LOGIN_ROUTES: readonly string[] = Object.freeze([
  '/404',
  '/loginOut',
  '/zwLogin',
  '/login',
  '/userRegister',
  '/dwRegister',
  '/lhjyrysl',
  '/yddkryzc',
  '/forgotPwd',
  '/setLoginPwd',
  '/setQtLoginPwd',
  '/UnitDeposit',
  '/introToCenter',
  '/policyInfo',
  '/policyDetail',
  '/commonDownload',
  '/complaintJY',
  '/loanRate',
  '/complaintJYInfo',
  '/complaintJYAdd',
  '/goodBadReviews',
  '/evaluationInformation',
  '/operationVideo',
  '/dkcs',
]);

/**
 * The separate whitelist of spec 2.1: /login, /404 and /401.
 *
 * @example
 * LOGIN_WHITELIST.includes('/401') // true
 */
export const LOGIN_WHITELIST: readonly string[] = Object.freeze(['/login', '/404', '/401']);

/**
 * Public, no-login routes of ours that spec 2.1 does not list: the QR login confirmation page and the second-check
 * confirmation page of enable-10 menus, which open from a QR on a phone whether or not the hall is signed in there
 * (docs/api-qr.md; each says so when it is not), and the mobile signing page of the authorisation letter, opened from
 * the signing QR on the applicant's phone with no session (the uuid is the capability; docs/api-archive.md). Kept apart
 * so that the spec's lists above stay verbatim. The two QR confirmation pages start with `/qr`, so signing in never
 * returns to them (`afterSignInPath`).
 *
 * @example
 * OWN_PUBLIC_ROUTES.includes('/qrConfirm') // true
 */
export const OWN_PUBLIC_ROUTES: readonly string[] = Object.freeze(['/qrConfirm', '/qrTwoCheck', '/mobileSign']);

/**
 * The hall's pages that also run inside a host's frame (issue 22), without the hall's banner and footer: public
 * routes, since in a frame the session arrives from the host (`init`), and on their own they ask to sign in.
 *
 * @example
 * FRAME_ROUTES.includes('/dzda') // true
 */
export const FRAME_ROUTES: readonly string[] = Object.freeze(['/dzda']);

/**
 * The public home (the centre's portal start; spec 2.1 names no path for it, docs/decisions.md, issue 23), where a
 * signed-out visitor arriving at home.html or `/` lands.
 *
 * @example
 * PORTAL_HOME // '/index'
 */
export const PORTAL_HOME = '/index';

/**
 * Public, no-login routes of the portal that spec 2.1 does not list (issue 23): the public home and the anonymous
 * look-up of a complaint by its reference number and phone; and the check of a deposit certificate by its code, where
 * the certificate's QR leads (issue 24, docs/api-personal.md › 缴存证明); and the check of a withdrawal receipt (提取回单)
 * by its code, where the receipt's QR leads (issue 33, docs/api-withdrawals.md); the check of a unit's deposit
 * certificate (单位缴存证明, GJ0209) by its code (issue 34, docs/api-unit-business.md); and the check of a loan
 * settlement certificate (贷款结清证明) by its code (issue 38, docs/api-loans.md › 结清证明).
 *
 * @example
 * PORTAL_ROUTES.includes('/complaintQuery') // true
 */
export const PORTAL_ROUTES: readonly string[] = Object.freeze([PORTAL_HOME, '/complaintQuery', '/jczmVerify', '/tqhdVerify', '/dwjczmVerify', '/dkjqzmVerify']);

// `/` needs no login either: signed out it leads to the public home, signed in the guard sends it to the home path.
const noLogin: ReadonlySet<string> = new Set(['/', ...NO_LOGIN_ROUTES, ...LOGIN_WHITELIST, ...OWN_PUBLIC_ROUTES, ...PORTAL_ROUTES, ...FRAME_ROUTES]);
const publicRoutes: ReadonlySet<string> = new Set([...PUBLIC_ROUTES, ...OWN_PUBLIC_ROUTES, ...PORTAL_ROUTES, ...FRAME_ROUTES]);

/** The path part of a route address: query and hash removed. */
function pathOnly(path: unknown): string {
  return typeof path === 'string' ? (path.split(/[?#]/, 1)[0] ?? '') : '';
}

/**
 * True when the route needs no login: an exact, case-sensitive match of the path (query and hash removed) on
 * {@link NO_LOGIN_ROUTES} or {@link LOGIN_WHITELIST}. The whitelist adds only /401, where the guard itself sends a
 * signed-out user when the system configuration is empty (spec 4.1).
 *
 * @example
 * isNoLoginRoute('/login?redirect=%2Fgrwt') // true
 * isNoLoginRoute('/401') // true
 * isNoLoginRoute('/cooperation') // false
 * isNoLoginRoute('/Login') // false
 */
export function isNoLoginRoute(path: unknown): boolean {
  return noLogin.has(pathOnly(path));
}

/**
 * True when the path (query and hash removed) is one of the public routes of spec 2.1, exact match.
 *
 * @example
 * isPublicRoute('/pubNotice') // true
 * isPublicRoute('/grwt') // false
 */
export function isPublicRoute(path: unknown): boolean {
  return publicRoutes.has(pathOnly(path));
}
