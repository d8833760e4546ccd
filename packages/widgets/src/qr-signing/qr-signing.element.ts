import { createWidgetElement, type WidgetElementClass } from '../shared/element';
import { QrSigning } from './qr-signing';
import { QR_SIGNING_ELEMENT } from './qr-signing.props';

let elementClass: WidgetElementClass | undefined;

/** The `<gjj-qr-signing>` element class, made on first use (never at import, so Node can import this file). */
export function getQrSigningElement(): WidgetElementClass {
  elementClass ??= createWidgetElement(QrSigning, QR_SIGNING_ELEMENT);
  return elementClass;
}

declare global {
  interface HTMLElementTagNameMap {
    'gjj-qr-signing': HTMLElement & { ywbh?: string; apiBase?: string; label?: string };
  }
}
