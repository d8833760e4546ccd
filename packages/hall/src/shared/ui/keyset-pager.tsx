import { useId } from 'react';
import { PAGE_SIZES } from '@gjj-hall/sdk/public';

export interface KeysetPagerProps {
  /** Rows matching in all (known from the list's summary), or null when not counted. */
  total: number | null;
  /** 1-based: the page shown. */
  pageNum: number;
  pageSize: number;
  /** Whether a page follows (the server gave a cursor). */
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
  onSize: (pageSize: number) => void;
  label?: string;
}

/**
 * The paginator of a list read by keyset (a long list, e.g. 个人明细: each page starts after the last row of the one
 * before, so page 100 costs what page 1 does): 共 N 条, 第 p / P 页, the page size, previous and next. No page numbers
 * to jump to: a keyset reaches a page only through the ones before it (the list's search narrows instead).
 *
 * @example
 * <KeysetPager total={150} pageNum={2} pageSize={10} hasNext onPrev={prev} onNext={next} onSize={setSize} />
 */
export function KeysetPager({ total, pageNum, pageSize, hasNext, onPrev, onNext, onSize, label = '分页' }: KeysetPagerProps) {
  const sizeId = useId();
  const pages = total === null ? null : Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label={label}>
      {total !== null && <span className="pager__total">共 {total} 条</span>}
      <label className="pager__size" htmlFor={sizeId}>
        <span className="visually-hidden">每页条数</span>
        <select id={sizeId} value={pageSize} onChange={(e) => onSize(Number(e.target.value))}>
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s} 条/页
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="pager__step" onClick={onPrev} disabled={pageNum <= 1}>
        上一页
      </button>
      <span className="pager__total" aria-live="polite">
        第 {pageNum}
        {pages !== null ? ` / ${pages}` : ''} 页
      </span>
      <button type="button" className="pager__step" onClick={onNext} disabled={!hasNext}>
        下一页
      </button>
    </nav>
  );
}
