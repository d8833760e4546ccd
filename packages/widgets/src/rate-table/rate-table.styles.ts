import { THEME_CSS } from '../shared/styles';

// Minified by hand, one rule per line (a string is shipped as written).
export const RATE_TABLE_CSS = `${THEME_CSS}.gjj-rate-table{display:grid;gap:var(--gjj-spacing,16px);container-type:inline-size}
.gjj-rate-table__table{width:100%;border-collapse:collapse;background:var(--gjj-color-surface,#fff);border:1px solid var(--gjj-color-border,#dcdfe6);border-radius:var(--gjj-radius,4px)}
.gjj-rate-table__caption{text-align:left;font-weight:600;font-size:1.1em;padding:0 0 8px 10px;border-left:4px solid var(--gjj-color-primary,#1559b5);margin-bottom:8px}
.gjj-rate-table__date{font-weight:400;font-size:.85em;color:var(--gjj-color-muted,#5f6368);margin-left:8px}
.gjj-rate-table th,.gjj-rate-table td{padding:10px 14px;border-bottom:1px solid var(--gjj-color-border,#dcdfe6);text-align:left}
.gjj-rate-table thead th{background:var(--gjj-color-header-bg,#f1f2f3);color:var(--gjj-color-header-text,#4a4d52);font-weight:600}
.gjj-rate-table tbody th{font-weight:400}
.gjj-rate-table .gjj-rate-table__rate{text-align:right;font-variant-numeric:tabular-nums;font-weight:600;color:var(--gjj-color-rate,#b3261e)}
.gjj-rate-table thead .gjj-rate-table__rate{color:inherit;font-weight:600}
.gjj-rate-table__rate,.gjj-rate-table__when{white-space:nowrap}
@container (max-width: 480px){
.gjj-rate-table th,.gjj-rate-table td{padding:8px}
.gjj-rate-table__caption{padding-left:8px}
.gjj-rate-table__date{display:block;margin-left:0}
}
.gjj-rate-table__status{padding:16px;color:var(--gjj-color-muted,#5f6368)}
.gjj-rate-table__error{padding:16px;color:var(--gjj-color-danger,#c62828);display:flex;gap:12px;align-items:center;flex-wrap:wrap}
`;
