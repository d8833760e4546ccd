import { businessOf } from '../business/registry';

/**
 * The materials (申请材料) each business needs, as data (docs/api-archive.md › Materials). `clbh` is the material's
 * code, the same for every type (`SFZ` 身份证, `SQS` 授权委托书 …); each row is tested in materials.test.ts.
 */

/** One material of a business. */
export interface Material {
  clbh: string;
  clmc: string;
  required: boolean;
  description: string;
  maxFiles: number;
}

/** The authorisation letter: the material QR signing stores. */
export const LETTER_CLBH = 'SQS';

const SFZ: Material = { clbh: 'SFZ', clmc: '身份证（正反面）', required: true, description: '申请人居民身份证正面和反面的照片或扫描件', maxFiles: 2 };
const SQS_OPTIONAL: Material = {
  clbh: LETTER_CLBH,
  clmc: '授权委托书',
  required: false,
  description: '委托他人代办时提供：可扫码在手机上签署，或上传签字后的扫描件',
  maxFiles: 1,
};
const QT: Material = { clbh: 'QT', clmc: '其他材料', required: false, description: '中心要求补充的其他材料', maxFiles: 10 };

/** Materials of a personal business not listed in {@link MATERIALS_BY_TYPE}. */
export const DEFAULT_PERSONAL_MATERIALS: readonly Material[] = [SFZ, QT, SQS_OPTIONAL];

/** Materials of every unit business (login type 2): the unit authorises its handler (经办人) in writing. */
export const UNIT_MATERIALS: readonly Material[] = [
  { clbh: 'YYZZ', clmc: '营业执照', required: true, description: '单位营业执照或事业单位法人证书的照片或扫描件', maxFiles: 2 },
  { clbh: 'JBRSFZ', clmc: '经办人身份证（正反面）', required: true, description: '经办人居民身份证正面和反面', maxFiles: 2 },
  { clbh: LETTER_CLBH, clmc: '授权委托书', required: true, description: '单位授权经办人办理的委托书：可扫码在手机上签署，或上传盖章后的扫描件', maxFiles: 1 },
  QT,
];

/** Types with their own list. */
export const MATERIALS_BY_TYPE: Readonly<Record<string, readonly Material[]>> = {
  GJ0302: [SFZ, { clbh: 'HJZM', clmc: '户籍或婚姻状况证明', required: false, description: '变更姓名、证件号码或婚姻状况时提供', maxFiles: 5 }, QT, SQS_OPTIONAL],
  GJ0313: [SFZ],
  TQ0106: [
    SFZ,
    { clbh: 'DKHT', clmc: '借款合同', required: true, description: '住房贷款借款合同（含签字页）', maxFiles: 20 },
    { clbh: 'HKPZ', clmc: '还款凭证', required: true, description: '近期还款凭证或银行流水', maxFiles: 10 },
    SQS_OPTIONAL,
  ],
};

/**
 * The materials of a business type, in the order the page shows them.
 *
 * @example
 * materialsOf('GJ0313') // [{ clbh: 'SFZ', clmc: '身份证（正反面）', required: true, … }]
 */
export function materialsOf(ywlx: string): readonly Material[] {
  const own = MATERIALS_BY_TYPE[ywlx];
  if (own) return own;
  const business = businessOf(ywlx);
  return business && !business.loginTypes.includes(1) ? UNIT_MATERIALS : DEFAULT_PERSONAL_MATERIALS;
}
