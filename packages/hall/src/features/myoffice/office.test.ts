import { describe, expect, it } from 'vitest';
import { buildRoutes } from '@gjj-hall/sdk/menu';
import { applyFields, payloadFields, routePathOf, searchNumber, STATUS_OPTIONS, statusFilter, statusName, statusTone, todoLead, todoTarget } from './office';

describe('status filter', () => {
  it('offers 全部 then the seven statuses of the contract in order', () => {
    expect(STATUS_OPTIONS.map((o) => `${o.value}:${o.label}`)).toEqual([
      ':全部',
      '00:草稿',
      '01:已提交',
      '02:已受理',
      '03:已办结',
      '04:已退回',
      '05:不予受理',
      '06:已撤回',
    ]);
  });

  it('keeps a known status from the address and turns anything else into 全部', () => {
    expect(statusFilter('04')).toBe('04');
    expect(statusFilter('07')).toBe('');
    expect(statusFilter(null)).toBe('');
    expect(statusFilter('01,02')).toBe('');
  });

  it('names a status without ztmc and gives each tone', () => {
    expect(statusName('05')).toBe('不予受理');
    expect(statusName('05', '不予受理（材料不全）')).toBe('不予受理（材料不全）');
    expect(statusName('99')).toBe('99');
    expect(['00', '01', '02', '03', '04', '05', '06'].map(statusTone)).toEqual(['pending', 'active', 'active', 'done', 'pending', 'danger', 'closed']);
  });

  it('checks a typed business number before any call', () => {
    expect(searchNumber('  gj0302 20261126 00000042 ')).toBe('GJ03022026112600000042');
    expect(searchNumber('   ')).toBe('');
    expect(searchNumber("1' or 1=1")).toBeNull();
    expect(searchNumber('GJ0302')).toBeNull();
    expect(searchNumber('GJ030220261126000000421')).toBeNull();
  });
});

describe('to-do targets', () => {
  it('a returned application opens its detail in 我的业务; a statement the statement query; other codes the screen of spec 2.4', () => {
    expect(todoTarget({ kind: 'returned', ywlx: 'GJ0302', ywbh: 'GJ1' }, 'personal', '/grwt/wdbj/ywxq')).toBe('/grwt/wdbj/ywxq?ywbh=GJ1');
    expect(todoTarget({ kind: 'statement', ywlx: 'DWLXD', ywbh: 'LX 1' }, 'unit', '/dwwt/wdbj/ywxq')).toBe('/dwwt/cxyw/dwlxd_cx?ywbh=LX%201');
    // The server's statement item has no number: the statement query of the year.
    expect(todoTarget({ kind: 'statement', ywlx: 'DWLXD', ywbh: '' }, 'unit', '/dwwt/wdbj/ywxq')).toBe('/dwwt/cxyw/dwlxd_cx');
    expect(todoTarget({ kind: 'other', ywlx: 'GJ0302', ywbh: 'GJ2' }, 'unit', '/dwwt/wdbj/ywxq')).toBe('/dwwt/zhxxbg/grzh_xxbg?ywbh=GJ2');
    expect(todoTarget({ kind: 'other', ywlx: 'GJ0302', ywbh: 'GJ2' }, 'personal', '')).toBe('/grwt/zhxx/zhxxbg/grzhxxbg?ywbh=GJ2');
    // No detail page in the menus: the business screen of the code table.
    expect(todoTarget({ kind: 'returned', ywlx: 'TQ0101', ywbh: 'TQ1' }, 'personal', '')).toBe('/grwt/tqSys/tqyw/gmzzf?ywbh=TQ1');
    expect(todoTarget({ kind: 'other', ywlx: 'XX9999', ywbh: 'X1' }, 'personal', '/grwt/wdbj/ywxq')).toBe('/grwt/wdbj/ywxq?ywbh=X1');
  });

  it('finds the office pages among the routes built from the menus by component name', () => {
    const { routes } = buildRoutes([
      {
        id: 1,
        path: '/dwwt',
        component: 'Layout',
        menuType: 0,
        enable: 1,
        meta: { title: '单位网厅' },
        children: [
          { id: 2, path: 'home', component: 'DwwtHome', menuType: 2, enable: 1, hidden: true, meta: { title: '首页' } },
          {
            id: 3,
            path: 'wdbj',
            component: 'MenuScreen',
            menuType: 0,
            enable: 1,
            meta: { title: '我的办件' },
            children: [
              { id: 4, path: '/dwwt/wdbj/wdyw', component: 'DWmyOffice', menuType: 2, enable: 1, meta: { title: '我的业务' } },
              { id: 5, path: '/dwwt/wdbj/ywxq', component: 'MyOfficeDetail', menuType: 2, enable: 1, hidden: true, meta: { title: '业务详情' } },
            ],
          },
        ],
      },
    ]);
    expect(routePathOf(routes, ['MyOffice', 'DWmyOffice'])).toBe('/dwwt/wdbj/wdyw');
    expect(routePathOf(routes, ['MyOfficeDetail'])).toBe('/dwwt/wdbj/ywxq');
    expect(routePathOf(routes, ['TodoList'])).toBe('');
  });
});

describe('the generic resubmit form', () => {
  it('edits the top-level strings and numbers with their labels, keeps the rest untouched', () => {
    const payload = { xingming: '张三', jtzz: '北京市东城区', nl: 36, files: [{ id: 1 }], meta: { a: 1 }, flag: true };
    expect(payloadFields(payload)).toEqual([
      { key: 'xingming', label: '姓名', value: '张三' },
      { key: 'jtzz', label: '家庭住址', value: '北京市东城区' },
      { key: 'nl', label: 'nl', value: '36' },
    ]);
    expect(applyFields(payload, { jtzz: '北京市西城区', nl: '37', unknown: 'x' })).toEqual({ ...payload, jtzz: '北京市西城区', nl: 37 });
    // A number field typed as text is sent as typed: the server's schema answers with its message.
    expect(applyFields(payload, { nl: '三十七' }).nl).toBe('三十七');
    expect(payloadFields(null)).toEqual([]);
  });
});

describe('the to-do lead, per kind of login (issue 30)', () => {
  it('asks only a unit to confirm the interest statement', () => {
    expect(todoLead('unit')).toContain('单位利息单请及时确认');
    for (const area of ['personal', 'developer', undefined] as const) expect(todoLead(area)).not.toContain('利息单');
  });
});
