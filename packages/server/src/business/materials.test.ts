import { describe, expect, it } from 'vitest';
import { BUSINESSES, businessOf } from './registry';
import { allMaterialsOf, DEFAULT_PERSONAL_MATERIALS, LETTER_CLBH, materialsFor, UNIT_MATERIALS } from './materials';

const codes = (list: ReadonlyArray<{ clbh: string }>) => list.map((m) => m.clbh);
const required = (list: ReadonlyArray<{ clbh: string; required: boolean }>) => list.filter((m) => m.required).map((m) => m.clbh);
const gj0302 = businessOf('GJ0302')!;
const NEW_ID = '110105199506205112';

describe('GJ0302 个人账户信息变更: one test per row of its materials table', () => {
  // [row, answers that call for it, answers that do not, required]
  it.each([
    ['SFZ', { zjhm: NEW_ID }, { xingming: '钱新名' }, true],
    ['HKB', { xingming: '钱新名' }, { zjhm: NEW_ID }, true],
    ['GMZM', { xingming: '钱新名' }, { hyzk: '20' }, true],
    ['JHZ', { hyzk: '20' }, { hyzk: '10' }, false],
    ['JHZ', { hyzk: '40' }, { hyzk: '30' }, false],
    ['QT', { zjhm: NEW_ID }, { txdz: '北京市', hyzk: '20' }, false],
    ['SQS', { xingming: '钱新名' }, { gzdh: '010-65001234' }, false],
  ] as const)('%s: listed for %j, not for %j; required %s', (clbh, on, off, isRequired) => {
    const row = materialsFor(gj0302, on).find((m) => m.clbh === clbh);
    expect(row?.required).toBe(isRequired);
    expect(codes(materialsFor(gj0302, off))).not.toContain(clbh);
  });

  it('a change that completes at once (address, phone, email …) needs no material', () => {
    expect(materialsFor(gj0302, {})).toEqual([]);
    expect(materialsFor(gj0302, { txdz: '北京市', yzbm: '100022', gzdh: '010-1234567', dzyx: 'a@b.cn', zy: '教师', xl: '本科' })).toEqual([]);
    // An empty text is no change.
    expect(materialsFor(gj0302, { zjhm: '', xingming: '' })).toEqual([]);
  });

  it('lists in the table order, with the spec 3.6 words of each row', () => {
    const all = materialsFor(gj0302, { xingming: '钱新名', zjhm: NEW_ID, hyzk: '20' });
    expect(codes(all)).toEqual(['SFZ', 'HKB', 'GMZM', 'JHZ', 'QT', 'SQS']);
    expect(required(all)).toEqual(['SFZ', 'HKB', 'GMZM']);
    expect(all[0]).toEqual({
      clbh: 'SFZ',
      clmc: '身份证（正反面）',
      required: true,
      description: '新居民身份证正面和反面的照片或扫描件',
      maxFiles: 2,
      jdbh: 'GJ0302-01',
      mlbh: '0103',
      zstj: '变更证件号码时提供',
    });
  });
});

describe('the other tables', () => {
  it('GJ0313 needs no material whatever the answers', () => {
    expect(materialsFor(businessOf('GJ0313')!, { sjhm: '13912345678' })).toEqual([]);
  });

  it('TQ0106 has its own list: the contract and the repayments for a bank’s loan, not for the centre’s own (its records hold them)', () => {
    const list = materialsFor(businessOf('TQ0106')!, { dklx: '2' });
    expect(codes(list)).toEqual(['SFZ', 'DKHT', 'HKPZ', 'SQS']);
    expect(required(list)).toEqual(['SFZ', 'DKHT', 'HKPZ']);
    expect(required(materialsFor(businessOf('TQ0106')!, { dklx: '1' }))).toEqual(['SFZ']);
  });

  it('a unit business without its own table takes the unit list, with the letter required', () => {
    expect(codes(materialsFor(businessOf('GJ0102')!, {}))).toEqual(['YYZZ', 'JBRSFZ', 'SQS', 'QT']);
    expect(required(materialsFor(businessOf('GJ0102')!, {}))).toEqual(['YYZZ', 'JBRSFZ', 'SQS']);
    expect(businessOf('KH0103')!.materials).toBe(UNIT_MATERIALS);
  });

  it('a personal business without its own table takes the default: 身份证 required, 其他材料 and the letter optional', () => {
    expect(businessOf('YT1101')!.materials).toBe(DEFAULT_PERSONAL_MATERIALS);
    expect(codes(materialsFor(businessOf('YT1101')!, {}))).toEqual(['SFZ', 'QT', 'SQS']);
    expect(required(materialsFor(businessOf('YT1101')!, {}))).toEqual(['SFZ']);
  });

  it('every row of every table has a code, a name, numbers, a positive file count, and no code twice', () => {
    for (const b of BUSINESSES.values()) {
      const list = allMaterialsOf(b);
      expect(new Set(codes(list)).size, b.ywlx).toBe(list.length);
      for (const m of list) {
        expect(m.clbh).toMatch(/^[A-Z0-9]{1,20}$/);
        expect(m.clmc.length).toBeGreaterThan(0);
        expect(m.jdbh.length).toBeGreaterThan(0);
        expect(m.mlbh).toMatch(/^\d{4}$/);
        expect(m.maxFiles).toBeGreaterThan(0);
        // The letter has room for exactly one file (a signed one replaces the one before).
        if (m.clbh === LETTER_CLBH) expect(m.maxFiles).toBe(1);
      }
    }
  });
});
