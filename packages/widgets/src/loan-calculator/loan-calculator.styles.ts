import { PLAN_DIALOG } from '@gjj-hall/sdk';
import { THEME_CSS } from '../shared/styles';

/**
 * The calculator's stylesheet (adopted into its shadow root or the document), minified by hand, one rule per line: a
 * string is shipped as written. In the 520 px container query, the three tabs share the row and a long name wraps
 * inside its tab instead of pushing a tab onto a second row.
 */
export const LOAN_CALCULATOR_CSS = `${THEME_CSS}.gjj-loan{display:grid;gap:16px;container-type:inline-size}
.gjj-loan button{font:inherit}
.gjj-loan :focus-visible{outline:2px solid var(--gjj-color-focus,#f5a623);outline-offset:2px}
.gjj-button--plain{background:var(--gjj-color-surface,#fff);color:var(--gjj-color-primary,#1559b5)}
.gjj-loan__notice{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;padding:10px 14px;border:1px solid var(--gjj-color-danger,#b3261e);border-radius:var(--gjj-radius,4px);color:var(--gjj-color-danger,#b3261e);background:#fdf3f2}
.gjj-loan__tabs{display:flex;flex-wrap:wrap;border-bottom:1px solid var(--gjj-color-border,#dcdfe6)}
.gjj-loan__tab{cursor:pointer;padding:10px 16px;margin-bottom:-1px;background:none;color:var(--gjj-color-text,#303133);border:0;border-bottom:3px solid transparent}
.gjj-loan__tab[aria-selected=true]{color:var(--gjj-color-primary,#1559b5);border-bottom-color:var(--gjj-color-primary,#1559b5);font-weight:600}
.gjj-loan__tab:hover{color:var(--gjj-color-primary,#1559b5)}
.gjj-loan__form{display:grid;gap:16px}
.gjj-loan__form-title,.gjj-loan__block-title{margin:0;font-size:1.1em;font-weight:600;padding-left:10px;line-height:1.3;border-left:4px solid var(--gjj-color-primary,#1559b5)}
.gjj-loan__grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:14px 24px;align-items:start}
.gjj-loan__field{display:grid;gap:4px;min-width:0;margin:0;padding:0;border:0}
.gjj-loan__label{font-weight:600;padding:0}
.gjj-loan__input{font:inherit;width:100%;height:36px;padding:0 10px;color:inherit;background:var(--gjj-color-surface,#fff);border:1px solid var(--gjj-color-border,#dcdfe6);border-radius:var(--gjj-radius,4px)}
.gjj-loan__input:focus{border-color:var(--gjj-color-primary,#1559b5)}
.gjj-loan__input[readonly]{background:#f5f7fa}
.gjj-loan__input[aria-invalid=true]{border-color:var(--gjj-color-danger,#b3261e)}
.gjj-loan__hint{margin:0;font-size:12px;color:var(--gjj-color-muted,#5f6368)}
.gjj-loan__error{margin:0;font-size:12px;color:var(--gjj-color-danger,#b3261e)}
.gjj-loan__options{display:flex;flex-wrap:wrap;gap:4px 20px;min-height:36px;align-items:center}
.gjj-loan__option{display:inline-flex;gap:6px;align-items:center;cursor:pointer}
.gjj-loan__option input{width:16px;height:16px;margin:0;accent-color:var(--gjj-color-primary,#1559b5)}
.gjj-loan__actions{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center}
.gjj-loan__submit{min-width:120px;padding:8px 24px}
.gjj-loan__submit[aria-disabled=true]{opacity:.8;cursor:progress}
.gjj-loan__failure{margin:0;color:var(--gjj-color-danger,#b3261e)}
.gjj-loan__results{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px}
.gjj-loan__results>section:only-of-type{max-width:520px}
.gjj-loan__block{display:grid;gap:10px;align-content:start;padding:16px;background:var(--gjj-color-surface,#fff);border:1px solid var(--gjj-color-border,#dcdfe6);border-radius:var(--gjj-radius,4px)}
.gjj-loan__figures{display:grid;gap:6px;margin:0}
.gjj-loan__figure{display:flex;flex-wrap:wrap;justify-content:space-between;gap:2px 12px}
.gjj-loan__figure dt{color:var(--gjj-color-muted,#5f6368)}
.gjj-loan__figure dd{margin:0;text-align:right}
.gjj-loan__figure--sentence{display:grid;gap:0}
.gjj-loan__figure--sentence dd{text-align:left}
.gjj-loan__money{font-weight:600;font-variant-numeric:tabular-nums;color:var(--gjj-color-figure,#b3261e)}
.gjj-loan__plan-button{justify-self:start;padding:2px 0;cursor:pointer;background:none;border:0;color:var(--gjj-color-primary,#1559b5);text-decoration:underline;text-underline-offset:3px}
.gjj-loan__plan-button:disabled{cursor:not-allowed;text-decoration:none;color:var(--gjj-color-muted,#5f6368)}
.gjj-loan__dialog{width:${PLAN_DIALOG.width}px;max-width:calc(100vw - 32px);max-height:calc(100vh - 32px);padding:0;border:0;border-radius:var(--gjj-radius,4px);color:var(--gjj-color-text,#303133);background:var(--gjj-color-surface,#fff);box-shadow:0 8px 32px rgba(0,0,0,.25)}
.gjj-loan__dialog[open]{display:grid;gap:12px;padding:16px 20px 20px}
.gjj-loan__dialog::backdrop{background:rgba(0,0,0,.45)}
.gjj-loan__dialog-head{display:flex;justify-content:space-between;align-items:center;gap:12px}
.gjj-loan__dialog-title{margin:0;font-size:1.25em}
.gjj-loan__close{width:36px;height:36px;flex:none;cursor:pointer;font-size:24px;line-height:1;border-radius:var(--gjj-radius,4px);background:none;border:0;color:var(--gjj-color-muted,#5f6368)}
.gjj-loan__close:hover{background:#f1f2f3}
.gjj-loan__chart{margin:0;display:grid;gap:4px}
.gjj-loan__chart-svg{display:block;width:100%;height:96px;background:#fafbfc;border-bottom:1px solid var(--gjj-color-border,#dcdfe6)}
.gjj-loan__chart-principal{fill:var(--gjj-color-principal,#1559b5)}
.gjj-loan__chart-interest{fill:var(--gjj-color-interest,#c77c02)}
.gjj-loan__legend{display:flex;flex-wrap:wrap;gap:4px 16px;font-size:12px;color:var(--gjj-color-muted,#5f6368)}
.gjj-loan__key::before{content:"";display:inline-block;width:10px;height:10px;margin-right:4px;vertical-align:-1px}
.gjj-loan__key--principal::before{background:var(--gjj-color-principal,#1559b5)}
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
@container (max-width: 520px){
.gjj-loan__grid{grid-template-columns:1fr}
.gjj-loan__tabs{flex-wrap:nowrap}
.gjj-loan__tab{flex:1 1 0;min-width:0;padding:8px 4px;line-height:1.35}
.gjj-loan__submit{width:100%}
}
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
