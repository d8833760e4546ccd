import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../../shared/services';

// The withdrawal calls besides the spine's (docs/api-withdrawals.md). Silent: the pages show their own messages.
const BASE = '/api/izfgjj-zhfw/v1/tq';

/** The most the applicant may withdraw now, with the reasons, as the server computes it. */
export type WithdrawalLimit = ApiData<'/api/izfgjj-zhfw/v1/tq/ktqje', 'post'>;

export async function fetchLimit(ywlx: string, payload: Record<string, unknown> = {}): Promise<WithdrawalLimit> {
  const { data } = await client.post<WithdrawalLimit>(`${BASE}/ktqje`, { ywlx, payload }, { silent: true });
  return data;
}

/** A bank the money may be paid into. */
export type Bank = ApiData<'/api/izfgjj-zhfw/v1/tq/banks', 'get'>[number];

export async function fetchBanks(): Promise<Bank[]> {
  const { data } = await client.get<Bank[]>(`${BASE}/banks`, { silent: true });
  return Array.isArray(data) ? data : [];
}

/** A row of 提取进度 or 提取历史 (tq/jd, tq/ls). */
export type WithdrawalRow = ApiData<'/api/izfgjj-zhfw/v1/tq/jd', 'get'>['list'][number];
type WithdrawalPage = ApiData<'/api/izfgjj-zhfw/v1/tq/jd', 'get'>;

const pageOf = (data: WithdrawalPage, pageNum: number, pageSize: number) => ({
  list: data.list,
  total: data.total,
  pageNum: data.pageNum ?? pageNum,
  pageSize: data.pageSize ?? pageSize,
});

/** 导出 (xlsx or CSV) of every row of 提取进度 and of 提取历史: the same rows and masking as the lists. */
export const PROGRESS_EXPORT = `${BASE}/jd/export`;
export const HISTORY_EXPORT = `${BASE}/ls/export`;

/** 提取进度: the account's withdrawals in progress, with their timelines. */
export async function fetchProgress(q: { pageNum: number; pageSize: number }, signal?: AbortSignal) {
  const { data } = await client.get<WithdrawalPage>(`${BASE}/jd`, { params: q, signal });
  return pageOf(data, q.pageNum, q.pageSize);
}

/** 提取历史: the account's completed withdrawals. */
export async function fetchHistory(q: { pageNum: number; pageSize: number }, signal?: AbortSignal) {
  const { data } = await client.get<WithdrawalPage>(`${BASE}/ls`, { params: q, signal });
  return pageOf(data, q.pageNum, q.pageSize);
}

/** The receipt (提取回单) PDF of a completed withdrawal. */
export function downloadReceipt(ywbh: string): Promise<Blob> {
  return client.raw('GET', `${BASE}/hd`, { params: { ywbh }, responseType: 'blob', silent: true });
}

/** 撤回: the spine's withdrawal of an application not yet accepted; its hold is released with it. */
export async function withdrawApplication(ywbh: string): Promise<void> {
  await client.post('/api/izfgjj-zhfw/v1/ywsq/withdraw', { ywbh }, { silent: true });
}
