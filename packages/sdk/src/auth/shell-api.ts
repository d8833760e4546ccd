import type { GjjClient } from '../client/client';
import type { ConfigVersion, SysConfigItem } from '../config/config';

/**
 * Where the hall shell's calls live (docs/api-shell.md): configuration, dictionary, notices, service switch,
 * the checks after sign-in and the business access check.
 *
 * @example
 * client.get(SHELL_PATHS.notices)
 */
export const SHELL_PATHS = /* @__PURE__ */ Object.freeze({
  configVersion: '/api/izfgjj-zhfw/v1/xtcs/getVersion',
  sysConfig: '/api/izfgjj-zhfw/v1/xtcs/getList',
  dictionary: '/api/izfgjj-zhfw/v1/sjzd/getList',
  notices: '/api/izfgjj-zhfw/v1/tzxx/getList',
  serviceSwitch: '/api/izfgjj-zhfw/v1/xtkg/getQdzt',
  personalInfo: '/api/izfgjj-zhfw/v1/grxx/loginGrxx',
  unitInfo: '/api/izfgjj-zhfw/v1/dwxx/dwxxUser',
  infoCheck: '/api/izfgjj-zhfw/v1/xxwz/check',
  interestStatement: '/api/izfgjj-zhfw/v1/dwlxd/checkQr',
  businessAccess: '/api/izfgjj-zhfw/v1/ywbl/check',
} as const);

/** A notice of spec 3.5: `tgnr` is HTML the host must sanitize before showing it. */
export interface Notice {
  id: string | number;
  tgmc: string;
  tgnr: string;
  startsj: string;
  /** '1' or 1 when the notice is published. */
  fbzt: string | number;
}

/** The information-completeness check (spec 3.6, 4.3): 0 complete; 1 and 3 to complete; 2 at the counter. */
export interface InfoCheck {
  status: number;
  type?: string;
}

/** The unit interest statement of the year (spec 4.3). */
export interface InterestStatement {
  confirmed: boolean;
  year?: string | number;
}

/**
 * The configuration version (GET xtcs/getVersion), or null when it cannot be had (silent).
 *
 * @example
 * if (config.needsReload(await fetchConfigVersion(client))) await reloadConfig()
 */
export async function fetchConfigVersion(client: GjjClient): Promise<ConfigVersion | null> {
  try {
    const { data } = await client.get<ConfigVersion>(SHELL_PATHS.configVersion, { silent: true });
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}

/**
 * The system configuration list (GET xtcs/getList), silent (spec 7.3: "system parameter list and version
 * (silent on error)"); `[]` when it cannot be had, which the guard treats as empty configuration.
 *
 * @example
 * config.setSysConfig(await fetchSysConfig(client), version)
 */
export async function fetchSysConfig(client: GjjClient): Promise<SysConfigItem[]> {
  try {
    const { data } = await client.get<SysConfigItem[]>(SHELL_PATHS.sysConfig, { silent: true });
    return Array.isArray(data) ? data : [];
  } catch {
    return [];
  }
}

/**
 * The data dictionary by type, disabled entries included (GET sjzd/getList); hand it to `config.setDictionary`,
 * which keeps the enabled ones.
 *
 * @example
 * config.setDictionary(await fetchDictionary(client))
 */
export async function fetchDictionary(client: GjjClient): Promise<Record<string, unknown[]>> {
  const { data } = await client.get<Record<string, unknown[]>>(SHELL_PATHS.dictionary, { silent: true });
  return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
}

/**
 * Notices, newest first (GET tzxx/getList). Pass `publishedOnly` to keep those with `fbzt` 1 (the banner's).
 *
 * @example
 * const shown = await fetchNotices(client, { publishedOnly: true })
 */
export async function fetchNotices(client: GjjClient, options: { publishedOnly?: boolean } = {}): Promise<Notice[]> {
  const { data } = await client.get<Notice[]>(SHELL_PATHS.notices, { silent: true });
  const list = Array.isArray(data) ? data : [];
  return options.publishedOnly ? list.filter((n) => String(n?.fbzt) === '1') : list;
}

/**
 * The service switch (GET xtkg/getQdzt): '0' means the whole service is closed (spec 3.5, 4.1). null when it
 * cannot be had (silent), which leaves the service open.
 *
 * @example
 * if ((await fetchServiceSwitch(client)) === '0') navigate('/pubNotice')
 */
export async function fetchServiceSwitch(client: GjjClient): Promise<string | null> {
  try {
    const { data } = await client.get<{ qdzt?: unknown }>(SHELL_PATHS.serviceSwitch, { silent: true });
    return data && data.qdzt !== undefined && data.qdzt !== null ? String(data.qdzt) : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in individual's information (GET grxx/loginGrxx; success code '0').
 *
 * @example
 * const { xingming, grzh } = await fetchPersonalInfo(client)
 */
export async function fetchPersonalInfo(client: GjjClient): Promise<Record<string, unknown>> {
  const { data } = await client.get<Record<string, unknown>>(SHELL_PATHS.personalInfo, { silent: true });
  return data && typeof data === 'object' ? data : {};
}

/**
 * The signed-in unit's (or developer's) information (GET dwxx/dwxxUser).
 *
 * @example
 * const { dwmc, dwzh } = await fetchUnitInfo(client)
 */
export async function fetchUnitInfo(client: GjjClient): Promise<Record<string, unknown>> {
  const { data } = await client.get<Record<string, unknown>>(SHELL_PATHS.unitInfo, { silent: true });
  return data && typeof data === 'object' ? data : {};
}

/**
 * The information-completeness check after sign-in (GET xxwz/check).
 *
 * @example
 * const { status } = await fetchInfoCheck(client) // 0 complete
 */
export async function fetchInfoCheck(client: GjjClient): Promise<InfoCheck> {
  const { data } = await client.get<InfoCheck>(SHELL_PATHS.infoCheck, { silent: true });
  return { ...data, status: Number(data?.status ?? 0) };
}

/**
 * Whether the unit has confirmed this year's interest statement (GET dwlxd/checkQr; units only).
 *
 * @example
 * const { confirmed, year } = await fetchInterestStatement(client)
 */
export async function fetchInterestStatement(client: GjjClient): Promise<InterestStatement> {
  const { data } = await client.get<InterestStatement>(SHELL_PATHS.interestStatement, { silent: true });
  return { ...data, confirmed: data?.confirmed === true };
}

/**
 * Asks whether the user may still handle the business of a page (GET ywbl/check?path=). A page calls it when it
 * opens: a withdrawn grant answers HTTP 403, which the client hands to `onForbidden` (the no-permission dialog)
 * and rejects with. Resolves with true when allowed.
 *
 * @example
 * useEffect(() => { checkBusinessAccess(client, location.pathname).catch(() => {}) }, [])
 */
export async function checkBusinessAccess(client: GjjClient, path: string): Promise<boolean> {
  const { data } = await client.get<{ allowed?: boolean }>(SHELL_PATHS.businessAccess, { params: { path } });
  return data?.allowed !== false;
}
