import type { Business, BusinessMaterial } from './types';

/**
 * The materials (申请材料) of a business, computed from its module's table and the applicant's answers
 * (docs/api-archive.md › Materials). The one source of truth: the wizard's guide (`ywblxz/materials`), the archive
 * collector (`getCls`) and its completeness check (`cjtj`) all call {@link materialsFor}. `wjlxId` is the code the
 * archive stores a file under (its `clbh`), the same for every type (`SFZ` 身份证, `SQS` 授权委托书 …).
 */

/** The authorisation letter: the material QR signing stores. */
export const LETTER_CLBH = 'SQS';

type Row = BusinessMaterial<Record<string, unknown>>;

/**
 * Rows every module may reuse (the node and catalogue numbers of the centre's general catalogue, 99).
 *
 * @example
 * materials: [{ ...COMMON_MATERIALS.SFZ, when: (a) => Boolean(a.zjhm) }, COMMON_MATERIALS.QT]
 */
export const COMMON_MATERIALS = {
  SFZ: {
    wjlxId: 'SFZ',
    wjmc: '身份证（正反面）',
    jdbh: 'TY-01',
    mlbh: '9901',
    zstj: '申请人本人的居民身份证',
    description: '申请人居民身份证正面和反面的照片或扫描件',
    required: true,
    maxFiles: 2,
  },
  QT: { wjlxId: 'QT', wjmc: '其他材料', jdbh: 'TY-99', mlbh: '9999', zstj: '中心要求补充的其他材料', required: false, maxFiles: 10 },
  SQS: {
    wjlxId: LETTER_CLBH,
    wjmc: '授权委托书',
    jdbh: 'TY-02',
    mlbh: '9902',
    zstj: '委托他人代办时提供',
    description: '委托他人代办时提供：可扫码在手机上签署，或上传签字后的扫描件',
    required: false,
    maxFiles: 1,
  },
} as const satisfies Record<string, Row>;

/**
 * Materials of a personal business without a table of its own.
 *
 * @example
 * materialsFor({ materials: DEFAULT_PERSONAL_MATERIALS }, {}).map((m) => m.clbh) // ['SFZ', 'QT', 'SQS']
 */
export const DEFAULT_PERSONAL_MATERIALS: readonly Row[] = [COMMON_MATERIALS.SFZ, COMMON_MATERIALS.QT, COMMON_MATERIALS.SQS];

/**
 * Materials of every unit business (login type 2) without its own: the unit authorises its handler (经办人) in writing.
 *
 * @example
 * materialsFor({ materials: UNIT_MATERIALS }, {}).filter((m) => m.required).map((m) => m.clbh) // ['YYZZ', 'JBRSFZ', 'SQS']
 */
export const UNIT_MATERIALS: readonly Row[] = [
  { wjlxId: 'YYZZ', wjmc: '营业执照', jdbh: 'DW-01', mlbh: '9801', zstj: '单位营业执照或事业单位法人证书', description: '单位营业执照或事业单位法人证书的照片或扫描件', required: true, maxFiles: 2 },
  { wjlxId: 'JBRSFZ', wjmc: '经办人身份证（正反面）', jdbh: 'DW-01', mlbh: '9802', zstj: '经办人本人的居民身份证', description: '经办人居民身份证正面和反面', required: true, maxFiles: 2 },
  {
    ...COMMON_MATERIALS.SQS,
    zstj: '单位授权经办人办理',
    description: '单位授权经办人办理的委托书：可扫码在手机上签署，或上传盖章后的扫描件',
    required: true,
  },
  COMMON_MATERIALS.QT,
];

/** A business's materials as the archive stores them: `clbh` is `wjlxId`, `clmc` is `wjmc`. */
export interface Material {
  clbh: string;
  clmc: string;
  required: boolean;
  description: string;
  maxFiles: number;
  /** The spec 3.6 words of the same row. */
  jdbh: string;
  mlbh: string;
  zstj: string;
}

const toMaterial = (m: Row): Material => ({
  clbh: m.wjlxId,
  clmc: m.wjmc,
  required: m.required,
  description: m.description ?? m.zstj,
  maxFiles: m.maxFiles,
  jdbh: m.jdbh,
  mlbh: m.mlbh,
  zstj: m.zstj,
});

/**
 * The materials this applicant needs, from their answers (a row without `when` always), in the table's order.
 *
 * @example
 * materialsFor(gj0302, { zjhm: '110105199506205112' }) // [{ clbh: 'SFZ', required: true, … }, { clbh: 'QT', … }, { clbh: 'SQS', … }]
 */
export function materialsFor(business: Pick<Business, 'materials'>, answers: Record<string, unknown>): Material[] {
  return (business.materials as readonly Row[]).filter((m) => !m.when || m.when(answers)).map(toMaterial);
}

/** Every row of the business's table, whatever the answers (to name a file whose material is no longer needed). */
export function allMaterialsOf(business: Pick<Business, 'materials'>): Material[] {
  return (business.materials as readonly Row[]).map(toMaterial);
}
