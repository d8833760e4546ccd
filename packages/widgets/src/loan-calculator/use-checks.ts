import { useState } from 'react';

/**
 * @internal Field checks shown after a field is left (blur) or the form is submitted, then kept up to date as the
 * user types: the message is computed from the current values, so what the user typed is never touched.
 */
export function useChecks<K extends string>(check: (field: K) => string, order: readonly K[]) {
  const [flagged, setFlagged] = useState<ReadonlySet<K>>(() => new Set());
  const errors = Object.fromEntries(order.map((k) => [k, flagged.has(k) ? check(k) : ''])) as Record<K, string>;
  return {
    errors,
    /** Starts showing `field`'s message, if it has one. */
    blur: (field: K) => setFlagged((s) => (s.has(field) ? s : new Set(s).add(field))),
    /** Shows every message; returns the first field in error, or null when all pass. */
    submit: (): K | null => {
      setFlagged(new Set(order));
      return order.find((k) => check(k) !== '') ?? null;
    },
  };
}

/** @internal Moves focus to a field by id (an input, or the checked radio of a fieldset), within the widget's root. */
export function focusField(from: Element | null, id: string): void {
  const root = from?.getRootNode() as Document | ShadowRoot | undefined;
  const el = root?.getElementById?.(id);
  if (!el) return;
  const target = el instanceof HTMLFieldSetElement ? (el.querySelector<HTMLInputElement>('input:checked') ?? el.querySelector('input')) : el;
  target?.focus();
}
