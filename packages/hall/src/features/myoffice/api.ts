import type { RequestOptions } from '@gjj-hall/sdk';
import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../../shared/services';

// The applications contract (docs/api-applications.md): the session's current account is the applicant.
const BASE = '/api/izfgjj-zhfw/v1';

// The answers' types are the contract's (docs/api-openapi.md).
type Detail = ApiData<'/api/izfgjj-zhfw/v1/ywsq/detail', 'get'>;

/** Status codes of an application (`zt`). */
export type ApplicationStatus = Detail['zt'];

/** One row of 我的业务. */
export type ApplicationRow = ApiData<'/api/izfgjj-zhfw/v1/ywsq/list', 'get'>['list'][number];

/** One event of an application's timeline. */
export type ApplicationEvent = Detail['events'][number];

/** An application with its timeline and what its owner may do now. */
export type ApplicationDetail = Detail;

/** What the centre asks of the user. */
export type TodoItem = ApiData<'/api/izfgjj-zhfw/v1/todo/list', 'get'>[number];

/** What submit, resubmit and withdraw answer. */
export type ApplicationOutcome = ApiData<'/api/izfgjj-zhfw/v1/ywsq/resubmit', 'post'>;

export interface ApplicationQuery {
  zt: string;
  ywbh: string;
  pageNum: number;
  pageSize: number;
}

/** The whole filtered list as xlsx or CSV, streamed (docs/api-table.md). */
export const APPLICATIONS_EXPORT = `${BASE}/ywsq/export`;

/** The account's applications, newest first, one page. */
export async function fetchApplications(query: ApplicationQuery, signal?: AbortSignal) {
  const { data } = await client.get<ApiData<'/api/izfgjj-zhfw/v1/ywsq/list', 'get'>>(`${BASE}/ywsq/list`, {
    params: { zt: query.zt || undefined, ywbh: query.ywbh || undefined, pageNum: query.pageNum, pageSize: query.pageSize },
    signal,
    silent: true,
  });
  return { list: data?.list ?? [], total: data?.total ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
}

/** One application of the account; another login's answers 403 (the app's dialog shows it). */
export async function fetchApplication(ywbh: string, options: RequestOptions = {}): Promise<ApplicationDetail> {
  const { data } = await client.get<ApplicationDetail>(`${BASE}/ywsq/detail`, { ...options, params: { ywbh } });
  return data;
}

/** 撤回: only before the centre accepts it. */
export async function withdrawApplication(ywbh: string): Promise<void> {
  await client.post(`${BASE}/ywsq/withdraw`, { ywbh }, { silent: true });
}

/** 修改后重新提交 a returned application. */
export async function resubmitApplication(ywbh: string, payload: Record<string, unknown>) {
  const { data } = await client.post<ApplicationOutcome>(
    `${BASE}/ywsq/resubmit`,
    { ywbh, payload },
    { silent: true },
  );
  return data;
}

/** Deletes a draft of the account. */
export async function deleteDraft(ywbh: string): Promise<void> {
  await client.post(`${BASE}/ywsq/deleteDraft`, { ywbh }, { silent: true });
}

/** The to-do items of the signed-in user. */
export async function fetchTodos(signal?: AbortSignal): Promise<TodoItem[]> {
  const { data } = await client.get<TodoItem[]>(`${BASE}/todo/list`, { signal, silent: true });
  return Array.isArray(data) ? data : [];
}
