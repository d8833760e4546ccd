import { CARE_ATTRIBUTE, describeAttributes, describeEvents, type WidgetMeta } from '../shared/meta';
import { themeProperties } from '../shared/theme.meta';
import { LOAN_CALCULATOR_CSS } from './loan-calculator.styles';
import { PLAN_DIALOG_CSS } from './plan-dialog.styles';
import { LOAN_CALCULATOR_DEFAULT_MODE, type LoanCalculatorProps } from './loan-calculator';
import { LOAN_CALCULATOR_ELEMENT } from './loan-calculator.props';

export { LOAN_CALCULATOR_DEFAULT_MODE };

/** `providentRates`' and `commercialRates`' type (`readonly LoanRateInput[] | string`), spelled out for the manifest. */
const RATE_LIST_TYPE = 'ReadonlyArray<{ llmc: string; zxll: number | string }> | string';

/**
 * The `<gjj-loan-calculator>` element, described as data: its attributes and events are those of
 * `loan-calculator.props.ts` (what the element is made from), documented here.
 *
 * @example
 * loanCalculatorMeta.events.map((e) => e.name) // ['gjj-calculate', 'gjj-error']
 */
export const loanCalculatorMeta: WidgetMeta<LoanCalculatorProps> = {
  tag: 'gjj-loan-calculator',
  summary:
    '贷款计算器：同一笔贷款按公积金贷款和商业贷款分别试算并对比，附还款计划（分页、图表、CSV 下载）；另有组合贷款和提前还款试算。',
  attributes: /* @__PURE__ */ describeAttributes(LOAN_CALCULATOR_ELEMENT, {
    care: CARE_ATTRIBUTE,
    apiBase: {
      description: '公积金中心服务端地址，如 https://gjj.example.gov.cn；覆盖 configure({ apiBase }) 的设置；两者都没有时使用当前页面的来源。用于加载利率和 remote 模式的计算。',
      default: '',
    },
    label: {
      description:
        '本计算器在读屏软件中的名称，加在各区域（表单、计算结果、各结果块）的名称之前（如“首套房：计算结果”），通常取页面上它的标题；页面上有两个计算器时用它区分。不设时第一个计算器的名称不变，第二个不设的为“贷款计算器 2：计算结果”，依次类推。',
      default: '',
    },
    mode: {
      propertyType: "'remote' | 'local'",
      description:
        'remote：由服务端计算（hkjh/gjjsdcs）；local：在浏览器中计算，不发请求（利率由属性给出时）。组合贷款和提前还款试算始终在浏览器中计算。',
      default: LOAN_CALCULATOR_DEFAULT_MODE,
    },
    providentRates: {
      propertyType: RATE_LIST_TYPE,
      attributeType: 'string',
      description:
        '公积金贷款利率表（LoanRateInput 数组），如 [{"llmc":"02","zxll":2.6}]（llmc 为利率代码 01、02、71、72，zxll 为年利率%）：property 取数组或其 JSON 文本，attribute 取 JSON 文本。不给出时从服务端加载。',
    },
    commercialRates: {
      propertyType: RATE_LIST_TYPE,
      attributeType: 'string',
      description: '商业贷款利率表（LoanRateInput 数组），如 [{"llmc":"22","zxll":3.5}]（利率代码 21-24）：property 取数组或其 JSON 文本，attribute 取 JSON 文本。不给出时从服务端加载。',
    },
  }),
  events: /* @__PURE__ */ describeEvents(LOAN_CALCULATOR_ELEMENT, {
    'gjj-calculate': {
      detail: 'LoanCalculateDetail',
      description: '每次计算成功后触发（任一标签页）；detail 含 tab（compare、combined、prepay）、mode、inputs 和 results。',
      stable: true,
    },
    'gjj-error': {
      detail: '{ message: string }',
      description: '服务端计算或利率加载失败，detail.message 为中文原因。',
      stable: true,
    },
  }),
  parts: [
    { name: 'tabs', description: '标签栏（role="tablist"）' },
    { name: 'tab', description: '每个标签；选中的标签另有 tab-selected' },
    { name: 'tab-selected', description: '选中的标签' },
    { name: 'panel', description: '每个标签页' },
    { name: 'form', description: '贷款信息表单' },
    { name: 'field', description: '每个表单项（标签、输入框和提示）' },
    { name: 'label', description: '表单项的标签' },
    { name: 'input', description: '文本和日期输入框' },
    { name: 'error', description: '表单项下方的校验提示' },
    { name: 'button', description: '“计算”按钮' },
    { name: 'notice', description: '利率加载失败、或本页利率早于中心最新利率时的提示条' },
    { name: 'results', description: '计算结果区域' },
    { name: 'result-block', description: '每个结果块（公积金贷款、商业贷款、相差等）' },
    { name: 'plan-button', description: '“查看还款计划”按钮' },
    { name: 'dialog', description: '还款计划对话框（<dialog>）' },
    { name: 'chart', description: '还款计划中的本金、利息构成图' },
    { name: 'chart-summary', description: '构成图下方的文字说明（图的文字替代）' },
    { name: 'empty', description: '计算之前结果区域中的说明（填写什么、点击“计算”）' },
    { name: 'plan-table', description: '还款计划表' },
    { name: 'pager', description: '还款计划分页' },
    { name: 'csv-button', description: '“下载还款计划（CSV）”按钮' },
  ],
  cssProperties: /* @__PURE__ */ themeProperties([LOAN_CALCULATOR_CSS, PLAN_DIALOG_CSS], [
    { name: '--gjj-color-header-bg', description: '表头背景色', default: '#f1f2f3' },
    { name: '--gjj-color-header-text', description: '表头文字颜色', default: '#4a4d52' },
    { name: '--gjj-color-figure', description: '结果金额颜色', default: '#b3261e' },
    { name: '--gjj-color-principal', description: '图表中本金的颜色（不设时随 --gjj-color-primary）', default: 'var(--gjj-color-primary,#1559b5)' },
    { name: '--gjj-color-interest', description: '图表中利息的颜色', default: '#c77c02' },
    { name: '--gjj-color-surface-muted', description: '计算前的说明、利率提示条和图表的背景色', default: '#f5f7fa' },
    { name: '--gjj-font-size-small', description: '图例和图表说明的字号', default: '12px' },
  ]),
};
