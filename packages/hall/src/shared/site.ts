/**
 * What the hall shows before system configuration is loaded. Issue #5 replaces these with the centre's own
 * configuration (XT_ZXQC and the footer keys of spec 3.5); until then they are the reference deployment's.
 */
export const SITE = {
  centreName: '示范市住房公积金管理中心',
  hallName: '网上业务大厅',
  footer: {
    sponsor: '示范市住房公积金管理中心',
    address: '示范市人民路 100 号',
    hotline: '12329',
    icp: '示ICP备00000000号',
  },
} as const;
