import { describe, expect, it } from 'vitest';
import { TODO_TASK_PATHS, todoTaskPath } from './todo-paths';

// Spelled out in full from spec 2.4, independently of the table under test.
const UNIT: [string, string][] = [
  ['GJ0302', '/dwwt/zhxxbg/grzh_xxbg'],
  ['GJ0303', '/dwwt/zhxxbg/grgjxx_bg'],
  ['GJ0102', '/dwwt/zhxxbg/jcdj_xxbg'],
  ['GJ0103', '/dwwt/zhxxbg/jcdj_gjbg'],
  ['GJ0101', '/dwwt/cxyw/dwjcdjyw'],
  ['GJ0108', '/dwwt/zhxxbg/dwjcdjzx'],
  ['GJ0311', '/dwwt/zhxxbg/plxg_sjh'],
  ['GJ0301', '/dwwt/jcyw/grzh_sl'],
  ['GJ0201', '/dwwt/jcyw/dw_huij'],
  ['GJ0304', '/dwwt/jcyw/grzh_qf'],
  ['GJ0305', '/dwwt/jcyw/grzh_fc'],
  ['GJ0312', '/dwwt/jcyw/fcyy_xg'],
  ['GJ0306', '/dwwt/jcyw/tczy'],
  ['GJ0203', '/dwwt/jcyw/js_tz'],
  ['GJ0204', '/dwwt/jcyw/bl_tz'],
  ['GJ0206', '/dwwt/jcyw/dw_huanj'],
  ['GJ0202', '/dwwt/jcyw/dw_bj'],
  ['GJ0109', '/dwwt/jcyw/fkzhxx_wh'],
  ['GJ0205', '/dwwt/jcyw/jd_bl'],
  ['GJ0209', '/dwwt/jcyw/kjdwjc_zm'],
];

const PERSONAL: [string, string][] = [
  ['GJ0809', '/grwt/zhxx/lhjyryyw/lhjy_qf'],
  ['GJ0810', '/grwt/zhxx/lhjyryyw/lhjy_fc'],
  ['GJ0801', '/grwt/zhxx/lhjyryyw/lhjyrykh'],
  ['GJ0802', '/grwt/zhxx/lhjyryyw/lhjyryxxbg'],
  ['GJ0804', '/grwt/zhxx/lhjyryyw/yjce_tz'],
  ['GJ0805', '/grwt/zhxx/lhjyryyw/kkzh_bg'],
  ['GJ0814', '/grwt/zhxx/lhjyryyw/dzzbys_czbtsq'],
  ['GJ0815', '/grwt/zhxx/lhjyryyw/lhjyry_ybj'],
  ['GJ0803', '/grwt/zhxx/lhjyryyw/lhjyry_zy'],
  ['GJ0302', '/grwt/zhxx/zhxxbg/grzhxxbg'],
  ['TQ0106', '/grwt/tqSys/tqyw/chdk_tq'],
  ['TQ0101', '/grwt/tqSys/tqyw/gmzzf'],
  ['TQ0103', '/grwt/tqSys/tqyw/ltx_tq'],
  ['TQ0107', '/grwt/tqSys/tqyw/zfzj_tq'],
  ['TQ0102', '/grwt/tqSys/tqyw/jzfj_tq'],
  ['TQ0105', '/grwt/tqSys/tqyw/cjdj_tq'],
  ['TQ0104', '/grwt/tqSys/tqyw/ssldl_tq'],
  ['TQ0199', '/grwt/tqSys/tqyw/qtyy_tq'],
  ['GD0101', '/grwt/dkSys/dkyw/dksq'],
  ['GD0605', '/grwt/dkSys/dkyw/gjj_tqhd'],
  ['GD0601', '/grwt/dkSys/dkyw/qychd'],
  ['GD0602', '/grwt/dkSys/dkyw/yhk_hk'],
  ['GD0404', '/grwt/dkSys/hkxx_bg/hkfs_bg'],
  ['GD0405', '/grwt/dkSys/hkxx_bg/hkzh_bg'],
  ['GD0406', '/grwt/dkSys/hkxx_bg/hkqx_bg'],
  ['YT1101', '/grwt/dkSys/dkyw/ydychdqy'],
];

const DEVELOPER: [string, string][] = [['KH0103', '/kfswt/cx_yw/xx_cx/kfsxxwh']];

describe('todoTaskPath', () => {
  it.each(UNIT)('unit %s opens %s', (code, path) => {
    expect(todoTaskPath(code, 'unit')).toBe(path);
  });

  it.each(PERSONAL)('personal %s opens %s', (code, path) => {
    expect(todoTaskPath(code, 'personal')).toBe(path);
  });

  it.each(DEVELOPER)('developer %s opens %s', (code, path) => {
    expect(todoTaskPath(code, 'developer')).toBe(path);
  });

  it('holds exactly the codes of the spec', () => {
    expect(Object.keys(TODO_TASK_PATHS.unit).sort()).toEqual(UNIT.map(([c]) => c).sort());
    expect(Object.keys(TODO_TASK_PATHS.personal).sort()).toEqual(PERSONAL.map(([c]) => c).sort());
    expect(Object.keys(TODO_TASK_PATHS.developer)).toEqual(['KH0103']);
  });

  it('finds a code in any area when no area is given, the unit screen first for GJ0302', () => {
    expect(todoTaskPath('TQ0101')).toBe('/grwt/tqSys/tqyw/gmzzf');
    expect(todoTaskPath('KH0103')).toBe('/kfswt/cx_yw/xx_cx/kfsxxwh');
    expect(todoTaskPath('GJ0302')).toBe('/dwwt/zhxxbg/grzh_xxbg');
  });

  it('does not cross areas when an area is given', () => {
    expect(todoTaskPath('GJ0201', 'personal')).toBeUndefined();
    expect(todoTaskPath('TQ0101', 'unit')).toBeUndefined();
  });

  it('matches after trimming, in any letter case', () => {
    expect(todoTaskPath(' gj0201 ')).toBe('/dwwt/jcyw/dw_huij');
  });

  it('gives undefined for unknown codes and non-strings', () => {
    for (const code of ['XX9999', '', 'constructor', '__proto__', undefined, null, 302]) {
      expect(todoTaskPath(code)).toBeUndefined();
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(TODO_TASK_PATHS)).toBe(true);
    expect(Object.isFrozen(TODO_TASK_PATHS.unit)).toBe(true);
  });
});
