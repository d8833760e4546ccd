// What <gjj-complaint-form> needs at run time: its attributes and events, without their documentation (see
// complaint-form.meta.ts, which is built on this list).
import type { ElementProps } from '../shared/element';
import type { ComplaintFormProps } from './complaint-form';

/** @internal The element's attributes (`prop`, type) and events (name, callback prop). */
export const COMPLAINT_FORM_ELEMENT = {
  attributes: [
    ['apiBase', 'string'],
    ['label', 'string'],
    ['care', 'boolean', 'reflect'],
  ],
  events: [
    ['gjj-submitted', 'onSubmitted'],
    ['gjj-error', 'onError'],
  ],
} as const satisfies ElementProps<ComplaintFormProps>;
