import { client } from '../../shared/services';

// The withdrawal calls besides the spine's (docs/api-withdrawals.md). Silent: the pages show their own messages.
const BASE = '/api/izfgjj-zhfw/v1/tq';

/** The most the applicant may withdraw now, with the reasons, as the server computes it. */
export interface WithdrawalLimit {
  ywlx: string;
  ktqje: string;
  ye: string;
  xh: boolean;
  yy: string[];
}

export async function fetchLimit(ywlx: string, payload: Record<string, unknown> = {}): Promise<WithdrawalLimit> {
  const { data } = await client.post<WithdrawalLimit>(`${BASE}/ktqje`, { ywlx, payload }, { silent: true });
  return data;
}

export interface Bank {
  code: string;
  name: string;
}

export async function fetchBanks(): Promise<Bank[]> {
  const { data } = await client.get<Bank[]>(`${BASE}/banks`, { silent: true });
  return Array.isArray(data) ? data : [];
}
