import { CARE_ATTRIBUTE, describeAttributes, describeEvents, type WidgetMeta } from '../shared/meta';
import { themeProperties } from '../shared/theme.meta';
import type { RateTableProps } from './rate-table';
import { RATE_TABLE_CSS } from './rate-table.styles';
import { RATE_TABLE_ELEMENT } from './rate-table.props';

// Pure calls: a host importing one component leaves the other widgets' documentation out.
/** The `<gjj-rate-table>` element, described as data (its attributes and events are those of `rate-table.props.ts`). */
export const rateTableMeta: WidgetMeta<RateTableProps> = {
  tag: 'gjj-rate-table',
  summary: '贷款利率表：个人住房公积金贷款利率和商业贷款利率，各附执行日期。',
  attributes: /* @__PURE__ */ describeAttributes(RATE_TABLE_ELEMENT, {
    care: CARE_ATTRIBUTE,
    apiBase: { description: '公积金中心服务端地址，如 https://gjj.example.gov.cn；覆盖 configure({ apiBase }) 的设置；两者都没有时使用当前页面的来源。', default: '' },
  }),
  events: /* @__PURE__ */ describeEvents(RATE_TABLE_ELEMENT, {
    'gjj-load': { detail: 'LoanRates', description: '两张利率表都已加载。', stable: true },
    'gjj-error': { detail: '{ message: string }', description: '利率加载失败，detail.message 为中文原因。', stable: true },
  }),
  parts: [
    { name: 'table', description: '每一张利率表（<table>）' },
    { name: 'caption', description: '表格标题' },
  ],
  cssProperties: /* @__PURE__ */ themeProperties([RATE_TABLE_CSS], [
    { name: '--gjj-color-header-bg', description: '表头背景色', default: '#f1f2f3' },
    { name: '--gjj-color-header-text', description: '表头文字颜色', default: '#4a4d52' },
    { name: '--gjj-color-rate', description: '利率数字颜色', default: '#b3261e' },
  ]),
};
