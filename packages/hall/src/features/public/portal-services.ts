/** A public service as the public home lists it. */
export interface PortalService {
  /** The hall route it opens. */
  path: string;
  title: string;
  /** One line on what it is for, shown under the title. */
  summary: string;
  /** Other words a visitor may search it by. */
  keywords: string;
  /** True when the route needs a session (spec 2.1/2.3): the entry says 登录后使用. */
  needLogin?: boolean;
}

/**
 * Every public service of spec 1 and 2.1 (and the complaint look-up of issue 23, the certificate check of issue 24, the receipt check of issue 33), in the order a visitor meets them
 * on the public home. needLogin follows the navigation check's no-login list of spec 2.1.
 */
export const PORTAL_SERVICES: readonly PortalService[] = Object.freeze([
  { path: '/dkcs', title: '贷款计算器', summary: '试算公积金贷款、商业贷款和组合贷款的月供', keywords: '贷款 试算 月供 计算 还款 组合贷款 商业贷款' },
  { path: '/policyInfo', title: '政策信息', summary: '缴存、提取、贷款等政策文件', keywords: '政策 文件 通知 规定 办法 缴存 提取 贷款' },
  { path: '/loanRate', title: '贷款利率', summary: '公积金贷款和商业贷款的现行利率', keywords: '利率 LPR 贷款利率 利息' },
  { path: '/introToCenter', title: '中心简介', summary: '中心职能、服务网点和服务热线', keywords: '简介 中心 网点 地址 电话 12329' },
  { path: '/complaintJYAdd', title: '我要投诉建议', summary: '提出投诉、建议、咨询或表扬', keywords: '投诉 建议 咨询 表扬 意见 反馈' },
  { path: '/complaintQuery', title: '投诉建议查询', summary: '凭受理编号和联系电话查询办理情况和中心回复', keywords: '投诉 查询 受理编号 回复 进度' },
  // Issue 24: a landlord or bank checks a deposit certificate it was shown.
  { path: '/jczmVerify', title: '缴存证明核验', summary: '凭验证码核验缴存证明的真伪', keywords: '验证码 房东 租房' },
  // Issue 33: whoever is shown a withdrawal receipt checks it.
  { path: '/tqhdVerify', title: '提取回单核验', summary: '凭验证码核验住房公积金提取回单的真伪', keywords: '验证码 回单 提取 核验' },
  // Issue 34: whoever is shown a unit's deposit certificate (招投标, 资质审核) checks it.
  { path: '/dwjczmVerify', title: '单位缴存证明核验', summary: '凭验证码核验单位住房公积金缴存证明的真伪', keywords: '验证码 单位 缴存证明 招投标 核验' },
  // Issue 38: a registry office or bank checks a loan settlement certificate it was shown.
  { path: '/dkjqzmVerify', title: '贷款结清证明核验', summary: '凭验证码核验住房公积金贷款结清证明的真伪', keywords: '验证码 结清 贷款 抵押 注销 核验' },
  { path: '/complaintJY', title: '公开的投诉建议', summary: '中心公开的投诉建议及回复', keywords: '投诉 建议 回复 公开' },
  { path: '/commonDownload', title: '常用下载', summary: '业务申请表、委托书等表格', keywords: '下载 表格 申请表 委托书 文件' },
  { path: '/operationVideo', title: '操作视频', summary: '网上办理业务的操作演示', keywords: '视频 操作 指南 演示 教程 怎么办' },
  { path: '/evaluationInformation', title: '事项评价', summary: '各业务事项的满意度评价', keywords: '评价 满意度 好差评 事项' },
  { path: '/goodBadReviews', title: '好差评', summary: '查看和参与服务的好差评', keywords: '好差评 评价 满意度' },
  { path: '/cooperation', title: '合作楼盘', summary: '可使用公积金贷款的合作楼盘', keywords: '楼盘 开发商 房产 合作 项目 银行', needLogin: true },
  { path: '/znts', title: '智能推送', summary: '为您推送的办事提醒和指南', keywords: '推送 提醒 指南', needLogin: true },
]);

/**
 * The services whose title, summary or keywords contain every word of `query` (split on spaces), case-insensitive;
 * all of them for an empty query.
 *
 * @example
 * filterServices(PORTAL_SERVICES, '月供').map((s) => s.path) // ['/dkcs']
 */
export function filterServices(services: readonly PortalService[], query: string): PortalService[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...services];
  return services.filter((s) => {
    const text = `${s.title} ${s.summary} ${s.keywords}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
