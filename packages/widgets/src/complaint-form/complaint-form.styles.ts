import { THEME_CSS } from '../shared/styles';

// Minified by hand, one rule per line (a string is shipped as written).
export const COMPLAINT_FORM_CSS = `${THEME_CSS}.gjj-complaint{max-width:720px}
.gjj-complaint :focus-visible{outline:2px solid var(--gjj-color-focus,#b45309);outline-offset:2px}
.gjj-complaint__form{display:grid;gap:var(--gjj-spacing,16px)}
.gjj-complaint__field{display:grid;gap:4px;min-width:0}
.gjj-complaint__label{font-weight:600}
.gjj-complaint__required{color:var(--gjj-color-danger,#c62828);margin-right:4px}
.gjj-complaint__control{font:inherit;width:100%;min-height:38px;padding:6px 10px;color:inherit;background:var(--gjj-color-surface,#fff);border:1px solid var(--gjj-color-border,#dcdfe6);border-radius:var(--gjj-radius,4px)}
.gjj-complaint__control:focus{border-color:var(--gjj-color-primary,#1559b5)}
.gjj-complaint__control[aria-invalid=true]{border-color:var(--gjj-color-danger,#c62828)}
.gjj-complaint__textarea{resize:vertical;min-height:120px;line-height:1.6}
.gjj-complaint__hint{margin:0;font-size:12px;color:var(--gjj-color-muted,#5f6368)}
.gjj-complaint__count--over{color:var(--gjj-color-danger,#c62828);font-weight:600}
.gjj-complaint__error{margin:0;font-size:12px;color:var(--gjj-color-danger,#c62828)}
.gjj-complaint__alert{margin:0;padding:10px 14px;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;color:var(--gjj-color-danger,#c62828);background:#fdf3f2;border:1px solid var(--gjj-color-danger,#c62828);border-radius:var(--gjj-radius,4px)}
.gjj-complaint__actions{display:flex;gap:12px}
.gjj-complaint__actions .gjj-button{min-width:120px;padding:8px 24px}
.gjj-button:disabled{opacity:.7;cursor:progress}
.gjj-button--plain{background:var(--gjj-color-surface,#fff);color:var(--gjj-color-primary,#1559b5)}
.gjj-complaint__done{display:grid;gap:12px;justify-items:start;padding:20px;border:1px solid var(--gjj-color-border,#dcdfe6);border-radius:var(--gjj-radius,4px);background:var(--gjj-color-surface,#fff)}
.gjj-complaint__done-title{margin:0;font-size:1.2em;color:var(--gjj-color-success,#1b7f3b)}
.gjj-complaint__receipt{margin:0;display:grid;gap:6px}
.gjj-complaint__receipt div{display:flex;gap:12px}
.gjj-complaint__receipt dt{color:var(--gjj-color-muted,#5f6368)}
.gjj-complaint__receipt dd{margin:0;font-weight:600;font-variant-numeric:tabular-nums}
`;
