import type { ReactNode } from 'react';
import { MENU_NOT_OPEN_MESSAGE } from '@gjj-hall/sdk/menu';

/** The page body of a function not built yet (spec 4.2): 功能暂未开放，敬请期待. */
export function NotOpenNotice({ title, path, children }: { title: string; path?: string; children?: ReactNode }) {
  return (
    <section className="page page--center" aria-labelledby="not-open-title">
      <svg className="not-open__icon" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="#e8f0fb" />
        <path d="M16 12h16M16 36h16M18 12c0 7 12 7 12 12s-12 5-12 12M30 12c0 7-12 7-12 12s12 5 12 12" fill="none" stroke="#1559b5" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <h1 id="not-open-title">{title}</h1>
      <p className="not-open__text">{MENU_NOT_OPEN_MESSAGE}</p>
      {path && <p className="page__muted">页面地址：{path}</p>}
      {children}
    </section>
  );
}
