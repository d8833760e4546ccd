import { PLAN_DIALOG } from '@gjj-hall/sdk';

/**
 * The plan dialog's stylesheet, adopted by the dialog when it first opens (it loads with the dialog), after the
 * calculator's own. Minified by hand, one rule per line, like the calculator's.
 */
export const PLAN_DIALOG_CSS = `.gjj-loan__dialog{width:${PLAN_DIALOG.width}px;max-width:calc(100vw - 32px);max-height:calc(100vh - 32px);padding:0;border:0;border-radius:var(--gjj-radius,4px);color:var(--gjj-color-text,#303133);background:var(--gjj-color-surface,#fff);box-shadow:0 8px 32px rgba(0,0,0,.25)}
.gjj-loan__dialog[open]{display:grid;gap:12px;padding:16px 20px 20px}
.gjj-loan__dialog::backdrop{background:rgba(0,0,0,.45)}
.gjj-loan__dialog-head{display:flex;justify-content:space-between;align-items:center;gap:12px}
.gjj-loan__dialog-title{margin:0;font-size:1.25em}
.gjj-loan__close{width:36px;height:36px;flex:none;cursor:pointer;font-size:24px;line-height:1;border-radius:var(--gjj-radius,4px);background:none;border:0;color:var(--gjj-color-muted,#5f6368)}
.gjj-loan__close:hover{background:#f1f2f3}
.gjj-loan__chart{margin:0;display:grid;gap:4px}
.gjj-loan__chart-svg{display:block;width:100%;height:96px;background:var(--gjj-color-surface-muted,#f5f7fa);border-bottom:1px solid var(--gjj-color-border,#dcdfe6)}
.gjj-loan__chart-principal{fill:var(--gjj-color-principal,var(--gjj-color-primary,#1559b5))}
.gjj-loan__chart-interest{fill:var(--gjj-color-interest,#c77c02)}
.gjj-loan__legend{display:flex;flex-wrap:wrap;gap:4px 16px;font-size:var(--gjj-font-size-small,12px);color:var(--gjj-color-muted,#5f6368)}
.gjj-loan__chart-summary{margin:0;font-size:var(--gjj-font-size-small,12px);color:var(--gjj-color-text,#303133)}
.gjj-loan__key::before{content:"";display:inline-block;width:10px;height:10px;margin-right:4px;vertical-align:-1px}
.gjj-loan__key--principal::before{background:var(--gjj-color-principal,var(--gjj-color-primary,#1559b5))}
.gjj-loan__key--interest::before{background:var(--gjj-color-interest,#c77c02)}
.gjj-loan__table-wrap{overflow:auto;border:1px solid var(--gjj-color-border,#dcdfe6);border-radius:var(--gjj-radius,4px)}
.gjj-loan__plan-table{width:100%;min-width:600px;border-collapse:collapse}
.gjj-loan__plan-caption{text-align:left;padding:8px 12px;font-weight:600}
.gjj-loan__plan-table th,.gjj-loan__plan-table td{padding:8px 12px;border-top:1px solid var(--gjj-color-border,#dcdfe6);text-align:left;white-space:nowrap}
.gjj-loan__plan-table thead th{background:var(--gjj-color-header-bg,#f1f2f3);color:var(--gjj-color-header-text,#4a4d52);font-weight:600}
.gjj-loan__plan-table .gjj-loan__num{text-align:right;font-variant-numeric:tabular-nums}
.gjj-loan__unit{font-weight:400;font-size:12px}
.gjj-loan__dialog-foot{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:12px}
.gjj-loan__pager{display:flex;flex-wrap:wrap;align-items:center;gap:6px}
.gjj-loan__pager-button{cursor:pointer;padding:4px 10px;border-radius:var(--gjj-radius,4px);border:1px solid var(--gjj-color-border,#dcdfe6);background:var(--gjj-color-surface,#fff);color:var(--gjj-color-text,#303133)}
.gjj-loan__pager-button[aria-disabled=true]{cursor:not-allowed;color:var(--gjj-color-muted,#5f6368);background:#f5f7fa}
.gjj-loan__page{padding:0 6px;font-variant-numeric:tabular-nums}
.gjj-loan__dialog-actions{display:flex;flex-wrap:wrap;gap:8px}
@media(max-width:600px){
.gjj-loan__dialog{max-width:calc(100vw - 16px);max-height:calc(100vh - 16px)}
.gjj-loan__dialog[open]{padding:12px;gap:10px}
.gjj-loan__plan-table{min-width:0;font-size:12px}
.gjj-loan__plan-table th,.gjj-loan__plan-table td{padding:6px 4px}
.gjj-loan__unit{display:none}
.gjj-loan__pager{width:100%;flex-wrap:nowrap;justify-content:space-between;gap:2px}
.gjj-loan__pager-button{padding:4px 6px;white-space:nowrap}
.gjj-loan__page{padding:0;font-size:12px;white-space:nowrap}
.gjj-loan__dialog-actions{width:100%}
.gjj-loan__dialog-actions .gjj-button{flex:1 1 auto}
}
`;
