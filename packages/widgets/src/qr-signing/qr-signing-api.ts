import type { GjjClient } from '@gjj-hall/sdk';

/** Where the signing calls live (docs/api-archive.md). */
export const SIGNING_API = '/api/dzda/v1/zhcjyw';

/** The answer of `qm`: the QR's text is `urlBase + uuid`; the PNG comes from the server (no QR generator here). */
export interface SigningCode {
  uuid: string;
  urlBase: string;
  /** Seconds the link lives. */
  exp: number | string;
  /** The QR image (PNG, base64, with or without a `data:` prefix), drawn by the server as the login QR is. */
  codeImgBase64: string;
}

/** A poll answer of `qsztcx`: 0 waiting, 1 opened on a phone, 10 signed, 9 expired, 11 failed. */
export interface SigningStatus {
  status: number | string;
  /** The signed letter's file (`qswc` with status 10). */
  fileId?: string;
}

/** Asks for a new signing link of an application (`qm`). */
export async function requestSigningCode(client: GjjClient, ywbh: string): Promise<SigningCode> {
  return (await client.post<SigningCode>(`${SIGNING_API}/qm`, { ywbh })).data;
}

/** The status of one link (`qsztcx`; silent: a failed poll is retried on the next tick, with no message). */
export async function fetchSigningStatus(client: GjjClient, uuid: string): Promise<SigningStatus> {
  return (await client.post<SigningStatus>(`${SIGNING_API}/qsztcx`, { uuid }, { silent: true })).data;
}

/** The signed letter's file of a signed link (`qswc`: the final answer, with `fileId` once status is 10). */
export async function signedLetter(client: GjjClient, uuid: string): Promise<string | undefined> {
  return (await client.post<SigningStatus>(`${SIGNING_API}/qswc`, { uuid }, { silent: true })).data?.fileId;
}
