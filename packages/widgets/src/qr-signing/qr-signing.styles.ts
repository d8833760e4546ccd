import { CARE, THEME_CSS } from '../shared/styles';

// Minified by hand, one rule per line (a string is shipped as written).
export const QR_SIGNING_CSS = `${THEME_CSS}.gjj-qr-signing{width:min(100%,var(--gjj-qr-signing-width,380px));margin:0 auto;padding:20px;text-align:center;background:var(--gjj-color-surface,#fff);border:1px solid var(--gjj-color-border,#dcdfe6);border-radius:var(--gjj-radius,4px)}
.gjj-qr-signing__title{margin:0 0 12px;font-size:1.15em;font-weight:600}
.gjj-qr-signing__frame{position:relative;width:220px;height:220px;margin:0 auto;display:flex;align-items:center;justify-content:center;border:1px solid var(--gjj-color-border,#dcdfe6)}
.gjj-qr-signing__image{display:block;width:200px;height:200px}
.gjj-qr-signing__placeholder{color:var(--gjj-color-muted,#5f6368)}
.gjj-qr-signing__overlay{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:10px;background:rgba(255,255,255,.94)}
.gjj-qr-signing__message{margin:0;font-weight:600;color:var(--gjj-color-danger,#c62828)}
.gjj-qr-signing__done{margin:0;font-size:1.4em;font-weight:600;color:var(--gjj-color-success,#1b7f3b)}
.gjj-qr-signing__tick{display:block;font-size:2.4em;line-height:1}
.gjj-qr-signing__hint{margin:12px 0 0;color:var(--gjj-color-muted,#5f6368)}
.gjj-qr-signing__countdown{margin:4px 0 0}
.gjj-qr-signing__countdown b{color:var(--gjj-color-primary,#1559b5);font-variant-numeric:tabular-nums}
${CARE} .gjj-qr-signing__done{font-size:1.4em}
${CARE} .gjj-qr-signing__tick{font-size:2.4em}
`;
