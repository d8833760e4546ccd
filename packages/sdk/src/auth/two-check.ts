import type { GjjClient } from '../client/client';

/**
 * Where the second-check calls of menus with enable 10 live (spec 7.2 names getQrCode; the rest are ours,
 * docs/api-qr.md "Second check (enable 10)").
 *
 * @example
 * client.get(TWO_CHECK_PATHS.grant, { params: { menuId } })
 */
export const TWO_CHECK_PATHS = /* @__PURE__ */ Object.freeze({
  code: '/api/auth/v1/twoCheck/getQrCode',
  status: '/api/auth/v1/twoCheck/findQrStatus',
  grant: '/api/auth/v1/twoCheck/grant',
  scan: '/api/auth/v1/twoCheck/scan',
  confirm: '/api/auth/v1/twoCheck/confirm',
  refuse: '/api/auth/v1/twoCheck/refuse',
} as const);

/** A second-check QR (spec 3.7: codeImgBase64, codeId, exp). */
export interface TwoCheckCode {
  codeImgBase64: string;
  codeId: string;
  /** Seconds the code lives. */
  exp: number;
}

/** Whether this session may open a menu now. */
export interface TwoCheckGrant {
  /** The menu asks for the second check (enable 10, and the session did not sign in by face). */
  required: boolean;
  /** It may open the menu: verified, or no check needed. */
  granted: boolean;
  /** ISO time the verification ends, or null. */
  expiresAt: string | null;
}

/** What the phone's confirmation page shows about a second-check code. */
export interface TwoCheckInfo {
  codeId: string;
  /** The title of the menu the desktop wants to open. */
  menuTitle: string;
  status: 'waiting' | 'scanned' | 'confirmed' | 'refused';
  /** ISO time the desktop asked. */
  createdAt: string;
  /** ISO time the code expires. */
  expiresAt: string;
  /** The asking browser in words, such as `Chrome 浏览器（Windows）`. */
  browser: string;
  /** Its address, or `本机/内网地址（…）`. */
  place: string;
}

/**
 * A new second-check QR for a menu (GET twoCheck/getQrCode?menuId=, signed in; the code is bound to this session).
 * Silent: the dialog shows its load-failed overlay.
 *
 * @example
 * const qr = createQrAuth({ load: () => fetchTwoCheckCode(client, menu.id), poll: (id) => fetchTwoCheckStatus(client, id) })
 */
export async function fetchTwoCheckCode(client: GjjClient, menuId: number | string): Promise<TwoCheckCode> {
  const { data } = await client.get<Partial<TwoCheckCode>>(TWO_CHECK_PATHS.code, { params: { menuId: String(menuId) }, silent: true });
  return { codeImgBase64: String(data?.codeImgBase64 ?? ''), codeId: String(data?.codeId ?? ''), exp: Number(data?.exp) || 0 };
}

/**
 * The status of this session's second-check code (GET twoCheck/findQrStatus): 0 waiting, 1 opened on the phone,
 * 9 invalid or expired, 10 confirmed, 11 refused. Silent.
 *
 * @example
 * const { status } = await fetchTwoCheckStatus(client, codeId)
 */
export async function fetchTwoCheckStatus(client: GjjClient, codeId: string): Promise<{ status: number }> {
  const { data } = await client.get<{ status?: unknown }>(TWO_CHECK_PATHS.status, { params: { codeId }, silent: true });
  return { status: Number(data?.status) };
}

/**
 * Asks the server whether this session may open a menu now (GET twoCheck/grant?menuId=). The hall asks before it
 * opens an enable-10 menu; the server's answer, not the page, decides.
 *
 * @example
 * if (!(await fetchTwoCheckGrant(client, menu.id)).granted) showQrDialog()
 */
export async function fetchTwoCheckGrant(client: GjjClient, menuId: number | string): Promise<TwoCheckGrant> {
  const { data } = await client.get<Partial<TwoCheckGrant>>(TWO_CHECK_PATHS.grant, { params: { menuId: String(menuId) } });
  return { required: data?.required !== false, granted: data?.granted === true, expiresAt: data?.expiresAt ? String(data.expiresAt) : null };
}

function info(data: Partial<TwoCheckInfo> | null | undefined): TwoCheckInfo {
  return {
    codeId: String(data?.codeId ?? ''),
    menuTitle: String(data?.menuTitle ?? ''),
    status: data?.status ?? 'waiting',
    createdAt: String(data?.createdAt ?? ''),
    expiresAt: String(data?.expiresAt ?? ''),
    browser: String(data?.browser ?? ''),
    place: String(data?.place ?? ''),
  };
}

const post = async (client: GjjClient, path: string, codeId: string) =>
  info((await client.post<Partial<TwoCheckInfo>>(path, { codeId }, { silent: true })).data);

/**
 * The phone opens a second-check code (POST twoCheck/scan): only the login that asked may (others get 403), and not
 * from the asking session itself. Silent: the page says what went wrong in place.
 *
 * @example
 * const { menuTitle, browser } = await scanTwoCheck(client, codeId)
 */
export function scanTwoCheck(client: GjjClient, codeId: string): Promise<TwoCheckInfo> {
  return post(client, TWO_CHECK_PATHS.scan, codeId);
}

/**
 * The phone confirms (POST twoCheck/confirm): once; the asking session may then open the menu for a while.
 *
 * @example
 * await confirmTwoCheck(client, codeId)
 */
export function confirmTwoCheck(client: GjjClient, codeId: string): Promise<TwoCheckInfo> {
  return post(client, TWO_CHECK_PATHS.confirm, codeId);
}

/**
 * The phone refuses (POST twoCheck/refuse): the desktop's dialog shows 认证失败.
 *
 * @example
 * await refuseTwoCheck(client, codeId)
 */
export function refuseTwoCheck(client: GjjClient, codeId: string): Promise<TwoCheckInfo> {
  return post(client, TWO_CHECK_PATHS.refuse, codeId);
}
