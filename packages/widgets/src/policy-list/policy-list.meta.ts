import { CARE_ATTRIBUTE, describeAttributes, describeEvents, type WidgetMeta } from '../shared/meta';
import { themeProperties } from '../shared/theme.meta';
import { POLICY_LIST_CSS } from './policy-list.styles';
import type { PolicyListProps } from './policy-list';
import { POLICY_LIST_ELEMENT } from './policy-list.props';

/** The `<gjj-policy-list>` element, described as data (its attributes and events are those of `policy-list.props.ts`). */
export const policyListMeta: WidgetMeta<PolicyListProps> = {
  tag: 'gjj-policy-list',
  summary: '政策信息：已发布政策的标题检索、分类筛选、分页和详情（正文经 DOMPurify 清理）。',
  attributes: /* @__PURE__ */ describeAttributes(POLICY_LIST_ELEMENT, {
    care: CARE_ATTRIBUTE,
    apiBase: { description: '公积金中心服务端地址，如 https://gjj.example.gov.cn；覆盖 configure({ apiBase }) 的设置；两者都没有时使用当前页面的来源。', default: '' },
    label: {
      description: '本列表在读屏软件中的名称，加在检索和分页区域的名称之前（如“贷款政策：政策检索”），通常取页面上它的标题；页面上有两个列表时用它区分。不设时第一个列表的名称不变，第二个不设的为“政策信息 2：政策检索”，依次类推。',
      default: '',
    },
    category: { description: '初始分类代码（jczc 缴存政策、tqzc 提取政策、dkzc 贷款政策、zhgl 综合管理）；为空时显示全部，“重置”回到它。', default: '' },
    pageSize: { description: '每页条数：10、20、30 或 50，其他值按 20。', default: '20' },
  }),
  events: /* @__PURE__ */ describeEvents(POLICY_LIST_ELEMENT, {
    'gjj-open-policy': {
      detail: '{ id: string; title: string; category: string }',
      description: '打开了一条政策。可取消：调用 preventDefault() 后组件不显示自带的详情，由宿主页面展示。',
      stable: true,
    },
    'gjj-load': { detail: 'PolicyListLoadDetail', description: '一页政策已显示（list、total、pageNum、pageSize、keyword、category）。', stable: true },
    'gjj-error': { detail: '{ message: string }', description: '加载失败，detail.message 为中文原因。', stable: true },
  }),
  parts: [
    { name: 'categories', description: '分类筛选按钮组' },
    { name: 'list', description: '政策列表（<ul>）' },
    { name: 'pager', description: '分页' },
  ],
  cssProperties: /* @__PURE__ */ themeProperties([POLICY_LIST_CSS]),
};
