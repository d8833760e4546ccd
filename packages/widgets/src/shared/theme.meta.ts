import type { StyleHookMeta } from './meta';

/**
 * The theme's custom properties, which every widget reads with the same default (the hall's own value where the hall
 * sets one, `packages/hall/src/app/styles.css`): documentation only, never in a bundle. Widget-specific properties
 * (a chart's colours, a table header's) are listed by the widget's meta after these.
 */
export const THEME_PROPERTIES: readonly StyleHookMeta[] = [
  { name: '--gjj-color-primary', description: '主色：按钮、选中的标签和分类、标题线、链接', default: '#1559b5' },
  { name: '--gjj-color-on-primary', description: '主色上的文字颜色', default: '#fff' },
  { name: '--gjj-color-text', description: '正文颜色', default: '#303133' },
  { name: '--gjj-color-muted', description: '次要文字颜色（提示、日期、条数）', default: '#5f6368' },
  { name: '--gjj-color-border', description: '分隔线、卡片和表格的边框颜色', default: '#dcdfe6' },
  { name: '--gjj-color-control-border', description: '输入框、分类按钮和分页按钮的边框颜色（政策列表；与背景对比度不低于 3:1）', default: '#8c9099' },
  { name: '--gjj-color-surface', description: '卡片、结果块、对话框的背景色', default: '#fff' },
  { name: '--gjj-color-danger', description: '校验提示和错误颜色', default: '#c62828' },
  { name: '--gjj-color-success', description: '成功提示颜色', default: '#1b7f3b' },
  { name: '--gjj-color-focus', description: '键盘焦点轮廓颜色', default: '#b45309' },
  {
    name: '--gjj-font-family',
    description: '字体',
    default: '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC","Noto Sans SC",system-ui,sans-serif',
  },
  { name: '--gjj-font-size', description: '基准字号', default: '14px' },
  { name: '--gjj-radius', description: '圆角', default: '4px' },
  { name: '--gjj-spacing', description: '主要区块之间的间距（表单各行、结果块、列表各部分）', default: '16px' },
];

/** Every `--gjj-*` property `css` reads, with the default it falls back to (`var(--gjj-x,default)`). */
export function propertiesRead(css: string): Map<string, string> {
  const read = new Map<string, string>();
  // A fallback may itself be one var(): the chart's principal colour falls back to the primary colour.
  for (const [, name, fallback] of css.matchAll(/var\((--gjj-[a-z-]+)(?:,((?:var\([^)]*\)|[^)])*))?\)/g)) {
    if (name) read.set(name, fallback ?? '');
  }
  return read;
}

/**
 * A widget's CSS custom properties for its documentation: the theme's properties its stylesheets read, in the theme's
 * order, then its own (`own`, each of which its stylesheets must read).
 *
 * @example
 * themeProperties([RATE_TABLE_CSS], [{ name: '--gjj-color-header-bg', description: '表头背景色', default: '#f1f2f3' }])
 */
export function themeProperties(sheets: readonly string[], own: readonly StyleHookMeta[] = []): StyleHookMeta[] {
  const read = propertiesRead(sheets.join('\n'));
  return [...THEME_PROPERTIES.filter((p) => read.has(p.name)), ...own];
}
