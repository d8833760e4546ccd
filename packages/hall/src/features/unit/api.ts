import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@gjj-hall/sdk';
import type { ApiData } from '@gjj-hall/sdk/api';
import { client } from '../../shared/services';

// The answers' types are the contract's (docs/api-openapi.md): generated from the server's route schemas.
type Employees = ApiData<'/api/izfgjj-zhfw/v1/dwyw/zgcx', 'get'>;

/** The unit's remittance list as `GET dwyw/hjqd` answers it (docs/api-unit-business.md › 汇缴). Money in yuan text. */
export type RemittanceList = ApiData<'/api/izfgjj-zhfw/v1/dwyw/hjqd', 'get'>;

/** The unit's 补缴 list for a past month as `GET dwyw/bjqd` answers it (docs/api-unit-business.md › 补缴). */
export type BackpayList = ApiData<'/api/izfgjj-zhfw/v1/dwyw/bjqd', 'get'>;

/** One employee of `GET dwyw/zgcx`. */
export type Employee = Employees['rows'][number];

/**
 * The centre's parameters the unit pages check against, as `GET dwyw/zgcx` answers them (`params`: the rows of the
 * server's parameter table in force, docs/parameters.md; `baseOutOfBounds` 0 refuses a base outside the bounds, 1 sets
 * it to the nearer bound). The server checks the same rows again.
 */
export type UnitParams = Employees['params'];

/** The employee list's first page with the parameters: what a page reads for its bounds (`useLoad(UNIT_PARAMS_URL)`). */
export const UNIT_PARAMS_URL = 'dwyw/zgcx?limit=1';

/** The year's interest statement of the unit (`GET dwlxd/cx`), one page of its lines. */
export type InterestStatement = ApiData<'/api/izfgjj-zhfw/v1/dwlxd/cx', 'get'>;

const BASE = '/api/izfgjj-zhfw/v1';

export type Loaded<T> = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; data: T };

/** Reads `url` once the component mounts (and again on `reload`). Silent: the page shows its own message. */
export function useLoad<T>(url: string, fallback: string, onReady?: (data: T) => void): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  });
  useEffect(() => {
    let live = true;
    client.get<T>(`${BASE}/${url}`, { silent: true }).then(
      ({ data }) => {
        if (!live) return;
        setState({ kind: 'ready', data });
        ready.current?.(data);
      },
      (error: unknown) => live && setState({ kind: 'error', message: errorMessage(error, fallback) }),
    );
    return () => {
      live = false;
    };
  }, [url, fallback, round]);
  return [state, useCallback(() => setRound((r) => r + 1), [])];
}

/** One more page of a keyset list. */
export async function loadPage<T>(url: string): Promise<T> {
  const { data } = await client.get<T>(`${BASE}/${url}`, { silent: true });
  return data;
}

/** The clerk confirms the year's interest statement (`POST dwlxd/qr`). */
export async function confirmStatement(nd: number): Promise<ApiData<'/api/izfgjj-zhfw/v1/dwlxd/qr', 'post'>> {
  const { data } = await client.post<ApiData<'/api/izfgjj-zhfw/v1/dwlxd/qr', 'post'>>(`${BASE}/dwlxd/qr`, { nd });
  return data;
}

/** The check of an import file (`POST dwyw/zgdr/check`): every row with `ok` and, when refused, the reason. */
export type ImportCheck = ApiData<'/api/izfgjj-zhfw/v1/dwyw/zgdr/check', 'post'>;

/** One checked row of an import file (its row number in the sheet, the header being row 1). */
export type ImportRow = ImportCheck['rows'][number];

/** The import template (`GET dwyw/zgdr/template`), an xlsx Blob. */
export async function importTemplate(): Promise<Blob> {
  return client.raw('GET', `${BASE}/dwyw/zgdr/template`, { responseType: 'blob', silent: true });
}

/** Sends a filled file to be checked row by row (multipart, part `file`); nothing is opened by the check. */
export async function checkImportFile(file: File): Promise<ImportCheck> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await client.post<ImportCheck>(`${BASE}/dwyw/zgdr/check`, form, { silent: true });
  return data;
}
