import type { GjjClient } from '../client/client';
import type { LoginType } from '../session/session';
import type { LoginResult } from './api';
import type { QrCode } from './qr-auth';

/**
 * Where the QR login calls live (spec 7.2; the confirmation page's three are ours, docs/api-qr.md).
 *
 * @example
 * client.get(QR_LOGIN_PATHS.status, { params: { codeId }, headers: { [QR_KEY_HEADER]: qrKey } })
 */
export const QR_LOGIN_PATHS = /* @__PURE__ */ Object.freeze({
  code: '/api/auth/v1/qrcode/getQrCode',
  status: '/api/auth/v1/qrcode/findQrStatus',
  login: '/api/auth/v1/otherAuth/qrFaceIdLogin',
  scan: '/api/auth/v1/qrcode/scanQrCode',
  confirm: '/api/auth/v1/qrcode/confirmQrCode',
  refuse: '/api/auth/v1/qrcode/refuseQrCode',
} as const);

/**
 * The header that carries the key getQrCode hands to the browser that asked for the code. Without it the code's id,
 * which anybody can read off the screen, is not enough to poll the code or to turn it into a session.
 *
 * @example
 * { headers: { [QR_KEY_HEADER]: code.qrKey } }
 */
export const QR_KEY_HEADER = 'qrkey';

/**
 * Poll statuses the reference server adds to those of spec 4.4 (which the dialog's machine ignores and keeps
 * polling on): 0 nobody has opened the code yet, 1 a person has it open on the confirmation page.
 *
 * @example
 * status === QR_PENDING_STATUS.scanned // show "已扫码，请在手机上确认"
 */
export const QR_PENDING_STATUS = /* @__PURE__ */ Object.freeze({ waiting: 0, scanned: 1 } as const);

/** A login QR as getQrCode answers it: spec 3.7 plus the key that binds the code to this browser. */
export interface LoginQrCode extends QrCode {
  codeId: string;
  exp: number;
  /** Send it back as the {@link QR_KEY_HEADER} header; keep it in memory only. */
  qrKey: string;
}

/** Options of {@link fetchLoginQrCode}. */
export interface LoginQrCodeOptions {
  /** Pass `sm2Encrypt` from `@gjj-hall/sdk/crypto` (injected, so this entry stays free of sm-crypto). */
  encrypt: (plainText: string, publicKeyHex: string) => string;
  /** The centre's SM2 public key (GET getPubleKey). */
  publicKey: string;
  /** The project to sign in to (`toProjectDec`). @default 'izfgjj' */
  project?: string;
}

/** What the confirmation page shows about a code (qrcode/scanQrCode and the answers of confirm and refuse). */
export interface QrScanInfo {
  codeId: string;
  /** The login type the code was made for. */
  loginType: LoginType;
  status: 'waiting' | 'scanned' | 'confirmed' | 'refused' | 'used';
  /** ISO time the code was asked for. */
  createdAt: string;
  /** ISO time it expires. */
  expiresAt: string;
  /** The address of the browser that asked for it, as the server saw it (behind its trusted proxies). */
  requesterIp: string;
  /** That browser in words, such as `Chrome 浏览器（Windows）` (the server's summary of its User-Agent). */
  browser: string;
  /** Where it asked from: its address, or `本机/内网地址（…）` for a loopback or private one. */
  place: string;
  /** Whether the person on the confirmation page is signed in with the code's login type (only then may they confirm). */
  sameType: boolean;
}

/**
 * A new login QR (GET qrcode/getQrCode): `state` is 0, 1 or 2 for login types 1, 2, 3, SM2-encrypted with the
 * project (`toProjectDec`), as spec 7.2 says. The image is a data URL of a QR that opens the confirmation page.
 *
 * @example
 * import { sm2Encrypt } from '@gjj-hall/sdk/crypto'
 * const code = await fetchLoginQrCode(client, 1, { encrypt: sm2Encrypt, publicKey })
 * image.src = code.codeImgBase64
 */
export async function fetchLoginQrCode(client: GjjClient, loginType: LoginType, options: LoginQrCodeOptions): Promise<LoginQrCode> {
  const { data } = await client.get<Partial<LoginQrCode>>(QR_LOGIN_PATHS.code, {
    params: {
      state: options.encrypt(String(loginType - 1), options.publicKey),
      toProjectDec: options.encrypt(options.project ?? 'izfgjj', options.publicKey),
    },
    silent: true,
  });
  return {
    codeImgBase64: String(data?.codeImgBase64 ?? ''),
    codeId: String(data?.codeId ?? ''),
    exp: Number(data?.exp) || 0,
    qrKey: String(data?.qrKey ?? ''),
  };
}

/**
 * The status of a code (GET qrcode/findQrStatus): 0 waiting, 1 scanned, 9 invalid, 10 confirmed, 11 refused. Silent:
 * the dialog shows what it means.
 *
 * @example
 * const qr = createQrAuth({ load, poll: (codeId) => fetchQrStatus(client, { codeId, qrKey }) })
 */
export async function fetchQrStatus(client: GjjClient, code: Pick<LoginQrCode, 'codeId' | 'qrKey'>): Promise<{ status: number }> {
  const { data } = await client.get<{ status?: unknown }>(QR_LOGIN_PATHS.status, {
    params: { codeId: code.codeId },
    headers: { [QR_KEY_HEADER]: code.qrKey },
    silent: true,
  });
  return { status: Number(data?.status) };
}

/**
 * Turns a confirmed code into a session (GET otherAuth/qrFaceIdLogin), once; the client's `onToken` hook sees the
 * token in the header too. Rejects (silently) with the server's message when the code is not confirmed, refused,
 * used or expired.
 *
 * @example
 * onSuccess: async () => { const { token } = await qrFaceIdLogin(client, code); session.setToken(token) }
 */
export async function qrFaceIdLogin(client: GjjClient, code: Pick<LoginQrCode, 'codeId' | 'qrKey'>): Promise<LoginResult> {
  const { data } = await client.get<Partial<LoginResult>>(QR_LOGIN_PATHS.login, {
    params: { codeId: code.codeId },
    headers: { [QR_KEY_HEADER]: code.qrKey },
    silent: true,
  });
  return { token: String(data?.token ?? ''), loginType: (Number(data?.loginType) || 1) as LoginType };
}

function scanInfo(data: Partial<QrScanInfo> | null | undefined): QrScanInfo {
  return {
    codeId: String(data?.codeId ?? ''),
    loginType: (Number(data?.loginType) || 1) as LoginType,
    status: data?.status ?? 'waiting',
    createdAt: String(data?.createdAt ?? ''),
    expiresAt: String(data?.expiresAt ?? ''),
    requesterIp: String(data?.requesterIp ?? ''),
    browser: String(data?.browser ?? ''),
    place: String(data?.place ?? ''),
    sameType: data?.sameType === true,
  };
}

/**
 * The confirmation page scans a code (POST qrcode/scanQrCode, signed in): the first scan by a login of the code's
 * type claims it (the asking browser then sees status 1), and from then on only that login may see it, confirm it or
 * refuse it (others get 403). Call it only with a code the person's own scan read, never one from an address: a
 * link is how an attacker gets a victim to confirm the attacker's code. Silent: the page shows the message in place.
 *
 * @example
 * const info = await scanQrCode(client, codeId)
 * info.sameType // false: this person cannot confirm it
 */
export async function scanQrCode(client: GjjClient, codeId: string): Promise<QrScanInfo> {
  const { data } = await client.post<Partial<QrScanInfo>>(QR_LOGIN_PATHS.scan, { codeId }, { silent: true });
  return scanInfo(data);
}

/**
 * Confirms the login a code asks for (POST qrcode/confirmQrCode): the asking browser may then sign in as this person.
 *
 * @example
 * await confirmQrCode(client, codeId)
 */
export async function confirmQrCode(client: GjjClient, codeId: string): Promise<QrScanInfo> {
  const { data } = await client.post<Partial<QrScanInfo>>(QR_LOGIN_PATHS.confirm, { codeId }, { silent: true });
  return scanInfo(data);
}

/**
 * Refuses the login a code asks for (POST qrcode/refuseQrCode): the asking browser shows the failure overlay.
 *
 * @example
 * await refuseQrCode(client, codeId)
 */
export async function refuseQrCode(client: GjjClient, codeId: string): Promise<QrScanInfo> {
  const { data } = await client.post<Partial<QrScanInfo>>(QR_LOGIN_PATHS.refuse, { codeId }, { silent: true });
  return scanInfo(data);
}
