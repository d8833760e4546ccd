import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../../shared/services';

// The messages calls of /sysMsg/msgHome (docs/api-messages.md): the signed-in login's own messages only.
const BASE = '/api/izfgjj-zhfw/v1/xxzx';

/** One page of messages (the contract's type, docs/api-openapi.md): `next` is the id to ask for the older ones with, null on the last page. */
export type MessagePage = ApiData<'/api/izfgjj-zhfw/v1/xxzx/getList', 'get'>;

/** One message: `category` ywbl 业务办理, xttz 系统通知, zhaq 账户安全; `link` a hall path the message opens, '' for none. */
export type UserMessage = MessagePage['list'][number];

/** GET xxzx/getList: newest first, `before` the `next` of the page before; `unread` only the unread ones. */
export async function fetchMessages(query: { before?: string | null; unread?: boolean }, signal?: AbortSignal): Promise<MessagePage> {
  const params: Record<string, string | number> = { pageSize: 10 };
  if (query.before) params.before = query.before;
  if (query.unread) params.unread = 1;
  const { data } = await client.get<MessagePage>(`${BASE}/getList`, { params, silent: true, ...(signal ? { signal } : {}) });
  return data ?? { list: [], next: null, unread: 0 };
}

/** POST xxzx/read: marks one of the caller's messages read (another's answers 403). */
export async function markRead(id: string): Promise<UserMessage> {
  const { data } = await client.post<ApiData<'/api/izfgjj-zhfw/v1/xxzx/read', 'post'>>(`${BASE}/read`, { id });
  return data;
}

/** POST xxzx/readAll: marks all of the caller's messages read; answers how many changed. */
export async function markAllRead(): Promise<number> {
  const { data } = await client.post<ApiData<'/api/izfgjj-zhfw/v1/xxzx/readAll', 'post'>>(`${BASE}/readAll`, {});
  return data?.count ?? 0;
}
