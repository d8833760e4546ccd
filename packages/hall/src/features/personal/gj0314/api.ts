import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../../../shared/services';

// The calls of the personal transfer's page (docs/api-personal.md › 同城转移). Silent: the page shows its own messages.
const BASE = '/api/izfgjj-zhfw/v1/grzy';

/** One of the applicant's unit accounts, and whether it may move (else why not): the contract's type. */
export type TransferAccount = ApiData<'/api/izfgjj-zhfw/v1/grzy/accounts', 'get'>[number];

/** What the check of the new unit answers: the unit's registered name and the balance that will move. */
export type TransferCheck = ApiData<'/api/izfgjj-zhfw/v1/grzy/check', 'post'>;

/** The applicant's own unit accounts (the flexible-employment ones have their own transfer). */
export async function fetchTransferAccounts(): Promise<TransferAccount[]> {
  const { data } = await client.get<TransferAccount[]>(`${BASE}/accounts`, { silent: true });
  return Array.isArray(data) ? data : [];
}

/** Checks the new unit (number and name) and the whole rule table; rejects with the rule's message. */
export async function checkTransfer(body: { grzh: string; zrdwzh: string; zrdwmc: string }): Promise<TransferCheck> {
  const { data } = await client.post<TransferCheck>(`${BASE}/check`, body, { silent: true });
  return data;
}
