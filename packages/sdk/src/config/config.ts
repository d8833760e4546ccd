import type { ReadableAtom } from 'nanostores';
import {
  CENTRE_NAME_CONFIG_KEY,
  DEFAULT_INPUT_LENGTHS,
  DEFAULT_TIME_CONFIG_KEY,
  FOOTER_CONFIG_KEYS,
} from '../constants/constants';
import { ConfigError } from '../client/errors';
import type { GjjStorage } from '../storage/storage';
import { persistentAtom } from '../session/persist';

/** One item of the system configuration (spec 3.5). */
export interface SysConfigItem {
  key: string;
  /** 1 (or '1') when the item is in force. */
  enable: number | string;
  value?: string;
  sourceValue?: string;
  /** A list, or its JSON text. */
  jsonValue?: unknown;
  title?: string;
}

/** A dictionary entry: `{ key, value }` or `{ value, title }` (spec 3.10), with `enable` 1 when in use. */
export interface DictEntry {
  key?: string | number;
  value?: string | number;
  title?: string;
  enable?: number | string;
  [field: string]: unknown;
}

/** Config version (spec 3.5). */
export interface ConfigVersion {
  commonValue?: string;
  value?: string;
}

/** Input length limits by kind of field (spec 3.5). */
export interface InputLengths {
  default: number;
  name: number;
  address: number;
  remark: number;
  template: number;
}

/** Key of the system configuration item that holds the input length limits (its key is not in the spec). */
export const INPUT_LENGTH_CONFIG_KEY = 'XT_SRCDPZ';
/** The error shown when the input length configuration is missing (spec 5.5). */
export const INPUT_LENGTH_MISSING_MESSAGE = '配置缺失：请先完成系统配置（输入长度限制）';

/** The configuration store: read-only atoms and the lookups of spec 8.4. */
export interface ConfigStore {
  /** Dictionary by type, enabled entries only. */
  readonly $dictionary: ReadableAtom<Record<string, DictEntry[]>>;
  readonly $sysConfig: ReadableAtom<SysConfigItem[]>;
  readonly $configVersion: ReadableAtom<ConfigVersion | null>;
  readonly $systemVersion: ReadableAtom<string>;
  readonly $inputLengths: ReadableAtom<InputLengths | null>;
  /** Keeps only entries with enable 1 (an entry without `enable` counts as enabled). */
  setDictionary(dictionary: unknown): void;
  /** The entries of one dictionary type, as `{ value, label }`. */
  dictionary(type: string): { value: string; label: string }[];
  /** The label of one code, or the code itself when the dictionary does not know it. */
  dictionaryLabel(type: string, code: unknown): string;
  /** Stores the system configuration; sets the input lengths from it, and the system version if not yet set. */
  setSysConfig(list: unknown, version?: ConfigVersion): void;
  setConfigVersion(version: ConfigVersion): void;
  /** True when the configuration must be fetched again: a new version, or none held (spec 4.1). */
  needsReload(remote: ConfigVersion | null | undefined): boolean;
  /** The enabled item with this key. */
  configItem(key: string): SysConfigItem | undefined;
  /** The value of the enabled item with this key, or ''. */
  configValue(key: string): string;
  /** The json value list of the enabled item with this key; logs and returns [] when it is not a list. */
  configJson(key: string): unknown[];
  /** Input lengths (defaults fill what is missing) and, when the configuration lacks them, the error to show. */
  inputLengths(): { lengths: InputLengths; error: ConfigError | null };
  /** Footer values by key (ggwab, babh, zxmc, wzym, jszc, wzbsm, sydw). */
  footer(): Record<string, string>;
  /** The centre's name (config key XT_ZXQC). */
  centreName(): string;
  /** The configured default query period (config key default_time), or ''. */
  defaultTime(): string;
  /** Forgets everything, system version included (logout clears the dictionaries too, spec 4.5). */
  clear(): void;
}

const enabled = (v: unknown) => v === 1 || v === '1' || v === undefined;

function entryOf(e: DictEntry): { value: string; label: string } {
  // `{ value, title }`: value is the code; `{ key, value }`: key is the code and value the label.
  return 'title' in e && e.title !== undefined
    ? { value: String(e.value ?? ''), label: String(e.title) }
    : { value: String(e.key ?? ''), label: String(e.value ?? '') };
}

function asList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return null;
}

function readLengths(item: SysConfigItem | undefined): InputLengths | null {
  if (!item) return null;
  let source: unknown = item.jsonValue ?? item.value;
  if (typeof source === 'string') {
    try {
      source = JSON.parse(source);
    } catch {
      return null;
    }
  }
  // Either an object { default, name, … } or a list of { key, value }.
  const list = asList(source);
  const object: Record<string, unknown> = list
    ? Object.fromEntries(list.map((e) => [String((e as DictEntry).key), (e as DictEntry).value]))
    : source && typeof source === 'object'
      ? (source as Record<string, unknown>)
      : {};
  const lengths: InputLengths = { ...DEFAULT_INPUT_LENGTHS };
  for (const kind of Object.keys(lengths) as (keyof InputLengths)[]) {
    const n = Number(object[kind]);
    if (Number.isInteger(n) && n > 0) lengths[kind] = n;
  }
  return lengths;
}

/**
 * Creates the configuration store of spec 3.1, 3.5 and 8.4 (dictionary, system configuration, versions, input
 * lengths), kept in session storage.
 *
 * @example
 * const config = createConfigStore(createStorage())
 * config.setSysConfig(data)
 * config.configValue('XT_ZXQC') // '某市住房公积金管理中心'
 * config.inputLengths().lengths.name // 15
 */
export function createConfigStore(storage: GjjStorage): ConfigStore {
  const $dictionary = persistentAtom<Record<string, DictEntry[]>>(storage, 'dataDict', {});
  const $sysConfig = persistentAtom<SysConfigItem[]>(storage, 'sysConfig', []);
  const $configVersion = persistentAtom<ConfigVersion | null>(storage, 'configVersion', null);
  const $systemVersion = persistentAtom<string>(storage, 'systemVersion', '');
  const $inputLengths = persistentAtom<InputLengths | null>(storage, 'inputConfig', null);

  const configItem = (key: string): SysConfigItem | undefined => {
    const list: unknown = $sysConfig.get();
    if (!Array.isArray(list)) {
      console.error('[gjj-hall] 系统配置不是列表，无法读取配置项', key);
      return undefined;
    }
    return (list as SysConfigItem[]).find((item) => item && item.key === key && (item.enable === 1 || item.enable === '1'));
  };
  const configValue = (key: string) => {
    const value = configItem(key)?.value;
    return value === undefined || value === null ? '' : String(value);
  };

  return {
    $dictionary,
    $sysConfig,
    $configVersion,
    $systemVersion,
    $inputLengths,
    setDictionary(dictionary) {
      const result: Record<string, DictEntry[]> = {};
      if (dictionary && typeof dictionary === 'object' && !Array.isArray(dictionary)) {
        for (const [type, entries] of Object.entries(dictionary as Record<string, unknown>)) {
          if (Array.isArray(entries)) {
            result[type] = entries.filter((e): e is DictEntry => !!e && typeof e === 'object' && enabled((e as DictEntry).enable));
          }
        }
      }
      $dictionary.set(result);
    },
    dictionary: (type) => ($dictionary.get()[type] ?? []).map(entryOf),
    dictionaryLabel(type, code) {
      const wanted = String(code ?? '');
      return ($dictionary.get()[type] ?? []).map(entryOf).find((e) => e.value === wanted)?.label ?? wanted;
    },
    setSysConfig(list, version) {
      if (!Array.isArray(list)) {
        console.error('[gjj-hall] 系统配置不是列表，已忽略', list);
        return;
      }
      $sysConfig.set(list as SysConfigItem[]);
      $inputLengths.set(readLengths(configItem(INPUT_LENGTH_CONFIG_KEY)));
      if (!$systemVersion.get() && version?.value) $systemVersion.set(String(version.value));
      if (version) $configVersion.set(version);
    },
    setConfigVersion: (version) => $configVersion.set(version),
    needsReload(remote) {
      const held = $configVersion.get();
      if ($sysConfig.get().length === 0 || !held) return true;
      return !!remote && (remote.value !== held.value || remote.commonValue !== held.commonValue);
    },
    configItem,
    configValue,
    configJson(key) {
      const item = configItem(key);
      if (!item) return [];
      const list = asList(item.jsonValue);
      if (!list) {
        console.error(`[gjj-hall] 系统配置 ${key} 的 jsonValue 不是列表`, item.jsonValue);
        return [];
      }
      return list;
    },
    inputLengths() {
      const lengths = $inputLengths.get();
      return lengths
        ? { lengths, error: null }
        : { lengths: { ...DEFAULT_INPUT_LENGTHS }, error: new ConfigError(INPUT_LENGTH_MISSING_MESSAGE) };
    },
    footer: () => Object.fromEntries(FOOTER_CONFIG_KEYS.map((key) => [key, configValue(key)])),
    centreName: () => configValue(CENTRE_NAME_CONFIG_KEY),
    defaultTime: () => configValue(DEFAULT_TIME_CONFIG_KEY),
    clear() {
      $dictionary.set({});
      $sysConfig.set([]);
      $configVersion.set(null);
      $systemVersion.set('');
      $inputLengths.set(null);
    },
  };
}
