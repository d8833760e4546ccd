import type { RequestOptions } from '@gjj-hall/sdk';
import { client } from '../../shared/services';

// The applications contract (docs/api-applications.md): the session's current account is the applicant.
const BASE = '/api/izfgjj-zhfw/v1';

/** Status codes of an application (`zt`). */
export type ApplicationStatus = '00' | '01' | '02' | '03' | '04' | '05' | '06';

/** One row of 我的业务. */
export interface ApplicationRow {
  ywbh: string;
  ywlx: string;
  ywmc: string;
  zt: ApplicationStatus;
  ztmc: string;
  submittedAt: string | null;
  promisedDate: string | null;
  updatedAt: string | null;
}

/** One event of an application's timeline. */
export interface ApplicationEvent {
  at: string;
  zt: ApplicationStatus;
  ztmc: string;
  actor: string;
  actorName: string;
  note: string | null;
  reasons: string[] | null;
}

/** An application with its timeline and what its owner may do now. */
export interface ApplicationDetail {
  ywbh: string;
  ywlx: string;
  ywmc: string;
  zt: ApplicationStatus;
  ztmc: string;
  payload: Record<string, unknown> | null;
  submittedAt: string | null;
  promisedDate: string | null;
  timeLimitDays: number | null;
  events: ApplicationEvent[];
  canWithdraw: boolean;
  canResubmit: boolean;
  canDelete: boolean;
}

/** What the centre asks of the user. */
export interface TodoItem {
  id: string;
  ywlx: string;
  ywbh: string;
  title: string;
  kind: 'returned' | 'statement';
  createdAt: string;
}

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
  const { data } = await client.get<{ list: ApplicationRow[]; total: number }>(`${BASE}/ywsq/list`, {
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
  const { data } = await client.post<{ ywbh: string; zt: ApplicationStatus; ztmc: string; promisedDate: string | null }>(
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
