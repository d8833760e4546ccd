import { useId } from 'react';
import { PAGE_SIZES, pageWindow } from '@gjj-hall/sdk/public';

export interface PagerProps {
  /** Rows matching in all. */
  total: number;
  /** 1-based. */
  pageNum: number;
  pageSize: number;
  onChange: (pageNum: number, pageSize: number) => void;
  /** The accessible name, e.g. 政策列表分页. */
  label?: string;
}

/**
 * The paginator of spec 2.14: 共 N 条, a page-size choice of 10/20/30/50 (spec 9), previous and next, and page
 * numbers. Every control is a real button or select with a Chinese name, so it works by keyboard alone.
 *
 * @example
 * <Pager total={31} pageNum={1} pageSize={10} onChange={(n, s) => load(n, s)} />
 */
export function Pager({ total, pageNum, pageSize, onChange, label = '分页' }: PagerProps) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (n: number) => onChange(Math.min(Math.max(n, 1), pages), pageSize);
  return (
    <nav className="pager" aria-label={label}>
      <span className="pager__total">共 {total} 条</span>
      <label className="pager__size" htmlFor={sizeId}>
        <span className="visually-hidden">每页条数</span>
        <select id={sizeId} value={pageSize} onChange={(e) => onChange(1, Number(e.target.value))}>
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s} 条/页
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="pager__step" onClick={() => go(pageNum - 1)} disabled={pageNum <= 1}>
        上一页
      </button>
      <ul className="pager__pages">
        {pageWindow(pageNum, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="pager__gap">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className="pager__page"
                aria-current={n === pageNum ? 'page' : undefined}
                aria-label={`第 ${n} 页`}
                onClick={() => go(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className="pager__step" onClick={() => go(pageNum + 1)} disabled={pageNum >= pages}>
        下一页
      </button>
    </nav>
  );
}
