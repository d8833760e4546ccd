import { describe, expect, it } from 'vitest';
import { formatMoney } from '@gjj-hall/sdk/format';
import type { MenuRoute } from '@gjj-hall/sdk/menu';
import { findRoute, monthText, percentText, signedMoney } from './format';

describe('account page formats', () => {
  it.each([
    ['202610', '2026年10月'],
    ['201511', '2015年11月'],
    [null, '--'],
    ['', '--'],
    ['2026-10', '--'],
  ])('汇缴年月 %s → %s', (period, text) => expect(monthText(period)).toBe(text));

  it.each([
    ['12.00', '12%'],
    ['7.50', '7.5%'],
    ['10.25', '10.25%'],
    ['0.00', '0%'],
    ['', '--'],
  ])('ratio %s → %s', (ratio, text) => expect(percentText(ratio)).toBe(text));

  it('signs an amount: money in with +, out with -', () => {
    expect(signedMoney('-12345.60', formatMoney)).toBe('-12,345.60');
    expect(signedMoney('3694.00', formatMoney)).toBe('+3,694.00');
  });

  it('finds a route by path or by page component, depth first', () => {
    const route = (fullPath: string, name: string, children: MenuRoute[] = []) =>
      ({ fullPath, component: { kind: 'page', name }, children }) as unknown as MenuRoute;
    const routes = [route('/grwt', 'Layout', [route('/grwt/wdbj/dbsx', 'TodoList'), route('/grwt/zhxx/zhcx/grzhxx', 'grwt/zhxx/zhcx/grzhxx')])];
    expect(findRoute(routes, '', 'TodoList')?.fullPath).toBe('/grwt/wdbj/dbsx');
    expect(findRoute(routes, '/grwt/zhxx/zhcx/grzhxx')?.fullPath).toBe('/grwt/zhxx/zhcx/grzhxx');
    expect(findRoute(routes, '/grwt/nowhere')).toBeUndefined();
  });
});
