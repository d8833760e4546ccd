import type { WizardValues } from '../../../shared/wizard/wizard';

/**
 * The pure part of GJ0302's page (tested in node): its fields, words, lists and the payload of only what changed.
 * The server's module (packages/server/src/business/personal/gj0302.ts) is the truth; these follow it.
 */

export const FIELDS = ['xingming', 'zjhm', 'txdz', 'yzbm', 'gzdh', 'dzyx', 'hyzk', 'poxm', 'pozjhm', 'zy', 'xl'] as const;
export type Field = (typeof FIELDS)[number];
export type Current = Record<Field, string>;

export const LABELS: Record<Field, string> = {
  xingming: '姓名',
  zjhm: '证件号码',
  txdz: '通讯地址',
  yzbm: '邮政编码',
  gzdh: '单位电话',
  dzyx: '电子邮箱',
  hyzk: '婚姻状况',
  poxm: '配偶姓名',
  pozjhm: '配偶证件号码',
  zy: '职业',
  xl: '学历',
};

/** 婚姻状况 (GB/T 2261.2), as the server's schema lists them. */
export const MARITAL: ReadonlyArray<readonly [string, string]> = [
  ['10', '未婚'],
  ['20', '已婚'],
  ['30', '丧偶'],
  ['40', '离婚'],
  ['90', '未说明'],
];
export const MARRIED = '20';

/** 学历 in words (GB/T 4658), the server's list (EDUCATION_LEVELS). */
export const EDUCATION: ReadonlyArray<readonly [string, string]> = ['研究生（博士）', '研究生（硕士）', '大学本科', '大学专科', '中等专科', '职业高中', '技工学校', '普通高中', '初中', '小学', '其他'].map(
  (x) => [x, x] as const,
);

export const NAME = /^[\u4e00-\u9fa5·A-Za-z ]{2,15}$/;
/** Said when nothing differs from the records. */
export const NOTHING_CHANGED = '您没有修改任何信息，请修改需要变更的项目后再提交';

export const trimmed = (v: WizardValues, f: string) => (v[f] ?? '').trim();
export const masked = (v: string) => v.includes('*');

/**
 * The payload: each field that differs from the records (the key fields when typed), trimmed, ID numbers upper
 * case; the spouse only while 已婚.
 *
 * @example
 * gj0302Payload({ txdz: '新地址', hyzk: '10' }, { txdz: '旧地址', hyzk: '10' }) // { txdz: '新地址' }
 */
export function gj0302Payload(values: WizardValues, current: Partial<Current> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  const married = (trimmed(values, 'hyzk') || current.hyzk) === MARRIED;
  for (const f of FIELDS) {
    const v = trimmed(values, f);
    if (!v) continue;
    if ((f === 'poxm' || f === 'pozjhm') && !married) continue;
    const now = f === 'xingming' || f === 'zjhm' ? '' : (current[f] ?? '');
    if (v === now) continue;
    out[f] = f === 'zjhm' || f === 'pozjhm' ? v.toUpperCase() : v;
  }
  return out;
}

