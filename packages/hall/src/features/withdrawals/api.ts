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
