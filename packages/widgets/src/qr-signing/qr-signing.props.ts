// What <gjj-qr-signing> needs at run time: its attributes and events, without their documentation (see
// qr-signing.meta.ts, which is built on this list).
import type { ElementProps } from '../shared/element';
import type { QrSigningProps } from './qr-signing';

/** @internal The element's attributes (`prop`, type) and events (name, callback prop). */
export const QR_SIGNING_ELEMENT = {
  attributes: [
    ['ywbh', 'string'],
    ['apiBase', 'string'],
    ['label', 'string'],
    ['care', 'boolean', 'reflect'],
  ],
  events: [
    ['gjj-signed', 'onSigned'],
    ['gjj-expired', 'onExpired'],
  ],
} as const satisfies ElementProps<QrSigningProps>;
