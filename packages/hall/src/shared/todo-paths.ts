import type { MenuArea } from '@gjj-hall/sdk/menu';

const UNIT = '/dwwt';
const FLEXIBLE = '/grwt/zhxx/lhjyryyw/';
const WITHDRAWAL = '/grwt/tqSys/tqyw/';
const LOAN = '/grwt/dkSys/';

/**
 * To-do task code → screen path, by area (spec 2.4). GJ0302 is listed in two areas with two screens, so the
 * table is split by area.
 *
 * @example
 * TODO_TASK_PATHS.unit.GJ0201 // '/dwwt/jcyw/dw_huij'
 * TODO_TASK_PATHS.personal.GJ0302 // '/grwt/zhxx/zhxxbg/grzhxxbg'
 */
export const TODO_TASK_PATHS: Readonly<Record<MenuArea, Readonly<Record<string, string>>>> = Object.freeze({
  unit: Object.freeze({
    GJ0302: `${UNIT}/zhxxbg/grzh_xxbg`,
    GJ0303: `${UNIT}/zhxxbg/grgjxx_bg`,
    GJ0102: `${UNIT}/zhxxbg/jcdj_xxbg`,
    GJ0103: `${UNIT}/zhxxbg/jcdj_gjbg`,
    GJ0101: `${UNIT}/cxyw/dwjcdjyw`,
    GJ0108: `${UNIT}/zhxxbg/dwjcdjzx`,
    GJ0311: `${UNIT}/zhxxbg/plxg_sjh`,
    GJ0301: `${UNIT}/jcyw/grzh_sl`,
    GJ0201: `${UNIT}/jcyw/dw_huij`,
    GJ0304: `${UNIT}/jcyw/grzh_qf`,
    GJ0305: `${UNIT}/jcyw/grzh_fc`,
    GJ0312: `${UNIT}/jcyw/fcyy_xg`,
    GJ0306: `${UNIT}/jcyw/tczy`,
    GJ0203: `${UNIT}/jcyw/js_tz`,
    GJ0204: `${UNIT}/jcyw/bl_tz`,
    GJ0206: `${UNIT}/jcyw/dw_huanj`,
    GJ0202: `${UNIT}/jcyw/dw_bj`,
    GJ0109: `${UNIT}/jcyw/fkzhxx_wh`,
    GJ0205: `${UNIT}/jcyw/jd_bl`,
    GJ0209: `${UNIT}/jcyw/kjdwjc_zm`,
  }),
  personal: Object.freeze({
    GJ0809: `${FLEXIBLE}lhjy_qf`,
    GJ0810: `${FLEXIBLE}lhjy_fc`,
    GJ0801: `${FLEXIBLE}lhjyrykh`,
    GJ0802: `${FLEXIBLE}lhjyryxxbg`,
    GJ0804: `${FLEXIBLE}yjce_tz`,
    GJ0805: `${FLEXIBLE}kkzh_bg`,
    GJ0814: `${FLEXIBLE}dzzbys_czbtsq`,
    GJ0815: `${FLEXIBLE}lhjyry_ybj`,
    GJ0803: `${FLEXIBLE}lhjyry_zy`,
    GJ0302: '/grwt/zhxx/zhxxbg/grzhxxbg',
    TQ0106: `${WITHDRAWAL}chdk_tq`,
    TQ0101: `${WITHDRAWAL}gmzzf`,
    TQ0103: `${WITHDRAWAL}ltx_tq`,
    TQ0107: `${WITHDRAWAL}zfzj_tq`,
    TQ0102: `${WITHDRAWAL}jzfj_tq`,
    TQ0105: `${WITHDRAWAL}cjdj_tq`,
    TQ0104: `${WITHDRAWAL}ssldl_tq`,
    TQ0199: `${WITHDRAWAL}qtyy_tq`,
    GD0101: `${LOAN}dkyw/dksq`,
    GD0605: `${LOAN}dkyw/gjj_tqhd`,
    GD0601: `${LOAN}dkyw/qychd`,
    GD0602: `${LOAN}dkyw/yhk_hk`,
    GD0404: `${LOAN}hkxx_bg/hkfs_bg`,
    GD0405: `${LOAN}hkxx_bg/hkzh_bg`,
    GD0406: `${LOAN}hkxx_bg/hkqx_bg`,
    YT1101: `${LOAN}dkyw/ydychdqy`,
  }),
  developer: Object.freeze({
    KH0103: '/kfswt/cx_yw/xx_cx/kfsxxwh',
  }),
});

/** Search order when no area is given: the order of spec 2.4. */
const AREA_ORDER: readonly MenuArea[] = ['unit', 'personal', 'developer'];

/**
 * The screen path of a to-do task code (spec 2.4); undefined for an unknown code. Codes are matched after
 * trimming, in any letter case. Pass the user's area (see `loginTypeArea`): GJ0302 opens
 * '/dwwt/zhxxbg/grzh_xxbg' for a unit but '/grwt/zhxx/zhxxbg/grzhxxbg' for an individual. Without an area the
 * areas are searched in the spec's order (unit, personal, developer).
 *
 * @example
 * todoTaskPath('TQ0101') // '/grwt/tqSys/tqyw/gmzzf'
 * todoTaskPath('GJ0302', 'personal') // '/grwt/zhxx/zhxxbg/grzhxxbg'
 * todoTaskPath('GJ0302', 'unit') // '/dwwt/zhxxbg/grzh_xxbg'
 * todoTaskPath('XX9999') // undefined
 */
export function todoTaskPath(code: unknown, area?: MenuArea): string | undefined {
  if (typeof code !== 'string') return undefined;
  const key = code.trim().toUpperCase();
  const areas = area !== undefined && AREA_ORDER.includes(area) ? [area] : AREA_ORDER;
  for (const a of areas) {
    const table = TODO_TASK_PATHS[a];
    if (Object.prototype.hasOwnProperty.call(table, key)) return table[key];
  }
  return undefined;
}
