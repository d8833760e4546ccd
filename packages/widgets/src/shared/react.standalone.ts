// What `react` is in the script-tag files (rollup.config.mjs aliases it here): preact and preact/hooks, plus the one
// piece of React behaviour the components rely on that preact lacks. All of preact/compat (its options hooks for
// every React quirk, Suspense, the UNSAFE_ lifecycle shims, the event wrapper) cost the rate table and the complaint
// form about 0.9 KB gzipped each; docs/decisions.md has the figures. Everything else the components write
// (className, htmlFor, controlled value and checked, style objects, SVG className) preact does by itself.
// A component that starts to use another React API fails the build (rollup: missing export) rather than misbehaving.
import { options, type VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

export { createElement } from 'preact';
export { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';

// React's onChange of a text input or textarea fires on every keystroke (the DOM's `input`); the DOM's own `change`,
// which preact would listen to, fires only when the field is left. Checkboxes, radios, files and selects keep `change`.
const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { type?: string; onChange?: unknown; onInput?: unknown };
  if (props.onChange && (vnode.type === 'textarea' || (vnode.type === 'input' && !/^(checkbox|radio|file)$/.test(props.type ?? '')))) {
    props.onInput = props.onChange;
    delete props.onChange;
  }
  previous?.(vnode);
};

/**
 * React's useSyncExternalStore, as @nanostores/react's `useStore` calls it: the snapshot of each render, and a render
 * when the store says it changed to something else.
 *
 * @example
 * const value = useSyncExternalStore((onChange) => store.listen(onChange), () => store.get());
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T): T {
  const value = getSnapshot();
  // The latest render's snapshot and getter, which the subscription compares against.
  const latest = useRef({ value, getSnapshot });
  latest.current = { value, getSnapshot };
  const [, rerender] = useState<object>();
  useEffect(() => {
    const check = () => {
      if (!Object.is(latest.current.value, latest.current.getSnapshot())) rerender({});
    };
    check();
    return subscribe(check);
  }, [subscribe]);
  return value;
}
