import { Link } from 'react-router';

export interface Crumb {
  title: string;
  /** Omitted for the current page and for entries that are not pages (tabs). */
  path?: string;
}

/**
 * The breadcrumb of spec 2.5, starting with the home page; the last crumb is the current page.
 *
 * @example
 * <Breadcrumb items={[{ title: '首页', path: '/grwt/home' }, { title: '账户信息' }]} />
 */
export function Breadcrumb({ items }: { items: readonly Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="当前位置">
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.title}`}>
              {item.path && !last ? (
                <Link to={item.path}>{item.title}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.title}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
