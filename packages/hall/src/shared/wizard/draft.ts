/**
 * The wizard's draft rules (issue 21, docs/api-wizard.md): when it is saved, and where what the user typed waits
 * while the server cannot take it.
 */

/** A draft is saved this long after the user stops typing (the promise is "at most 10 s"). */
export const DRAFT_IDLE_SAVE_MS = 2_000;
/** While a save has failed, it is tried again this often. */
export const DRAFT_RETRY_MS = 10_000;

export const DRAFT_MESSAGES = {
  resume: '检测到未提交的草稿，是否继续填写？',
  failed: '草稿未能保存到服务器，已暂存在本浏览器中，恢复连接后将自动保存。请不要清除浏览器数据。',
  saving: '正在保存草稿…',
} as const;

/** What waits in the browser until the server takes it. */
export interface PendingDraft {
  step: number;
  payload: Record<string, unknown>;
  /** When it was typed (epoch ms). */
  at: number;
}

/**
 * The browser key of a business's pending draft: per login, account and business type, like the server's.
 *
 * @example
 * pendingKey('110105199506205040', '12', 'GJ0302') // 'gjj-draft:110105199506205040:12:GJ0302'
 */
export const pendingKey = (login: string, accountId: string, ywlx: string): string => `gjj-draft:${login}:${accountId}:${ywlx}`;

/** The pending draft under `key`, or null when there is none or it cannot be read. */
export function readPending(storage: Pick<Storage, 'getItem'> | undefined, key: string): PendingDraft | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as PendingDraft;
    if (typeof value !== 'object' || value === null || typeof value.step !== 'number' || typeof value.payload !== 'object' || value.payload === null) return null;
    return value;
  } catch {
    return null;
  }
}

/** Keeps a draft the server did not take; false when the browser refuses too (private mode, full). */
export function writePending(storage: Pick<Storage, 'setItem'> | undefined, key: string, draft: PendingDraft): boolean {
  try {
    storage?.setItem(key, JSON.stringify(draft));
    return storage !== undefined;
  } catch {
    return false;
  }
}

/** Forgets the pending draft once the server has it (or the application is submitted). */
export function clearPending(storage: Pick<Storage, 'removeItem'> | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to keep: a storage that cannot be written holds nothing of ours.
  }
}

/** The browser's local storage, or undefined where there is none (a server, a locked-down browser). */
export function localStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
