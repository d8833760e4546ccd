import { createClient } from '@gjj-hall/sdk';
import type { ApiData } from '@gjj-hall/sdk/api';

// No session on the phone: the uuid in the address is the capability (single use, expires; docs/api-archive.md).
// Not the hall's shared client either, whose failures open the session dialogs: this page says them in place.
const client = createClient();
const API = '/api/dzda/v1/zhcjyw';

/**
 * What the mobile page shows of the letter to sign (`qmInfo`, the contract's type): the applicant's name masked (张*),
 * the letter as a PDF in base64 and as text (to read on a phone without opening the PDF), the seconds the link has left.
 */
export type QmInfo = ApiData<'/api/dzda/v1/zhcjyw/qmInfo', 'get'>;

/** The letter and the application of a signing link; rejects with the server's Chinese message when it is spent or expired. */
export async function fetchQmInfo(uuid: string): Promise<QmInfo> {
  return (await client.get<QmInfo>(`${API}/qmInfo`, { params: { uuid }, silent: true })).data;
}

/** Sends the SMS code to the applicant's phone on file (one answer whatever happens). */
export function sendQmSmsCode(uuid: string): Promise<unknown> {
  return client.post(`${API}/sendQmSmsCode`, { uuid }, { silent: true });
}

/** Signs: the code, the signature as a PNG data URL; the server stamps it on the letter and spends the link. */
export async function submitSignature(uuid: string, smsCode: string, signature: string): Promise<string> {
  return (await client.post(`${API}/qmSubmit`, { uuid, smsCode, signature }, { silent: true })).msg ?? '';
}
