import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../../../shared/services';

// The deposit certificate's calls (docs/api-personal.md › 缴存证明): the login's own accounts and certificates only.
const BASE = '/api/izfgjj-zhfw/v1/jczm';

/** What certificates the login may be issued (the contract's type, docs/api-openapi.md). */
export type CertificateOptions = ApiData<'/api/izfgjj-zhfw/v1/jczm/accounts', 'get'>;

/** An account a certificate may be issued for, with the months it allows (YYYY-MM) and the period proposed. */
export type CertificateAccount = CertificateOptions['list'][number];

/** One certificate the login issued; `zt` 01 有效, 02 已作废, 03 已过期. */
export type Certificate = ApiData<'/api/izfgjj-zhfw/v1/jczm/create', 'post'>;

/** GET jczm/accounts */
export async function fetchOptions(signal?: AbortSignal): Promise<CertificateOptions> {
  const { data } = await client.get<CertificateOptions>(`${BASE}/accounts`, { silent: true, ...(signal ? { signal } : {}) });
  return data;
}

/** GET jczm/list: newest first; `next` for the older page, null on the last. */
export async function fetchCertificates(after?: string | null, signal?: AbortSignal): Promise<{ list: Certificate[]; next: string | null }> {
  const { data } = await client.get<{ list: Certificate[]; next: string | null }>(`${BASE}/list`, {
    params: after ? { after } : {},
    silent: true,
    ...(signal ? { signal } : {}),
  });
  return data ?? { list: [], next: null };
}

/** POST jczm/create: issues a certificate (the server checks every rule and answers its message). */
export async function createCertificate(body: { grzh: string; from: string; to: string; yt: string }): Promise<Certificate> {
  const { data } = await client.post<Certificate>(`${BASE}/create`, body, { silent: true });
  return data;
}

/** POST jczm/revoke */
export async function revokeCertificate(zmbh: string): Promise<Certificate> {
  const { data } = await client.post<Certificate>(`${BASE}/revoke`, { zmbh }, { silent: true });
  return data;
}

/** GET jczm/download: the PDF. */
export function downloadCertificate(zmbh: string): Promise<Blob> {
  return client.raw('GET', `${BASE}/download`, { params: { zmbh }, responseType: 'blob' });
}
