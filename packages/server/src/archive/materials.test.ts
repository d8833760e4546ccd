import { describe, expect, it } from 'vitest';
import { anyMaterialOf, materialsOf } from './materials';

const codes = (list: ReadonlyArray<{ clbh: string }>) => list.map((m) => m.clbh);

// The rows themselves are tested in business/materials.test.ts; here, that the archive reads them from the
// application's own answers.
describe("the archive's materials of an application", () => {
  it('follow the application payload', () => {
    expect(codes(materialsOf({ ywlx: 'GJ0302', payload: { zjhm: '110105199506205112' } }))).toEqual(['SFZ', 'QT', 'SQS']);
    expect(codes(materialsOf({ ywlx: 'GJ0302', payload: { xingming: '张新名', hyzk: '20' } }))).toEqual(['HKB', 'GMZM', 'JHZ', 'QT', 'SQS']);
    expect(materialsOf({ ywlx: 'GJ0302', payload: { txdz: '北京市' } })).toEqual([]);
    expect(materialsOf({ ywlx: 'GJ0302', payload: null })).toEqual([]);
  });

  it('an unknown type has none; any row can be named by code, whatever the answers', () => {
    expect(materialsOf({ ywlx: 'XX0000', payload: {} })).toEqual([]);
    expect(anyMaterialOf('GJ0302', 'HKB')?.clmc).toBe('居民户口簿（本人页）');
    expect(anyMaterialOf('GJ0302', 'DKHT')).toBeUndefined();
  });
});
