import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@gjj-hall/sdk';
import { client } from '../../shared/services';

/** The unit's remittance list as `GET dwyw/hjqd` answers it (docs/api-unit-business.md › 汇缴). Money in yuan text. */
export interface RemittanceList {
  dwzh: string;
  dwmc: string;
  jzny: string | null;
  hjny: string;
  rs: number;
  dwje: string;
  grje: string;
  hjje: string;
  xzrs: number;
  bgrs: number;
  jsrs: number;
  rows: Array<{ grzh: string; xingming: string; jcjs: string; dwjcbl: string; grjcbl: string; dwyje: string; gryje: string; yjce: string; bz: string }>;
  next: string | null;
}

export interface Employee {
  grzh: string;
  xingming: string;
  grzhzt: string;
  grzhztmc: string;
  jcjs: string;
  yjce: string;
  ye: string;
}

/**
 * The centre's parameters the unit pages check against, as `GET dwyw/zgcx` answers them (`params`: the rows of the
 * server's parameter table in force, docs/parameters.md). The server checks the same rows again.
 */
export interface UnitParams {
  baseMinYuan: number;
  baseMaxYuan: number;
  ratioMin: number;
  ratioMax: number;
  roundingFen: number;
  adjustMaxRows: number;
  /** 0: a base outside the bounds is refused; 1: it is set to the nearer bound. */
  baseOutOfBounds: number;
}

/** The employee list's first page with the parameters: what a page reads for its bounds (`useLoad(UNIT_PARAMS_URL)`). */
export const UNIT_PARAMS_URL = 'dwyw/zgcx?limit=1';

export interface InterestStatement {
  nd: number;
  jxrq: string;
  dwzh: string;
  dwmc: string;
  rs: number;
  lxhj: string;
  confirmed: boolean;
  qrsj: string | null;
  rows: Array<{ grzh: string; xingming: string; lx: string }>;
  next: string | null;
}

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
export async function confirmStatement(nd: number): Promise<{ nd: number; confirmed: boolean; qrsj: string }> {
  const { data } = await client.post<{ nd: number; confirmed: boolean; qrsj: string }>(`${BASE}/dwlxd/qr`, { nd });
  return data;
}
