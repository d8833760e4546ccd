import type { Queryable } from '../db/db';
import { insertMenus, ROLES, type MenuSeed } from './menus';
import type { DemoCalendar } from './calendar';

/**
 * The messages page of spec 2.1/2.2 (/sysMsg/msgHome): a hidden Layout entry with its page, for every role, placed
 * after the areas (so no one's home path changes). The hall opens it by its component name (BUILT_PAGES).
 */
export const MESSAGE_MENU: MenuSeed = {
  id: 9000,
  path: '/sysMsg',
  title: '消息中心',
  menuType: 0,
  component: 'Layout',
  hidden: true,
  roles: Object.values(ROLES),
  children: [{ id: 9001, path: 'msgHome', title: '我的消息', menuType: 2, component: 'sysMsg/msgHome', hidden: true, noCache: true }],
};

export interface DemoMessage {
  category: 'ywbl' | 'xttz' | 'zhaq';
  title: string;
  body: string;
  /** When it was sent, an ISO 8601 timestamp. */
  at: string;
  read: boolean;
}

/**
 * The demo individual's messages (张三), two read, three unread, dated back from the seed day (the demo calendar):
 * the password change 90 days back, the 结息 notice on 1 July after the last 30 June settled, the base adjustment 54
 * days back, the phone reminder 21 days back, and the upgrade notice 11 days back for an upgrade 2 days back.
 */
export function demoMessages(cal: DemoCalendar): DemoMessage[] {
  const changed = cal.at(90, '10:15');
  const year = cal.settledYear;
  return [
    {
      category: 'zhaq',
      title: '登录密码已修改',
      body: `您的网上业务大厅登录密码已于 ${changed.slice(0, 10)} 10:15 修改。如非本人操作，请立即拨打 12329 服务热线。`,
      at: changed,
      read: true,
    },
    {
      category: 'xttz',
      title: `${year} 年度住房公积金结息完成`,
      body: `${year} 年度住房公积金结息已完成，利息已计入您的个人账户，可在“账户信息”中查看。`,
      at: `${year}-07-01T09:00:00+08:00`,
      read: true,
    },
    {
      category: 'xttz',
      title: '缴存基数调整的通知',
      body: `${year} 年度住房公积金缴存基数调整工作已开始，请关注单位为您办理的基数调整结果。`,
      at: cal.at(54, '09:00'),
      read: false,
    },
    {
      category: 'ywbl',
      title: '业务提醒：请核对预留手机号码',
      body: '为保证您及时收到业务办理短信，请核对您在中心预留的手机号码，如有变化请在“手机号码变更”中更新。',
      at: cal.at(21, '14:30'),
      read: false,
    },
    {
      category: 'xttz',
      title: '网上业务大厅系统升级公告',
      body: `网上业务大厅将于 ${cal.daysAgo(2)} 22:00 至次日 06:00 进行系统升级，其间暂停办理业务，查询不受影响。`,
      at: cal.at(11, '18:00'),
      read: false,
    },
  ];
}

/** The demo individual whose messages are seeded. */
export const DEMO_MESSAGE_ACCOUNT = '110101199003072316';

/** Seed step 11: the messages menu entry for every role and the demo individual's messages. */
export async function seedMessages(tx: Queryable, cal: DemoCalendar): Promise<void> {
  await insertMenus(tx, [MESSAGE_MENU], 99);
  for (const m of demoMessages(cal)) {
    await tx.query(
      `insert into user_message (user_id, category, title, body, created_at, read_at)
       select id, $2, $3, $4, $5::timestamptz, case when $6 then $5::timestamptz end from app_user where account = $1`,
      [DEMO_MESSAGE_ACCOUNT, m.category, m.title, m.body, m.at, m.read],
    );
  }
}
