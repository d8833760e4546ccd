import { describe, expect, it } from 'vitest';
import { BUSINESSES } from '../business/registry';

const ALL = [...BUSINESSES.values()];
import { DEFAULT_PERSONAL_MATERIALS, LETTER_CLBH, MATERIALS_BY_TYPE, UNIT_MATERIALS, materialsOf } from './materials';

const codes = (list: ReadonlyArray<{ clbh: string }>) => list.map((m) => m.clbh);

describe('the materials table', () => {
  it.each([
    ['GJ0302', ['SFZ', 'HJZM', 'QT', 'SQS'], ['SFZ']],
    ['GJ0313', ['SFZ'], ['SFZ']],
    ['TQ0106', ['SFZ', 'DKHT', 'HKPZ', 'SQS'], ['SFZ', 'DKHT', 'HKPZ']],
  ])('%s has its own list', (ywlx, all, required) => {
    expect(codes(materialsOf(ywlx))).toEqual(all);
    expect(codes(materialsOf(ywlx).filter((m) => m.required))).toEqual(required);
  });

  it('a unit business takes the unit list, with the letter required', () => {
    expect(materialsOf('GJ0102')).toBe(UNIT_MATERIALS);
    expect(UNIT_MATERIALS.find((m) => m.clbh === LETTER_CLBH)?.required).toBe(true);
  });

  it('a personal business without a list takes the default one', () => {
    expect(materialsOf('GJ0809')).toBe(DEFAULT_PERSONAL_MATERIALS);
    expect(codes(DEFAULT_PERSONAL_MATERIALS)).toEqual(['SFZ', 'QT', 'SQS']);
  });

  it('every business has materials with codes, names, a positive file count and no code twice', () => {
    for (const b of ALL) {
      const list = materialsOf(b.ywlx);
      expect(list.length).toBeGreaterThan(0);
      expect(new Set(codes(list)).size).toBe(list.length);
      for (const m of list) {
        expect(m.clbh).toMatch(/^[A-Z0-9]{1,20}$/);
        expect(m.clmc.length).toBeGreaterThan(0);
        expect(m.maxFiles).toBeGreaterThan(0);
      }
    }
    for (const ywlx of Object.keys(MATERIALS_BY_TYPE)) expect(BUSINESSES.has(ywlx)).toBe(true);
  });

  it('the letter has room for exactly one file (a signed one replaces the one before)', () => {
    for (const b of ALL) {
      const sqs = materialsOf(b.ywlx).find((m) => m.clbh === LETTER_CLBH);
      if (sqs) expect(sqs.maxFiles).toBe(1);
    }
  });
});
