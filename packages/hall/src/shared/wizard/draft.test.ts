import { describe, expect, it } from 'vitest';
import { clearPending, pendingKey, readPending, writePending } from './draft';

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

describe('pending drafts in the browser', () => {
  it('are kept per login, account and type until cleared', () => {
    const s = new MemoryStorage();
    const a = pendingKey('110105199506205040', '12', 'GJ0302');
    const b = pendingKey('110105199506205040', '13', 'GJ0302');
    expect(writePending(s, a, { step: 2, payload: { txdz: '北京' }, at: 1 })).toBe(true);
    expect(readPending(s, a)).toEqual({ step: 2, payload: { txdz: '北京' }, at: 1 });
    expect(readPending(s, b)).toBeNull();
    clearPending(s, a);
    expect(readPending(s, a)).toBeNull();
  });

  it('read nothing from damaged entries and report a browser that refuses to store', () => {
    const s = new MemoryStorage();
    s.setItem('k', '{not json');
    expect(readPending(s, 'k')).toBeNull();
    s.setItem('k', JSON.stringify({ step: 'x', payload: {} }));
    expect(readPending(s, 'k')).toBeNull();
    const full = { setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(writePending(full, 'k', { step: 1, payload: {}, at: 0 })).toBe(false);
    expect(writePending(undefined, 'k', { step: 1, payload: {}, at: 0 })).toBe(false);
  });
});
