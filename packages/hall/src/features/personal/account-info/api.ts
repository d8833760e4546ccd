import type { RequestOptions } from '@gjj-hall/sdk';
import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../../../shared/services';

// 个人账户信息 and the home figures (docs/api-personal.md › 个人账户信息与首页数字). Money as yuan text with two decimals.
const BASE = '/api/izfgjj-zhfw/v1/grzhxx';

// The answers' types are the server's (its route schemas, through /api/openapi.json and @gjj-hall/sdk/api), not
// restated here: a change on the server that this page does not follow fails the type check.
type Accounts = ApiData<'/api/izfgjj-zhfw/v1/grzhxx/list', 'get'>;

/** The holder's details; ID number and mobile masked by the server (spec 5.6). */
export type AccountHolder = Accounts['holder'];

/** One personal account as the page shows it (money as yuan text; `hjny` 汇缴年月 YYYYMM). */
export type AccountInfo = Accounts['accounts'][number];

/** The figures of the individual's home. */
export type HomeFigures = ApiData<'/api/izfgjj-zhfw/v1/grzhxx/home', 'get'>;

/** Every personal account of the signed-in person, with the holder's details. */
export async function fetchAccounts(options: RequestOptions = {}): Promise<{ holder: AccountHolder; accounts: AccountInfo[] }> {
  const { data } = await client.get<Accounts>(`${BASE}/list`, options);
  return { holder: data.holder, accounts: Array.isArray(data.accounts) ? data.accounts : [] };
}

/** The figures of the current account for the home page. */
export async function fetchHomeFigures(options: RequestOptions = {}): Promise<HomeFigures> {
  const { data } = await client.get<HomeFigures>(`${BASE}/home`, options);
  return data;
}
