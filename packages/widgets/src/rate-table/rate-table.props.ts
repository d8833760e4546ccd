// What <gjj-rate-table> needs at run time: its attributes and events, without their documentation (see
// rate-table.meta.ts, which is built on this list).
import type { ElementProps } from '../shared/element';
import type { RateTableProps } from './rate-table';

/** @internal The element's attributes (`prop`, type) and events (name, callback prop). */
export const RATE_TABLE_ELEMENT = {
  attributes: [
    ['apiBase', 'string'],
    ['care', 'boolean', 'reflect'],
  ],
  events: [
    ['gjj-load', 'onLoad'],
    ['gjj-error', 'onError'],
  ],
} as const satisfies ElementProps<RateTableProps>;
