import { client } from '../../../shared/services';

// The deposit certificate's calls (docs/api-personal.md › 缴存证明): the login's own accounts and certificates only.
const BASE = '/api/izfgjj-zhfw/v1/jczm';

/** An account a certificate may be issued for, with the months it allows and the period proposed. */
export interface CertificateAccount {
  grzh: string;
  grzhzt: string;
  grzhztmc: string;
  kind: string;
  dwmc: string;
  khrq: string;
  /** YYYY-MM: the opening month and this month. */
  minMonth: string;
  maxMonth: string;
  defaultFrom: string;
  defaultTo: string;
}

export interface CertificateOptions {
  list: CertificateAccount[];
  maxPeriodMonths: number;
  validMonths: number;
  purposes: string[];
}

/** One certificate the login issued; `zt` 01 有效, 02 已作废, 03 已过期. */
export interface Certificate {
  zmbh: string;
  grzh: string;
  from: string;
  to: string;
  purpose: string;
  issuedAt: string;
  validUntil: string;
  code: string;
  zt: '01' | '02' | '03';
  ztmc: string;
}

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
