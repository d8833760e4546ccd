// What <gjj-policy-list> needs at run time: its attributes and events, without their documentation (see
// policy-list.meta.ts, which is built on this list).
import type { ElementProps } from '../shared/element';
import type { PolicyListProps } from './policy-list';

/** @internal The element's attributes (`prop`, type, reflected) and events (name, callback prop, cancelable). */
export const POLICY_LIST_ELEMENT = {
  attributes: [
    ['apiBase', 'string'],
    ['label', 'string'],
    ['category', 'string', 'reflect'],
    ['pageSize', 'number'],
    ['care', 'boolean', 'reflect'],
  ],
  events: [
    ['gjj-open-policy', 'onOpenPolicy', 'cancelable'],
    ['gjj-load', 'onLoad'],
    ['gjj-error', 'onError'],
  ],
} as const satisfies ElementProps<PolicyListProps>;
