import { describe, expect, it } from 'vitest';
import { parseKeptIdentity } from './verified-identity';

describe('parseKeptIdentity', () => {
  const kept = { ticket: 't'.repeat(43), xingming: '冯雪', zjhm: '370783199001010045', expiresAt: 2_000 };

  it('reads a whole identity until it expires', () => {
    expect(parseKeptIdentity(JSON.stringify(kept), 1_999)).toEqual(kept);
    expect(parseKeptIdentity(JSON.stringify(kept), 2_000)).toBeNull();
  });

  it('answers null for nothing, broken text or a missing part', () => {
    expect(parseKeptIdentity(null, 0)).toBeNull();
    expect(parseKeptIdentity('{', 0)).toBeNull();
    expect(parseKeptIdentity(JSON.stringify({ ...kept, ticket: '' }), 0)).toBeNull();
    expect(parseKeptIdentity(JSON.stringify({ ...kept, expiresAt: '3000' }), 0)).toBeNull();
  });
});
