import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/db';
import { BUSINESSES } from './registry';
import { GJ0302_DETAIL_FIELDS, GJ0302_KEY_FIELDS } from './personal/gj0302';
import type { Applicant } from './types';

const FLEXIBLE_CODES = ['GJ0809', 'GJ0810', 'GJ0801', 'GJ0802', 'GJ0804', 'GJ0805', 'GJ0814', 'GJ0815', 'GJ0803'];

// Every code of spec 2.4, copied from the specification.
const SPEC_2_4 = `GJ0302 GJ0303 GJ0102 GJ0103 GJ0101 GJ0108 GJ0311 GJ0301 GJ0201 GJ0304 GJ0305 GJ0312 GJ0306 GJ0203 GJ0204 GJ0206
  GJ0202 GJ0109 GJ0205 GJ0209 GJ0809 GJ0810 GJ0801 GJ0802 GJ0804 GJ0805 GJ0814 GJ0815 GJ0803 TQ0106 TQ0101 TQ0103
  TQ0107 TQ0102 TQ0105 TQ0104 TQ0199 GD0101 GD0605 GD0601 GD0602 GD0404 GD0405 GD0406 YT1101 KH0103`.split(/\s+/);

const applicant: Applicant = { userId: '1', accountId: '1', loginType: 1, login: 'x', zh: '' };
const q = {} as Queryable;
const decide = (ywlx: string, payload: Record<string, unknown>) => BUSINESSES.get(ywlx)?.automatic?.decide({ q, applicant, payload }) ?? null;

describe('the business registry', () => {
  it('registers every code of spec 2.4, the phone change GJ0313 and the transfer GJ0314, each with a name, a time limit and a schema', () => {
    expect([...BUSINESSES.keys()].sort()).toEqual([...SPEC_2_4, 'GJ0313', 'GJ0314'].sort());
    for (const b of BUSINESSES.values()) {
      expect(b.ywmc).toMatch(/^[\u4e00-\u9fa5]{4,}$/);
      expect(b.timeLimitDays).toBeGreaterThan(0);
      expect(b.schema.type).toBe('object');
      expect(b.loginTypes.length).toBeGreaterThan(0);
    }
  });

  it('marks every business but GJ0302, GJ0313, GJ0314, the flexible ones (GJ08xx, issue 24) and the loans GD0101, GD0601, GD0404, GD0405 and GD0406 (issue 38) as a placeholder', () => {
    expect([...BUSINESSES.values()].filter((b) => !b.placeholder).map((b) => b.ywlx)).toEqual(['GJ0302', 'GJ0313', 'GJ0314', ...FLEXIBLE_CODES, 'GD0101', 'GD0601', 'GD0404', 'GD0405', 'GD0406']);
  });
});

describe('the automatic rules table', () => {
  it.each(GJ0302_DETAIL_FIELDS)('GJ0302 changing only %s completes at once', async (field) => {
    expect(await decide('GJ0302', { [field]: '1' })).toBe('complete');
  });

  it.each(GJ0302_KEY_FIELDS)('GJ0302 changing %s waits for the centre, whatever else changes', async (field) => {
    expect(await decide('GJ0302', { [field]: '1' })).toBeNull();
    expect(await decide('GJ0302', { [field]: '1', txdz: '某地' })).toBeNull();
  });

  it('GJ0313 completes at once', async () => {
    expect(await decide('GJ0313', { sjhm: '13800000000' })).toBe('complete');
  });

  it('every other business waits for the centre', () => {
    // The flexible ones with an automatic rule (docs/api-personal.md › 灵活就业) are tested in flexible/flexible.test.ts.
    expect([...BUSINESSES.values()].filter((b) => b.automatic).map((b) => b.ywlx)).toEqual(['GJ0302', 'GJ0313', 'GJ0809', 'GJ0810', 'GJ0802', 'GJ0804', 'GJ0805', 'GJ0815']);
  });
});
