import { CARE_ATTRIBUTE, describeAttributes, describeEvents, type WidgetMeta } from '../shared/meta';
import { themeProperties } from '../shared/theme.meta';
import type { QrSigningProps } from './qr-signing';
import { QR_SIGNING_CSS } from './qr-signing.styles';
import { QR_SIGNING_ELEMENT } from './qr-signing.props';

/** The `<gjj-qr-signing>` element, described as data (its attributes and events are those of `qr-signing.props.ts`). */
export const qrSigningMeta: WidgetMeta<QrSigningProps> = {
  tag: 'gjj-qr-signing',
  summary: '手机扫码签署授权委托书：显示签署二维码和倒计时，每 3 秒查询签署状态；过期、失效或失败时可点击刷新，签署完成后显示“已签署”。',
  attributes: /* @__PURE__ */ describeAttributes(QR_SIGNING_ELEMENT, {
    care: CARE_ATTRIBUTE,
    ywbh: { description: '业务编号：要签署授权委托书的办件（须为当前登录账户的办件）。' },
    apiBase: { description: '公积金中心服务端地址，如 https://gjj.example.gov.cn；覆盖 configure({ apiBase }) 的设置；两者都没有时使用当前页面的来源。须已通过 configure({ getToken }) 提供会话的 token。', default: '' },
    label: { description: '本面板在读屏软件中的名称；不设时为“手机扫码签署授权委托书”。', default: '' },
  }),
  events: /* @__PURE__ */ describeEvents(QR_SIGNING_ELEMENT, {
    'gjj-signed': { detail: '{ ywbh: string; fileId?: string }', description: '申请人已在手机上签署，签署后的授权委托书已存为本办件的材料（SQS）；detail.fileId 为该文件。', stable: true },
    'gjj-expired': { detail: '{ ywbh: string }', description: '二维码在签署前过期或失效。', stable: true },
  }),
  parts: [
    { name: 'panel', description: '整个面板（<section>）' },
    { name: 'title', description: '标题' },
    { name: 'frame', description: '二维码框' },
    { name: 'image', description: '二维码图片' },
    { name: 'overlay', description: '过期、失效、失败时覆盖在二维码上的提示和刷新按钮' },
    { name: 'done', description: '“已签署”' },
    { name: 'hint', description: '操作提示' },
    { name: 'countdown', description: '倒计时' },
  ],
  cssProperties: /* @__PURE__ */ themeProperties([QR_SIGNING_CSS], [
    { name: '--gjj-qr-signing-width', description: '面板宽度', default: '380px' },
  ]),
};
