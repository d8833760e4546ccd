import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../../shared/services';

// Rent by standing order (按月/按季租房提取, docs/api-withdrawals.md): the agreement, its payments, sign and stop.
// Silent: the page shows its own messages.
const BASE = '/api/izfgjj-zhfw/v1/tq/standing';

export type StandingState = ApiData<'/api/izfgjj-zhfw/v1/tq/standing', 'get'>;
export type Agreement = NonNullable<StandingState['agreement']>;
export type StandingPayments = ApiData<'/api/izfgjj-zhfw/v1/tq/standing/payments', 'get'>;
export type StandingPayment = StandingPayments['list'][number];

export async function fetchStanding(): Promise<StandingState> {
  return (await client.get<StandingState>(BASE, { silent: true })).data;
}

export async function fetchStandingPayments(pageNum: number, pageSize: number): Promise<StandingPayments> {
  return (await client.get<StandingPayments>(`${BASE}/payments?pageNum=${pageNum}&pageSize=${pageSize}`, { silent: true })).data;
}

export async function signAgreement(payload: Record<string, unknown>): Promise<Agreement | null> {
  return (await client.post<{ agreement: Agreement | null }>(`${BASE}/sign`, payload, { silent: true })).data.agreement;
}

export async function stopAgreement(id: string): Promise<Agreement | null> {
  return (await client.post<{ agreement: Agreement | null }>(`${BASE}/stop`, { id }, { silent: true })).data.agreement;
}
