import { stores } from './services';

/**
 * What the hall shows before the system configuration is loaded, and where the configuration has no value: the
 * reference deployment's names (spec 3.5 keys XT_ZXQC and the footer keys replace them).
 */
export const SITE = {
  centreName: '示范市住房公积金管理中心',
  hallName: '网上业务大厅',
} as const;

/** The centre's name: configuration key XT_ZXQC, else the reference deployment's. */
export function centreName(): string {
  return stores.config.centreName() || SITE.centreName;
}

/** Labels of the footer keys (spec 3.5) when the configuration item has no title. */
export const FOOTER_LABELS: Readonly<Record<string, string>> = Object.freeze({
  zxmc: '主办单位',
  sydw: '版权所有',
  jszc: '技术支持',
  wzym: '网站域名',
  babh: 'ICP 备案编号',
  ggwab: '公安网安备案号',
  wzbsm: '网站标识码',
});
