import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../../shared/services';

// The developer's calls (docs/api-developer.md). Silent: the pages show their own messages. The answers' types are
// the server's route schemas (through @gjj-hall/sdk/api), not restated here.
const BASE = '/api/izfgjj-zhfw/v1/kfswt';

export type ProjectPage = ApiData<'/api/izfgjj-zhfw/v1/kfswt/lpxx/list', 'get'>;
/** One of the developer's projects, with where it stands. */
export type ProjectRow = ProjectPage['list'][number];
/** One project's facts (the change's wizard starts from them). */
export type ProjectDetail = ApiData<'/api/izfgjj-zhfw/v1/kfswt/lpxx/detail', 'get'>;
export type LoanPage = ApiData<'/api/izfgjj-zhfw/v1/kfswt/dkxx/list', 'get'>;
/** A loan or a loan application on one of its projects (the borrower's name masked). */
export type LoanRow = LoanPage['list'][number];

export const PROJECT_EXPORT = `${BASE}/lpxx/export`;
export const LOAN_EXPORT = `${BASE}/dkxx/export`;

export async function fetchProjects(after: string | undefined, size: number, signal?: AbortSignal): Promise<ProjectPage> {
  const { data } = await client.get<ProjectPage>(`${BASE}/lpxx/list`, { params: { size, ...(after ? { after } : {}) }, signal, silent: true });
  return data;
}

export async function fetchProject(xmbh: string): Promise<ProjectDetail> {
  const { data } = await client.get<ProjectDetail>(`${BASE}/lpxx/detail`, { params: { xmbh }, silent: true });
  return data;
}

export async function fetchLoans(query: { xmbh?: string; after?: string; size: number }, signal?: AbortSignal): Promise<LoanPage> {
  const params = { size: query.size, ...(query.xmbh ? { xmbh: query.xmbh } : {}), ...(query.after ? { after: query.after } : {}) };
  const { data } = await client.get<LoanPage>(`${BASE}/dkxx/list`, { params, signal, silent: true });
  return data;
}

type Bank = ApiData<'/api/izfgjj-zhfw/v1/tq/banks', 'get'>[number];

/** The banks an escrow account may be at (the centre's bank list, docs/api-withdrawals.md). */
export async function fetchBankNames(): Promise<string[]> {
  const { data } = await client.get<Bank[]>('/api/izfgjj-zhfw/v1/tq/banks', { silent: true });
  return Array.isArray(data) ? data.map((b) => b.name) : [];
}

export type DepositPage = ApiData<'/api/izfgjj-zhfw/v1/kfswt/bzj/list', 'get'>;
/** One guaranteed loan: its share of the deposit held and released (the borrower's name masked). */
export type DepositRow = DepositPage['list'][number];
export const DEPOSIT_EXPORT = `${BASE}/bzj/export`;

export async function fetchDeposits(after: string | undefined, size: number, signal?: AbortSignal): Promise<DepositPage> {
  const { data } = await client.get<DepositPage>(`${BASE}/bzj/list`, { params: { size, ...(after ? { after } : {}) }, signal, silent: true });
  return data;
}
