import type { VerifiedIdentity } from '@gjj-hall/sdk/auth';

/**
 * The verified identity a registration page holds (issue 18): the government platform vouched for this citizen, and
 * 灵活就业人员开户 or 异地贷款人员注册 registers them with its ticket. Kept in this tab's session storage between
 * /zwLogin and the page, until it expires (15 minutes) or the registration spends it.
 */
export const IDENTITY_KEY = 'gjj-hall:zw-identity';

export interface KeptIdentity {
  ticket: string;
  xingming: string;
  zjhm: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * The identity in `text` when it is whole and not expired at `now`; null otherwise. Pure.
 *
 * @example
 * parseKeptIdentity('{"ticket":"…","xingming":"冯雪","zjhm":"370783199001010045","expiresAt":1790000000000}', Date.now())
 */
export function parseKeptIdentity(text: string | null, now: number): KeptIdentity | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<KeptIdentity>;
    const { ticket, xingming, zjhm, expiresAt } = value;
    if (typeof ticket !== 'string' || typeof xingming !== 'string' || typeof zjhm !== 'string' || typeof expiresAt !== 'number') return null;
    return ticket && xingming && zjhm && expiresAt > now ? { ticket, xingming, zjhm, expiresAt } : null;
  } catch {
    return null;
  }
}

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** Keeps what zw/identity answered, with its expiry counted from now. */
export function keepIdentity(identity: VerifiedIdentity, now = Date.now()): void {
  const kept: KeptIdentity = { ticket: identity.ticket, xingming: identity.xingming, zjhm: identity.zjhm, expiresAt: now + identity.expiresIn * 1000 };
  storage()?.setItem(IDENTITY_KEY, JSON.stringify(kept));
}

/** The kept identity, or null (none, expired, unreadable). */
export function readKeptIdentity(now = Date.now()): KeptIdentity | null {
  return parseKeptIdentity(storage()?.getItem(IDENTITY_KEY) ?? null, now);
}

/** Forgets the kept identity (spent by a registration, or the citizen starts over). */
export function forgetIdentity(): void {
  storage()?.removeItem(IDENTITY_KEY);
}
