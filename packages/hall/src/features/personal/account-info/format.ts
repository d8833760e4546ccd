import type { MenuRoute } from '@gjj-hall/sdk/menu';

/**
 * 汇缴年月 as the centre writes it: '202610' → '2026年10月'; none → '--'.
 * @example monthText('202610') // '2026年10月'
 */
export function monthText(period: string | null | undefined): string {
  const m = /^(\d{4})(\d{2})$/.exec(period ?? '');
  return m ? `${m[1]}年${m[2]}月` : '--';
}

/**
 * A ratio in percent as the server sends it ('12.00'), shown without trailing zeros: '12%', '7.5%'.
 * @example percentText('7.50') // '7.5%'
 */
export function percentText(ratio: string | null | undefined): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(ratio ?? '');
  if (!m) return '--';
  const frac = (m[2] ?? '').replace(/0+$/, '');
  return `${String(Number(m[1]))}${frac ? `.${frac}` : ''}%`;
}

/**
 * A signed amount of money for the last movement: '+1,234.00' in, '-800.00' out.
 * @example signedMoney('-800.00', formatMoney) // '-800.00'
 */
export function signedMoney(amount: string, format: (value: string) => string): string {
  const negative = amount.startsWith('-');
  const abs = negative ? amount.slice(1) : amount;
  return `${negative ? '-' : '+'}${format(abs)}`;
}

/**
 * The first route of the user's menus (depth first) whose full path is `path`, or whose page component is `component`.
 * @example findRoute(routes, '/grwt/zhxx/zhxxbg/grzhxxbg')?.fullPath
 */
export function findRoute(routes: readonly MenuRoute[], path: string, component?: string): MenuRoute | undefined {
  for (const route of routes) {
    if (route.fullPath === path || (component && route.component?.kind === 'page' && route.component.name === component)) return route;
    const below = findRoute(route.children, path, component);
    if (below) return below;
  }
  return undefined;
}
