import type { Queryable } from '../db/db';
import type { DemoCalendar } from './calendar';
import { DOCX_TYPE, PDF_TYPE, makeDocx, makePdf } from '../public/files';
import { videoFiles, videoPath } from '../public/videos';
import { ZHFW_PREFIX } from '../routes/shell';
import { DEMO_CENTRE } from './shell';

// Public services content (issue 7): written for the demo, plausible but not any real centre's text.

export const POLICY_CATEGORIES = [
  ['jczc', '缴存政策'],
  ['tqzc', '提取政策'],
  ['dkzc', '贷款政策'],
  ['zhgl', '综合管理'],
] as const;

export type PolicyCategory = (typeof POLICY_CATEGORIES)[number][0];

/** Titles by category; each becomes a policy with a rich-text body. Dates run back from 2026-11 a fortnight apart. */
const POLICY_TITLES: Record<PolicyCategory, readonly string[]> = {
  jczc: [
    '关于调整2026年度住房公积金缴存基数上下限的通知',
    '关于灵活就业人员参加住房公积金制度的实施办法',
    '关于进一步规范住房公积金缴存比例的通知',
    '关于单位缓缴住房公积金审批事项的通知',
    '关于新市民、青年人自愿缴存住房公积金的指引',
    '关于住房公积金补缴业务办理的说明',
    '关于个体工商户缴存住房公积金的通知',
    '关于住房公积金账户封存与启封办理的规定',
  ],
  tqzc: [
    '关于租房提取住房公积金的实施细则',
    '关于购买自住住房提取住房公积金的办理指南',
    '关于偿还住房贷款本息提取住房公积金的通知',
    '关于既有住宅加装电梯提取住房公积金的通知',
    '关于离职销户提取住房公积金的规定',
    '关于支付老旧小区改造费用提取住房公积金的通知',
    '关于多子女家庭租房提取额度上调的通知',
    '关于退休提取住房公积金办理流程的说明',
  ],
  dkzc: [
    '关于调整个人住房公积金贷款利率的通知',
    '关于调整住房公积金贷款最高额度的通知',
    '关于支持多子女家庭购房提高贷款额度的通知',
    '关于开展住房公积金异地贷款业务的通知',
    '关于商业性住房贷款转住房公积金贷款的实施办法',
    '关于二手房住房公积金贷款办理的通知',
    '关于住房公积金贷款提前还款业务的说明',
    '关于组合贷款业务办理的操作规程',
    '关于开发商楼盘申请住房公积金贷款合作的规定',
  ],
  zhgl: [
    '住房公积金管理条例（2019年修订）解读',
    '关于住房公积金网上业务大厅上线运行的公告',
    '关于住房公积金业务“跨省通办”事项清单的通知',
    '关于规范住房公积金个人信息保护的管理办法',
    '关于住房公积金业务电子档案管理的规定',
    '关于2025年度住房公积金年度报告的公告',
    '关于住房公积金业务办理时间调整的通知',
    '关于严厉打击骗提骗贷住房公积金行为的通告',
  ],
};

/** The policy whose body carries script, event-handler and javascript: payloads (stored as published). */
export const UNSAFE_POLICY_TITLE = '关于住房公积金业务“跨省通办”事项清单的通知';

const UNSAFE_BODY =
  '<p>为深化“放管服”改革，现将住房公积金“跨省通办”事项清单通知如下。</p>' +
  '<script>window.__policyXss = 1; alert("xss")</script>' +
  '<p><img src="x" onerror="window.__policyXss = 2" alt="通办流程图"></p>' +
  '<p><a href="javascript:window.__policyXss=3">点击查看事项清单</a></p>' +
  '<p onclick="window.__policyXss = 4" onmouseover="window.__policyXss = 5">一、个人住房公积金缴存贷款等信息查询；二、出具贷款职工住房公积金缴存使用证明；三、正常退休提取住房公积金。</p>' +
  '<iframe src="javascript:parent.__policyXss=6"></iframe>' +
  '<svg><script>window.__policyXss = 7</script></svg>' +
  '<p>本通知自发布之日起施行。</p>';

function policyBody(title: string, category: string, n: number): string {
  return [
    `<h2>${title}</h2>`,
    `<p>各有关单位、广大缴存职工：</p>`,
    `<p>为进一步发挥住房公积金制度保障作用，根据《住房公积金管理条例》和有关规定，结合本市实际，经${DEMO_CENTRE}管理委员会审议通过，现就${category}有关事项通知如下：</p>`,
    '<h3>一、适用范围</h3>',
    '<p>本通知适用于在本市正常缴存住房公积金的职工及其所在单位，以及按规定参加住房公积金制度的灵活就业人员。</p>',
    '<h3>二、主要内容</h3>',
    '<ol>',
    `<li>申请人应当满足连续足额缴存住房公积金 ${6 + (n % 7)} 个月以上的条件；</li>`,
    '<li>申请人及配偶名下无未结清的住房公积金贷款，且近两年内无不良信用记录；</li>',
    '<li>所需材料可通过网上业务大厅上传电子件，无需重复提交纸质材料。</li>',
    '</ol>',
    '<table><thead><tr><th>事项</th><th>办理渠道</th><th>办结时限</th></tr></thead><tbody>',
    `<tr><td>${category}相关业务</td><td>网上业务大厅、服务网点</td><td>${3 + (n % 5)} 个工作日</td></tr>`,
    '</tbody></table>',
    '<h3>三、其他事项</h3>',
    '<p>本通知自发布之日起施行，由<strong>住房公积金管理中心</strong>负责解释。咨询电话：<a href="tel:12329">12329</a>。</p>',
  ].join('');
}

export interface SeedPolicy {
  title: string;
  category: PolicyCategory;
  docNo: string;
  body: string;
  publishDate: string;
  status: 'published' | 'withdrawn';
}

/** The seeded policies, newest first. Two are withdrawn (not shown to the public). */
export function demoPolicies(): SeedPolicy[] {
  const all: SeedPolicy[] = [];
  const start = Date.UTC(2026, 10, 20);
  let i = 0;
  // Interleave the categories so each page has a mix.
  const lists = POLICY_CATEGORIES.map(([code]) => POLICY_TITLES[code].map((t) => [code, t] as const));
  const longest = Math.max(...lists.map((l) => l.length));
  for (let k = 0; k < longest; k += 1) {
    for (const list of lists) {
      const entry = list[k];
      if (!entry) continue;
      const [code, title] = entry;
      const name = POLICY_CATEGORIES.find(([c]) => c === code)?.[1] ?? '';
      const date = new Date(start - i * 14 * 86_400_000).toISOString().slice(0, 10);
      all.push({
        title,
        category: code,
        docNo: `示公积金〔${date.slice(0, 4)}〕${i + 1}号`,
        body: title === UNSAFE_POLICY_TITLE ? UNSAFE_BODY : policyBody(title, name, i),
        publishDate: date,
        status: i === 5 || i === 17 ? 'withdrawn' : 'published',
      });
      i += 1;
    }
  }
  return all;
}

const INTRO_BODY = [
  `<h2>${DEMO_CENTRE}简介</h2>`,
  `<p>${DEMO_CENTRE}（以下简称“中心”）是直属市人民政府、不以营利为目的的公益一类事业单位，负责全市住房公积金的归集、管理、使用和会计核算，执行住房公积金管理委员会的决策。</p>`,
  '<h3>主要职责</h3>',
  '<ul>',
  '<li>编制、执行住房公积金的归集、使用计划；</li>',
  '<li>负责记载职工住房公积金的缴存、提取、使用等情况；</li>',
  '<li>负责住房公积金的核算，审批住房公积金的提取、使用；</li>',
  '<li>负责住房公积金的保值和归还，编制住房公积金归集、使用计划执行情况的报告。</li>',
  '</ul>',
  '<h3>机构设置</h3>',
  '<p>中心内设综合办公室、归集管理处、信贷管理处、财务会计处、稽核审计处、信息技术处，下设中心城区、东城区、西城区、高新区四个管理部。</p>',
  '<h3>服务渠道</h3>',
  '<p>网上业务大厅、手机公积金、12329 服务热线、各管理部服务大厅。服务大厅工作时间：周一至周五 9:00—17:00（法定节假日除外）。</p>',
  '<p><img src="data:image/svg+xml;base64,' +
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160"><rect width="480" height="160" fill="#fef2f2"/>' +
        '<text x="240" y="88" text-anchor="middle" font-size="22" font-family="sans-serif" fill="#c8102e">为民服务 · 安居乐业</text></svg>',
    ).toString('base64') +
    '" alt="中心服务理念：为民服务，安居乐业" width="480" height="160"></p>',
].join('');

const DEVELOPMENTS = [
  ['锦绣华庭', '示例置业发展有限公司', '中心城区滨江路 88 号', '中心城区', '示房预字（2025）第 0101 号', '中国建设银行'],
  ['东湖雅苑', '东城安居房地产开发有限公司', '东城区东湖大道 1200 号', '东城区', '示房预字（2025）第 0117 号', '中国工商银行'],
  ['西山悦府', '西山城建置业有限公司', '西城区西山路 36 号', '西城区', '示房预字（2025）第 0132 号', '中国农业银行'],
  ['高新未来城', '高新科创地产有限公司', '高新区创新大道 9 号', '高新区', '示房预字（2026）第 0008 号', '中国银行'],
  ['滨河花园二期', '示例置业发展有限公司', '中心城区滨河北路 16 号', '中心城区', '示房预字（2026）第 0021 号', '交通银行'],
  ['文苑书香里', '文苑房地产开发有限公司', '东城区文苑街 5 号', '东城区', '示房预字（2026）第 0035 号', '中国建设银行'],
  ['翠湖天地', '翠湖置业有限公司', '西城区翠湖南路 218 号', '西城区', '示房预字（2026）第 0049 号', '中国邮政储蓄银行'],
  ['云谷人才公寓', '高新区人才安居集团有限公司', '高新区云谷路 66 号', '高新区', '示房预字（2026）第 0052 号', '中国工商银行'],
] as const;

/** The downloadable forms: title, file name, and the lines written in the file. */
const DOWNLOADS: ReadonlyArray<{ title: string; file: string; kind: 'pdf' | 'docx'; lines: string[] }> = [
  {
    title: '住房公积金提取申请表',
    file: '住房公积金提取申请表.pdf',
    kind: 'pdf',
    lines: ['姓名：', '证件号码：', '个人账号：', '提取原因：', '提取金额（元）：', '收款银行及账号：', '申请人签字：　　年　月　日'],
  },
  {
    title: '住房公积金贷款申请表',
    file: '住房公积金贷款申请表.pdf',
    kind: 'pdf',
    lines: ['借款人姓名：', '证件号码：', '配偶姓名：', '所购房屋坐落：', '申请贷款金额（元）：', '贷款期限（年）：', '借款人签字：　　年　月　日'],
  },
  {
    title: '单位住房公积金缴存登记表',
    file: '单位住房公积金缴存登记表.docx',
    kind: 'docx',
    lines: ['单位名称：', '统一社会信用代码：', '单位地址：', '法定代表人：', '经办人姓名及电话：', '缴存比例（单位/个人）：', '首次缴存年月：', '单位（盖章）　　年　月　日'],
  },
  {
    title: '住房公积金个人信息变更申请表',
    file: '住房公积金个人信息变更申请表.docx',
    kind: 'docx',
    lines: ['姓名：', '证件号码：', '个人账号：', '变更事项：□手机号码　□姓名　□证件号码　□其他', '变更前：', '变更后：', '申请人签字：　　年　月　日'],
  },
  {
    title: '住房公积金异地贷款缴存使用证明',
    file: '住房公积金异地贷款缴存使用证明.pdf',
    kind: 'pdf',
    lines: ['姓名：', '证件号码：', '初次缴存年月：', '账户余额（元）：', '是否有未结清的住房公积金贷款：□是　□否', '出具中心（盖章）：　　年　月　日'],
  },
];

/**
 * The guidance videos: the hall's own screen recordings (npm run videos, public/videos.ts) first, with their files;
 * then one announced whose file the centre has not published yet (the page says so instead of a player).
 */
const VIDEOS = (): Array<readonly [title: string, description: string, duration: number, url: string | null]> => [
  ...videoFiles().map((v) => [v.title, v.description, v.durationSeconds, videoPath(ZHFW_PREFIX, v.slug)] as const),
  ['住房公积金贷款申请流程', '从贷款试算到提交申请，一次看懂公积金贷款线上办理。', 312, null] as const,
];

function posterSvg(title: string, n: number): Buffer {
  const colors = ['#c8102e', '#1d4ed8', '#047857', '#7c3aed'];
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">' +
      `<rect width="640" height="360" fill="${colors[n % colors.length] ?? '#c8102e'}"/>` +
      '<circle cx="320" cy="150" r="48" fill="rgba(255,255,255,0.85)"/><path d="M305 125 L305 175 L345 150 Z" fill="#111827"/>' +
      `<text x="320" y="260" text-anchor="middle" font-size="28" font-family="sans-serif" fill="#fff">${title}</text>` +
      '<text x="320" y="300" text-anchor="middle" font-size="16" font-family="sans-serif" fill="#f3f4f6">操作指南视频</text></svg>',
    'utf8',
  );
}

const ZNTS = [
  ['您的住房公积金年度结息已完成', '2026 年度结息已于 6 月 30 日完成，可在个人账户查询中查看。', '账户'],
  ['租房提取可按月自动办理', '签约按月租房提取后，每月自动转入您的银行账户，无需重复申请。', '提取'],
  ['公积金贷款利率下调提醒', '自 2025 年 5 月 8 日起，首套五年以上公积金贷款利率调整为 2.6%。', '贷款'],
  ['缴存基数年度调整开始', '2026 年度缴存基数调整已开始，请单位经办人在 7 月 31 日前完成申报。', '缴存'],
  ['谨防公积金诈骗', '中心不会以任何名义索要验证码或要求转账，请认准官方渠道。', '安全'],
  ['异地转移接续全程网办', '跨城市工作调动后，可在网上业务大厅申请转移接续，无需往返两地。', '转移'],
] as const;

export const COMPLAINT_TYPES = [
  ['01', '投诉'],
  ['02', '建议'],
  ['03', '咨询'],
  ['04', '表扬'],
] as const;

export const COMPLAINT_DEPTS = [
  ['01', '综合办公室'],
  ['02', '归集管理处'],
  ['03', '信贷管理处'],
  ['04', '财务会计处'],
  ['05', '信息技术处'],
  ['06', '服务网点'],
] as const;

export const EVALUATION_LEVELS = [
  ['5', '非常满意'],
  ['4', '满意'],
  ['3', '基本满意'],
  ['2', '不满意'],
  ['1', '非常不满意'],
] as const;

export const EVALUATION_ITEMS = [
  ['TQ01', '租房提取', '提取业务'],
  ['TQ02', '购房提取', '提取业务'],
  ['TQ03', '离职销户提取', '提取业务'],
  ['DK01', '公积金贷款申请', '贷款业务'],
  ['DK02', '提前还款', '贷款业务'],
  ['JC01', '单位汇缴', '缴存业务'],
  ['JC02', '个人账户转移', '缴存业务'],
  ['FW01', '网上业务大厅使用体验', '综合服务'],
] as const;

/**
 * Published complaints and their replies, shown to everyone on the complaint list (no contact details). Filed 47, 40
 * and 28 days before the seed day (the demo calendar), each numbered as the day's first (TS + YYYYMMDD + 000001); the
 * replies name last month. Seeded on 1 December 2026: TS20261015000001, TS20261022000001, TS20261103000001.
 */
export function publicComplaints(cal: DemoCalendar): Array<readonly [sqbh: string, type: string, dept: string, content: string, reply: string, at: string]> {
  const month = `${Number(cal.lastMonth.slice(4))} 月`;
  return (
    [
      ['02', '05', '建议网上业务大厅增加租房提取进度的短信提醒功能，方便及时了解办理情况。', `感谢您的建议。中心已于 ${month}上线办理进度短信提醒，提交申请后每个环节都会发送短信通知。`, cal.at(47, '09:12')],
      ['01', '06', '东城区管理部服务大厅周五下午排队时间过长，等待超过一个小时。', `您好，经核实情况属实。东城区管理部已自 ${month}起在周五下午增开两个综合窗口，并推行线上预约取号。`, cal.at(40, '15:40')],
      ['03', '03', '请问二手房公积金贷款对房龄有什么要求？', '您好，二手房房龄与贷款期限之和不超过 50 年，具体以评估报告为准，详见政策信息栏目《关于二手房住房公积金贷款办理的通知》。', cal.at(28, '10:05')],
    ] as const
  ).map(([type, dept, content, reply, at]) => [`TS${at.slice(0, 10).replace(/-/g, '')}000001`, type, dept, content, reply, at] as const);
}

/** Seeds the public services content (seed step 7). */
export async function seedPublic(tx: Queryable, cal: DemoCalendar): Promise<void> {
  await tx.query(`insert into centre_intro (id, title, body, updated_at) values (1, $1, $2, $3) on conflict (id) do nothing`, [
    `${DEMO_CENTRE}简介`,
    INTRO_BODY,
    new Date('2026-01-05T09:00:00+08:00'),
  ]);
  for (const [i, [code, name]] of POLICY_CATEGORIES.entries()) {
    await tx.query('insert into policy_category (code, name, sort) values ($1, $2, $3) on conflict (code) do nothing', [code, name, i]);
  }
  for (const p of demoPolicies()) {
    await tx.query(
      `insert into policy (title, category, doc_no, source, body, publish_date, status) values ($1, $2, $3, $4, $5, $6, $7)`,
      [p.title, p.category, p.docNo, DEMO_CENTRE, p.body, p.publishDate, p.status],
    );
  }
  for (const [i, d] of DEVELOPMENTS.entries()) {
    await tx.query(
      `insert into partner_development (xmmc, kfsmc, xmdz, qy, ysxkzh, hzyh, lxdh, hzrq, sort) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [...d, `0571-8800${String(1000 + i * 37)}`, `2026-${String(1 + i).padStart(2, '0')}-15`, i],
    );
  }
  for (const [i, d] of DOWNLOADS.entries()) {
    const bytes = d.kind === 'pdf' ? makePdf(d.title, d.lines) : makeDocx(d.title, d.lines);
    await tx.query(
      `insert into download_file (title, file_name, content_type, content, publish_date, sort) values ($1, $2, $3, $4, $5, $6)`,
      [d.title, d.file, d.kind === 'pdf' ? PDF_TYPE : DOCX_TYPE, bytes, `2026-0${1 + i}-10`, i],
    );
  }
  for (const [i, [title, description, duration, url]] of VIDEOS().entries()) {
    await tx.query(
      `insert into guide_video (title, description, poster_type, poster, video_url, duration_seconds, publish_date, sort)
       values ($1, $2, 'image/svg+xml', $3, $4, $5, $6, $7)`,
      [title, description, posterSvg(title, i), url, duration, `2026-0${2 + i}-01`, i],
    );
  }
  for (const [i, [title, summary, tag]] of ZNTS.entries()) {
    await tx.query(`insert into znts_item (title, summary, body, tag, publish_date) values ($1, $2, $3, $4, $5)`, [
      title,
      summary,
      `<p>${summary}</p><p>如有疑问，请拨打 12329 服务热线或到就近管理部咨询。</p>`,
      tag,
      `2026-${String(6 + i).padStart(2, '0')}-01`,
    ]);
  }
  for (const [i, [code, name]] of COMPLAINT_TYPES.entries()) {
    await tx.query('insert into complaint_type (code, name, sort) values ($1, $2, $3)', [code, name, i]);
  }
  for (const [i, [code, name]] of COMPLAINT_DEPTS.entries()) {
    await tx.query('insert into complaint_dept (code, name, sort) values ($1, $2, $3)', [code, name, i]);
  }
  for (const [sqbh, type, dept, content, reply, at] of publicComplaints(cal)) {
    const created = new Date(at);
    await tx.query(
      `insert into complaint (sqbh, user_id, type_code, dept_code, content, lxdh, status, reply, replied_at, gkbz, created_at)
       values ($1, null, $2, $3, $4, '', 2, $5, $6, 1, $7)`,
      [sqbh, type, dept, content, reply, new Date(created.getTime() + 2 * 86_400_000), created],
    );
  }
  for (const [i, [code, name]] of EVALUATION_LEVELS.entries()) {
    await tx.query('insert into evaluation_level (code, name, sort) values ($1, $2, $3)', [code, name, i]);
  }
  for (const [i, [code, name, category]] of EVALUATION_ITEMS.entries()) {
    await tx.query('insert into evaluation_item (code, name, category, sort) values ($1, $2, $3, $4)', [code, name, category, i]);
  }
}
