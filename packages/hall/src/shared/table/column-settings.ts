import { useEffect, useState } from 'react';
import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../services';
import type { ColumnRule } from './columns';

// The column individuation calls of spec 7.4 (docs/api-table.md).
const BASE = '/api/putil/v1/column/individuation';

/** Which table of which page a setting is for. */
export interface SettingsKey {
  path: string;
  navName: string;
  /** The table's title, stored with the setting. */
  name?: string;
}

/** The user's saved columns of a table, or null (the page's defaults). */
export async function getColumnSetting(key: SettingsKey): Promise<ColumnRule[] | null> {
  const { data } = await client.get<ApiData<'/api/putil/v1/column/individuation/getInfo', 'get'>>(`${BASE}/getInfo`, {
    params: { path: key.path, navName: key.navName },
    silent: true,
  });
  return data?.rule ?? null;
}

/** Saves the columns; resolves with the server's message. */
export async function updateColumnSetting(key: SettingsKey, rule: ColumnRule[]): Promise<string> {
  const answer = await client.post(`${BASE}/update`, { path: key.path, navName: key.navName, name: key.name ?? '', rule }, { silent: true });
  return answer.msg ?? '';
}

/** Forgets the saved columns; resolves with the server's message. */
export async function resetColumnSetting(key: SettingsKey): Promise<string> {
  const answer = await client.get(`${BASE}/reset`, { params: { path: key.path, navName: key.navName }, silent: true });
  return answer.msg ?? '';
}

/**
 * The saved rule of a table, loaded once per key: `undefined` while loading (the table waits, so the columns do not
 * jump), `null` for none, and a setter to use after a save or reset. A failed load is as none (spec 4.11).
 */
export function useColumnSetting(key: SettingsKey | undefined): [ColumnRule[] | null | undefined, (rule: ColumnRule[] | null) => void] {
  const id = key ? `${key.path}\n${key.navName}` : '';
  const [rule, setRule] = useState<ColumnRule[] | null | undefined>(key ? undefined : null);
  useEffect(() => {
    if (!key) return;
    let live = true;
    setRule(undefined);
    getColumnSetting(key).then(
      (r) => live && setRule(r),
      () => live && setRule(null),
    );
    return () => {
      live = false;
    };
    // `id` stands for `key`, which callers make anew on every render.
  }, [id]);
  return [rule, setRule];
}
