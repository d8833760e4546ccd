import { CARE_ATTRIBUTE, describeAttributes, describeEvents, type WidgetMeta } from '../shared/meta';
import { themeProperties } from '../shared/theme.meta';
import type { ArchiveCollectorProps } from './archive-collector';
import { ARCHIVE_COLLECTOR_CSS } from './archive-collector.styles';
import { ARCHIVE_COLLECTOR_ELEMENT } from './archive-collector.props';

/** The `<gjj-archive-collector>` element, described as data (its attributes and events are those of the props file). */
export const archiveCollectorMeta: WidgetMeta<ArchiveCollectorProps> = {
  tag: 'gjj-archive-collector',
  summary: '电子档案材料收集：在框架中打开大厅的材料上传页（/dzda），转发其消息（@gjj-hall/sdk/archive 协议）。',
  attributes: /* @__PURE__ */ describeAttributes(ARCHIVE_COLLECTOR_ELEMENT, {
    care: CARE_ATTRIBUTE,
    ywbh: { description: '业务编号：收集哪一笔业务的材料。', default: '' },
    hallOrigin: {
      description: '网上业务大厅的来源（https://主机[:端口]），缺省为 configure({ apiBase }) 的来源；仅当它是该来源或在 tokenOrigins 中时才发送令牌。',
      default: '',
    },
    label: { description: '框架的无障碍名称。', default: '电子档案材料上传' },
  }),
  events: /* @__PURE__ */ describeEvents(ARCHIVE_COLLECTOR_ELEMENT, {
    'gjj-last-step': { detail: 'undefined', description: '用户在材料页点击了“上一步”。', stable: true },
    'gjj-token-timeout': { detail: 'undefined', description: '登录已失效（或 getToken 未给出令牌）：宿主应提示重新登录（规范 4.5）。', stable: true },
    'gjj-preview': { detail: '{ fileId: string; fileName: string; mimeType: string }', description: '材料页请求预览一份文件。', stable: true },
    'gjj-message': { detail: "{ text: string; level: 'info' | 'success' | 'warning' | 'error' }", description: '材料页请宿主显示的提示。', stable: true },
    'gjj-complete': { detail: '{ materials: number; files: number }', description: '材料收集完成（必传材料齐全）。', stable: true },
  }),
  parts: [
    { name: 'container', description: '外层容器' },
    { name: 'frame', description: '材料页的 <iframe>' },
  ],
  cssProperties: /* @__PURE__ */ themeProperties([ARCHIVE_COLLECTOR_CSS], [
    { name: '--gjj-archive-min-height', description: '材料页加载前框架的最小高度', default: '320px' },
  ]),
};
