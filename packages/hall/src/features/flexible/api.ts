import { useEffect, useState } from 'react';
import { errorMessage } from '@gjj-hall/sdk';
import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../../shared/services';

/** The flexible account as `GET lhjy/info` answers it (the contract's type; docs/api-personal.md › 灵活就业). Money in yuan text. */
export type FlexibleInfo = NonNullable<ApiData<'/api/izfgjj-zhfw/v1/lhjy/info', 'get'>>;

/** The centre's parameters the flexible pages check against (the server's parameter table, docs/parameters.md). */
export type FlexibleParams = Record<'baseMinYuan' | 'baseMaxYuan' | 'ratioMin' | 'ratioMax' | 'backPayMaxMonths' | 'roundingFen', number>;

/**
 * The parameters in force as `lhjy/info` last answered them (the defaults until it has): the pages' comfort checks,
 * ratio options and previews read them here; the server enforces the same rows.
 */
export const flexibleParams: FlexibleParams = { baseMinYuan: 2200, baseMaxYuan: 33000, ratioMin: 5, ratioMax: 12, backPayMaxMonths: 12, roundingFen: 100 };

/** The session account's flexible account, or null when it is not one. Silent: the page shows its own message. */
export async function fetchFlexibleInfo(): Promise<FlexibleInfo | null> {
  const { data } = await client.get<FlexibleInfo | null>('/api/izfgjj-zhfw/v1/lhjy/info', { silent: true });
  if (data?.params) Object.assign(flexibleParams, data.params);
  return data ?? null;
}

export type InfoState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; info: FlexibleInfo | null };

/** Reads the flexible account once the component mounts. */
export function useFlexibleInfo(): InfoState {
  const [state, setState] = useState<InfoState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    fetchFlexibleInfo().then(
      (info) => live && setState({ kind: 'ready', info }),
      (error: unknown) => live && setState({ kind: 'error', message: errorMessage(error, '账户信息查询失败，请稍后重试') }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
