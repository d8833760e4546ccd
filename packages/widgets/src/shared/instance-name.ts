import { useEffect, useState } from 'react';

// The numbers the unnamed instances of each widget hold on this page (a module of each bundle: one page, one count).
const inUse: Record<string, number[]> = {};

/**
 * What tells this instance's landmarks apart from those of another instance of the same widget on the page (axe's
 * `landmark-unique`; a screen reader's list of landmarks): the host's `label`, else nothing for the first unnamed
 * instance (its landmarks keep their plain names, as on a page with one) and `<widget> <n>` for the n-th, numbered in
 * the order they appeared. Read aloud, "贷款计算器 2：计算结果" says which one; an id suffix would not.
 *
 * @example
 * const name = useInstanceName('贷款计算器', label); // '', '贷款计算器 2', … or the label
 * <div role="region" aria-label={named(name, '计算结果')} />
 */
export function useInstanceName(widget: string, label: string | undefined): string {
  const own = label?.trim();
  const [n, setN] = useState(1);
  useEffect(() => {
    if (own) return;
    const taken = (inUse[widget] ??= []);
    let k = 1;
    while (taken.includes(k)) k += 1;
    taken.push(k);
    setN(k);
    return () => void taken.splice(taken.indexOf(k), 1);
  }, [widget, own]);
  return own || (n > 1 ? `${widget} ${n}` : '');
}

/**
 * A landmark's name within a named instance: `首套房：计算结果`, or the plain name when the instance has none.
 *
 * @example
 * named('首套房', '计算结果') // '首套房：计算结果'
 * named('', '计算结果') // '计算结果'
 */
export const named = (instance: string, text: string): string => (instance ? `${instance}：${text}` : text);
