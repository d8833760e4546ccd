import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../services';

// The wizard's calls (docs/api-wizard.md, docs/api-applications.md); the session's login and account are the
// applicant. Every call is silent: the wizard shows its own messages where the user is looking.
const BASE = '/api/izfgjj-zhfw/v1';

/** The handling guide of spec 3.6, decoded. */
export interface Guide {
  ywlx: string;
  ywmc: string;
  blqd: string;
  fwdx: string;
  bjsj: string;
  xzdy: string;
  slyj: string;
  sltj: string;
  sqcl: string;
  bllc: string;
  bljg: string;
  bz: string;
}

/** A material this applicant needs (spec 3.6): the contract's type (docs/api-openapi.md). */
export type Material = ApiData<'/api/izfgjj-zhfw/v1/ywblxz/materials', 'get'>[number];

/** A draft as the server keeps it. */
export type ServerDraft = NonNullable<ApiData<'/api/izfgjj-zhfw/v1/draftbox/get', 'get'>>;

/** What submitting answers. */
export type SubmitResult = ApiData<'/api/izfgjj-zhfw/v1/ywsq/submit', 'post'>;

const decode = (b64: unknown): string => {
  if (typeof b64 !== 'string' || b64 === '') return '';
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
  } catch {
    return '';
  }
};

const GUIDE_TEXT = ['blqd', 'fwdx', 'bjsj', 'xzdy', 'slyj', 'sltj', 'sqcl', 'bllc', 'bljg', 'bz'] as const;

/** The restrictions that stop this business now (spec 2.13: their messages are shown). */
export async function checkRestrictions(ywlx: string) {
  const { data } = await client.get<ApiData<'/api/izfgjj-zhfw/v1/ywblxz/check', 'get'>>(`${BASE}/ywblxz/check`, { params: { ywlx }, silent: true });
  return data;
}

/** The handling notice (`pznr`, base64) and its reading time in seconds. */
export async function fetchNotice(ywlx: string) {
  const { data } = await client.get<ApiData<'/api/izfgjj-zhfw/v1/ywblxz/notice', 'get'>>(`${BASE}/ywblxz/notice`, { params: { ywlx }, silent: true });
  return data;
}

/** The handling guide, its texts decoded. */
export async function fetchGuide(ywlx: string): Promise<Guide> {
  const { data } = await client.get<Record<string, string>>(`${BASE}/ywblxz/guide`, { params: { ywlx }, silent: true });
  const guide = { ywlx: data.ywlx ?? ywlx, ywmc: data.ywmc ?? '' } as Guide;
  for (const f of GUIDE_TEXT) guide[f] = decode(data[f]);
  return guide;
}

/** The materials this applicant needs, from what they have answered. */
export async function fetchMaterials(ywlx: string, answers: Record<string, unknown>): Promise<Material[]> {
  const { data } = await client.get<Material[]>(`${BASE}/ywblxz/materials`, { params: { ywlx, answers: JSON.stringify(answers) }, silent: true });
  return Array.isArray(data) ? data : [];
}

/** The draft of this business for the session's login and account, or null. */
export async function fetchDraft(ywlx: string): Promise<ServerDraft | null> {
  const { data } = await client.get<ServerDraft | null>(`${BASE}/draftbox/get`, { params: { ywlx }, silent: true });
  return data ?? null;
}

/** Saves (replaces) the draft. */
export async function saveDraft(ywlx: string, step: number, payload: Record<string, unknown>): Promise<void> {
  await client.post(`${BASE}/draftbox/save`, { ywlx, step, payload }, { silent: true });
}

/**
 * Deletes the draft (重新填写), and on the server the status-00 application it made for the materials with their
 * files; `ywbh` names that application when only the browser kept the draft.
 */
export async function deleteDraft(ywlx: string, ywbh = ''): Promise<void> {
  await client.post(`${BASE}/draftbox/delete`, { ywlx, ...(ywbh ? { ywbh } : {}) }, { silent: true });
}

/**
 * Saves the answers as an application in status 00 草稿 (`ywsq/saveDraft`): the row the archive's materials belong
 * to. Without `ywbh` a new one is made; with it, that draft's answers are replaced. Answers its `ywbh`.
 */
export async function saveApplicationDraft(ywlx: string, ywbh: string, payload: Record<string, unknown>): Promise<SubmitResult> {
  const { data } = await client.post<SubmitResult>(`${BASE}/ywsq/saveDraft`, { ywlx, ...(ywbh ? { ywbh } : {}), payload }, { silent: true });
  return data;
}

/** Submits the application (the status-00 draft `ywbh` with its materials, when given); the server deletes the draft. */
export async function submitApplication(ywlx: string, payload: Record<string, unknown>, ywbh = ''): Promise<SubmitResult> {
  const { data } = await client.post<SubmitResult>(`${BASE}/ywsq/submit`, { ywlx, ...(ywbh ? { ywbh } : {}), payload }, { silent: true });
  return data;
}
