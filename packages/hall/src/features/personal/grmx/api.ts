import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../../../shared/services';
import type { KeysetPage } from '../../../shared/use-keyset-paged';

// 个人明细查询 (docs/api-personal.md): the login's accounts, a page of the journal by keyset, the export.
const BASE = '/api/izfgjj-zhfw/v1/grmx';

// The answers' types are the server's (its route schemas, through /api/openapi.json and @gjj-hall/sdk/api), not
// restated here: a change on the server that this page does not follow fails the type check.
type Accounts = ApiData<'/api/izfgjj-zhfw/v1/grmx/accounts', 'get'>;
type Detail = ApiData<'/api/izfgjj-zhfw/v1/grmx/list', 'get'>;

/** One of the login's personal accounts. */
export type DetailAccount = Accounts['list'][number];

/** One movement: yuan as text, 收入 positive, 支出 with its minus sign, the balance after it. */
export type DetailRow = Detail['list'][number];

/** The range's summary (the first page carries it). */
export type DetailSummary = NonNullable<Detail['summary']>;

export interface DetailPage extends KeysetPage<DetailRow> {
  summary: DetailSummary | null;
}

export interface DetailQuery {
  grzh: string;
  startTime: string;
  endTime: string;
  pageSize: number;
  after?: string | undefined;
}

/** The whole range as xlsx or CSV, streamed by the server (docs/api-table.md). */
export const DETAIL_EXPORT = `${BASE}/export`;

/** The default query period: the configuration's default_time back from the centre's today (spec 3.5). */
export type DetailPeriod = Pick<Accounts['period'], 'startTime' | 'endTime'>;

/** The login's accounts and the default period, both the server's (its clock and zone, not the browser's). */
export async function fetchAccounts(signal?: AbortSignal): Promise<{ list: DetailAccount[]; period: DetailPeriod }> {
  const { data } = await client.get<{ list: DetailAccount[]; period: DetailPeriod }>(`${BASE}/accounts`, { signal, silent: true });
  return { list: data?.list ?? [], period: data?.period ?? { startTime: '', endTime: '' } };
}

export async function fetchDetail(query: DetailQuery, signal?: AbortSignal): Promise<DetailPage> {
  const { data } = await client.get<DetailPage>(`${BASE}/list`, { params: { ...query }, signal, silent: true });
  return { list: data?.list ?? [], next: data?.next ?? null, summary: data?.summary ?? null };
}
