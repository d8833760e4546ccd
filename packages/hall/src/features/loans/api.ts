import type { RequestOptions } from '@gjj-hall/sdk';
import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../../shared/services';

// The loan calls of the personal hall (docs/api-loans.md). Silent: the pages show their own messages. The answers'
// types are the server's route schemas (through @gjj-hall/sdk/api), not restated here.
const BASE = '/api/izfgjj-zhfw/v1/dkyw';

/** The maximum explained: eligibility and its reason, the four limits (the binding one marked), the rate, the first instalment. */
export type Maximum = ApiData<'/api/izfgjj-zhfw/v1/dkyw/dksq/kdje', 'post'>;
export interface MaximumQuery {
  grzh: string;
  fwlx?: '01' | '02';
  xmbh?: string;
  fwzj: string;
  sfecf: '0' | '1';
  dkqx: number;
  hkfs: '01' | '02';
  dkje?: string;
}
/** An approved project on sale. */
export type Project = ApiData<'/api/izfgjj-zhfw/v1/dkyw/lpxx', 'get'>['list'][number];
/** One loan of the person, as 贷款信息 shows it. */
export type Loan = ApiData<'/api/izfgjj-zhfw/v1/dkyw/dkxx', 'get'>['list'][number];
/** One period of the plan. */
export type PlanRow = ApiData<'/api/izfgjj-zhfw/v1/dkyw/hkjh', 'get'>['list'][number];
/** One repayment. */
export type RepaymentRow = ApiData<'/api/izfgjj-zhfw/v1/dkyw/hkjl', 'get'>['list'][number];
/** One loan application and where it stands. */
export type Progress = ApiData<'/api/izfgjj-zhfw/v1/dkyw/dkjd', 'get'>['list'][number];

export const PLAN_EXPORT = `${BASE}/hkjh/export`;

export async function fetchMaximum(query: MaximumQuery): Promise<Maximum> {
  const { data } = await client.post<Maximum>(`${BASE}/dksq/kdje`, query, { silent: true });
  return data;
}

/** The approved projects on sale, every page (a centre has a few hundred at most). */
export async function fetchProjects(): Promise<Project[]> {
  const out: Project[] = [];
  let after = '';
  for (let i = 0; i < 20; i += 1) {
    const { data } = await client.get<ApiData<'/api/izfgjj-zhfw/v1/dkyw/lpxx', 'get'>>(`${BASE}/lpxx`, { params: { after, size: 50 }, silent: true });
    out.push(...(data.list ?? []));
    if (!data.next) break;
    after = data.next;
  }
  return out;
}

export async function fetchLoans(signal?: AbortSignal): Promise<Loan[]> {
  const { data } = await client.get<ApiData<'/api/izfgjj-zhfw/v1/dkyw/dkxx', 'get'>>(`${BASE}/dkxx`, { signal, silent: true });
  return Array.isArray(data.list) ? data.list : [];
}

export async function fetchPlan(dkzh: string, after: number, size: number, signal?: AbortSignal) {
  const { data } = await client.get<ApiData<'/api/izfgjj-zhfw/v1/dkyw/hkjh', 'get'>>(`${BASE}/hkjh`, { params: { dkzh, after, size }, signal, silent: true });
  return data;
}

export async function fetchRepayments(dkzh: string, after: string, size: number, signal?: AbortSignal) {
  const { data } = await client.get<ApiData<'/api/izfgjj-zhfw/v1/dkyw/hkjl', 'get'>>(`${BASE}/hkjl`, {
    params: { dkzh, size, ...(after ? { after } : {}) },
    signal,
    silent: true,
  });
  return data;
}

export async function fetchProgress(signal?: AbortSignal): Promise<Progress[]> {
  const { data } = await client.get<ApiData<'/api/izfgjj-zhfw/v1/dkyw/dkjd', 'get'>>(`${BASE}/dkjd`, { signal, silent: true });
  return Array.isArray(data.list) ? data.list : [];
}

/** A bank the repayment card may be of (the withdrawals' list, docs/api-withdrawals.md). */
export type Bank = ApiData<'/api/izfgjj-zhfw/v1/tq/banks', 'get'>[number];

export async function fetchBanks(): Promise<Bank[]> {
  const { data } = await client.get<Bank[]>('/api/izfgjj-zhfw/v1/tq/banks', { silent: true });
  return Array.isArray(data) ? data : [];
}

/** The applicant's current personal account (the one the application names). */
export async function fetchCurrentAccount(): Promise<string> {
  const { data } = await client.get<ApiData<'/api/izfgjj-zhfw/v1/grzhxx/list', 'get'>>('/api/izfgjj-zhfw/v1/grzhxx/list', { silent: true });
  const accounts = Array.isArray(data.accounts) ? data.accounts : [];
  return (accounts.find((a) => a.current) ?? accounts[0])?.grzh ?? '';
}

/** An application with its timeline (业务详情, docs/api-applications.md). */
export type ApplicationDetail = ApiData<'/api/izfgjj-zhfw/v1/ywsq/detail', 'get'>;

export async function fetchApplication(ywbh: string, options: RequestOptions = {}): Promise<ApplicationDetail> {
  const { data } = await client.get<ApplicationDetail>('/api/izfgjj-zhfw/v1/ywsq/detail', { ...options, params: { ywbh } });
  return data;
}

/** The early-repayment trial: shorter term and lower instalment side by side (the engine's, on the server). */
export type PrepayTrial = ApiData<'/api/izfgjj-zhfw/v1/dkyw/tqhk/ss', 'post'>;

export async function fetchPrepayTrial(dkzh: string, tqhkje: string): Promise<PrepayTrial> {
  const { data } = await client.post<PrepayTrial>(`${BASE}/tqhk/ss`, { dkzh, tqhkje }, { silent: true });
  return data;
}

/** A settled loan's settlement certificate (结清证明): its number, code (groups of four), settled date, issue time. */
export type Settlement = ApiData<'/api/izfgjj-zhfw/v1/dkyw/jqzm', 'post'>;

/** POST dkyw/jqzm: issues the certificate once (the same one on asking again); refused while the loan runs. */
export async function issueSettlement(dkzh: string): Promise<Settlement> {
  const { data } = await client.post<Settlement>(`${BASE}/jqzm`, { dkzh }, { silent: true });
  return data;
}

/** GET dkyw/jqzm/pdf: the certificate's PDF. */
export function downloadSettlement(dkzh: string): Promise<Blob> {
  return client.raw('GET', `${BASE}/jqzm/pdf`, { params: { dkzh }, responseType: 'blob' });
}
