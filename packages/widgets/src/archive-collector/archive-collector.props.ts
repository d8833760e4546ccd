// What <gjj-archive-collector> needs at run time: its attributes and events, without their documentation (see
// archive-collector.meta.ts, which is built on this list).
import type { ElementProps } from '../shared/element';
import type { ArchiveCollectorProps } from './archive-collector';

/** @internal The element's attributes (`prop`, type) and events (name, callback prop). */
export const ARCHIVE_COLLECTOR_ELEMENT = {
  attributes: [
    ['ywbh', 'string'],
    ['hallOrigin', 'string'],
    ['label', 'string'],
    ['care', 'boolean', 'reflect'],
  ],
  events: [
    ['gjj-last-step', 'onLastStep'],
    ['gjj-token-timeout', 'onTokenTimeOut'],
    ['gjj-preview', 'onPreview'],
    ['gjj-message', 'onMessage'],
    ['gjj-complete', 'onComplete'],
  ],
} as const satisfies ElementProps<ArchiveCollectorProps>;
