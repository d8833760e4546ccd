import type { RequestOptions } from '@gjj-hall/sdk';
import { client } from '../../../shared/services';

// 个人账户信息 and the home figures (docs/api-personal.md › 个人账户信息与首页数字). Money as yuan text with two decimals.
const BASE = '/api/izfgjj-zhfw/v1/grzhxx';

/** The holder's details; ID number and mobile masked by the server (spec 5.6). */
export interface AccountHolder {
  xingming: string;
  zjhm: string;
  sjhm: string;
  txdz: string;
  yzbm: string;
  hyzk: string;
  hyzkmc: string;
  gzdh: string;
  dzyx: string;
  zy: string;
  xl: string;
}

/** One personal account as the page shows it. */
export interface AccountInfo {
  grzh: string;
  /** The account the session is on. */
  current: boolean;
  xingming: string;
  kind: 'gr' | 'lhjy';
  kindName: string;
  grzhzt: string;
  grzhztmc: string;
  dwzh: string;
  dwmc: string;
  khrq: string;
  xhrq: string | null;
  jcjs: string;
  dwjcbl: string;
  grjcbl: string;
  dwyjce: string;
  gryjce: string;
  yjce: string;
  grzhye: string;
  /** 汇缴年月, YYYYMM. */
  hjny: string | null;
  year: number;
  bnlx: string;
}

/** The figures of the individual's home. */
export interface HomeFigures {
  grzh: string;
  grzhzt: string;
  grzhztmc: string;
  grzhye: string | null;
  year: number;
  bnjce: string | null;
  lastMovement: { date: string; kind: string; kindName: string; amount: string } | null;
  todoCount: number;
}

/** Every personal account of the signed-in person, with the holder's details. */
export async function fetchAccounts(options: RequestOptions = {}): Promise<{ holder: AccountHolder; accounts: AccountInfo[] }> {
  const { data } = await client.get<{ holder: AccountHolder; accounts: AccountInfo[] }>(`${BASE}/list`, options);
  return { holder: data.holder, accounts: Array.isArray(data.accounts) ? data.accounts : [] };
}

/** The figures of the current account for the home page. */
export async function fetchHomeFigures(options: RequestOptions = {}): Promise<HomeFigures> {
  const { data } = await client.get<HomeFigures>(`${BASE}/home`, options);
  return data;
}
