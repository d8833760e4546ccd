import { CARE_ATTRIBUTE, describeAttributes, describeEvents, type WidgetMeta } from '../shared/meta';
import { themeProperties } from '../shared/theme.meta';
import { COMPLAINT_FORM_CSS } from './complaint-form.styles';
import type { ComplaintFormProps } from './complaint-form';
import { COMPLAINT_FORM_ELEMENT } from './complaint-form.props';

/** The `<gjj-complaint-form>` element, described as data (its attributes and events are those of `complaint-form.props.ts`). */
export const complaintFormMeta: WidgetMeta<ComplaintFormProps> = {
  tag: 'gjj-complaint-form',
  summary: '投诉建议表单：类型、责任部门、意见内容（5 至 500 字）、联系电话（选填）；每次点击只提交一次，重试也只受理一条。',
  attributes: /* @__PURE__ */ describeAttributes(COMPLAINT_FORM_ELEMENT, {
    care: CARE_ATTRIBUTE,
    apiBase: { description: '公积金中心服务端地址，如 https://gjj.example.gov.cn；覆盖 configure({ apiBase }) 的设置；两者都没有时使用当前页面的来源。', default: '' },
    label: {
      description: '本表单在读屏软件中的名称（表单区域的名称），通常取页面上它的标题；页面上有两个表单时用它区分。不设时为“投诉建议”，第二个不设的为“投诉建议 2”，依次类推。',
      default: '',
    },
  }),
  events: /* @__PURE__ */ describeEvents(COMPLAINT_FORM_ELEMENT, {
    'gjj-submitted': { detail: '{ id: string; sqbh: string; tjsj: string }', description: '投诉建议已受理，detail.sqbh 为受理编号。', stable: true },
    'gjj-error': { detail: '{ message: string }', description: '类型或部门加载失败，或提交失败，detail.message 为中文原因。', stable: true },
  }),
  parts: [
    { name: 'form', description: '表单' },
    { name: 'field', description: '每一个字段（标签、输入框、提示和错误）' },
    { name: 'label', description: '字段标签' },
    { name: 'error', description: '字段下的校验提示' },
    { name: 'failure', description: '提交失败的提示' },
    { name: 'submit', description: '提交按钮' },
    { name: 'done', description: '提交成功后的受理编号面板' },
  ],
  cssProperties: /* @__PURE__ */ themeProperties([COMPLAINT_FORM_CSS]),
};
