import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { greeting } from '@gjj-hall/sdk/format';
import { displayName } from '@gjj-hall/sdk/auth';
import { useStore } from '@nanostores/react';
import { homeScreens, screenSections, type MenuNode } from '../menu-view';
import { stores } from '../services';
import { useMenuTree } from '../use-menu-tree';
import { usePageTitle } from '../use-page-title';
import { MenuTiles } from './menu-tiles';
import { Tabs } from './tabs';

/** A screen's sections; its own entries are titled 其他功能 when they follow tabs, and left out when empty. */
function sectionsOf(screen: MenuNode) {
  const sections = screenSections(screen);
  const tabbed = sections.some((s) => s.title);
  return sections
    .filter((s) => s.title || s.items.length || !tabbed)
    .map((s) => (s.title || !tabbed ? s : { ...s, title: '其他功能' }));
}

/** The messages page of spec 2.1 (issue 23); the home links to it when the user's menus carry it. */
const MESSAGE_PAGE = '/sysMsg/msgHome';
const hasMessages = (nodes: readonly MenuNode[]): boolean => nodes.some((n) => n.fullPath === MESSAGE_PAGE || hasMessages(n.children));

/** One line of the account summary on a home page. */
export interface HomeFact {
  label: string;
  /** As the server sent it: missing, null and '' show as --. */
  value: unknown;
}

export interface HomeViewProps {
  /** The area's name, e.g. 个人业务. */
  areaTitle: string;
  /** What the account summary shows. */
  facts: readonly HomeFact[];
  /** Shown under the summary (the individual's figures). */
  children?: ReactNode;
  /** Tiles left out for the account's state (a flexible depositor's 开户 or 启封, issue 30). */
  hides?: (node: MenuNode) => boolean;
}

/**
 * The home page of an area (spec 2.2): a greeting with the account summary, then the area's menu screens as tabs of
 * tiles. The selected tab is the `activeIndex` query value, so a page opened from a tile can come back to it.
 *
 * @example
 * <HomeView areaTitle="个人业务" facts={[{ label: '个人账号', value: '201000000101' }]} />
 */
export function HomeView({ areaTitle, facts, children, hides }: HomeViewProps) {
  usePageTitle(`${areaTitle}首页`);
  const userInfo = useStore(stores.session.$userInfo);
  const loginType = useStore(stores.session.$loginType);
  const tree = useMenuTree();
  const screens = homeScreens(tree);
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('activeIndex'));
  const active = Number.isInteger(raw) && raw >= 0 && raw < screens.length ? raw : 0;
  const screen = screens[active];

  return (
    <div className="home">
      <section className="page home__welcome" aria-labelledby="home-title">
        <h1 id="home-title">
          {greeting()}，{displayName(userInfo, loginType) || '欢迎您'}
        </h1>
        <p className="page__lead">
          欢迎使用{areaTitle}，请选择需要办理的业务。{' '}
          {/* The messages page of spec 2.1 (issue 23), where the user's menus carry it. */}
          {hasMessages(tree) && <Link to={MESSAGE_PAGE}>查看我的消息</Link>}
        </p>
        {facts.length > 0 && (
          <dl className="facts">
            {facts.map((f) => (
              <div key={f.label} className="facts__item">
                <dt>{f.label}</dt>
                <dd>{f.value === undefined || f.value === null || f.value === '' ? '--' : String(f.value)}</dd>
              </div>
            ))}
          </dl>
        )}
        {children}
      </section>
      <section className="page home__menus" aria-labelledby="home-menus-title">
        <h2 id="home-menus-title" className="section-title">
          业务办理
        </h2>
        {screens.length === 0 || !screen ? (
          <p className="empty">暂无数据</p>
        ) : (
          <Tabs
            label="业务分类"
            items={screens.map((s) => ({ key: s.fullPath, label: s.entry.meta.title }))}
            active={active}
            onChange={(index) => setParams({ activeIndex: String(index) }, { replace: true })}
          >
            {sectionsOf(screen).map((section) => (
              <div key={section.key} className="screen-section">
                {section.title && <h3 className="screen-section__title">{section.title}</h3>}
                <MenuTiles nodes={hides ? section.items.filter((n) => !hides(n)) : section.items} label={section.title || screen.entry.meta.title} />
              </div>
            ))}
          </Tabs>
        )}
      </section>
    </div>
  );
}
