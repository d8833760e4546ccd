import { THEME_CSS } from '../shared/styles';

/**
 * The calculator's stylesheet (adopted into its shadow root or the document), minified by hand, one rule per line: a
 * string is shipped as written. The plan dialog's rules come with the dialog (plan-dialog.styles.ts). In the 520 px container query, the three tabs share the row and a long name wraps
 * inside its tab instead of pushing a tab onto a second row.
 */
export const LOAN_CALCULATOR_CSS = `${THEME_CSS}.gjj-loan{display:grid;gap:var(--gjj-spacing,16px);container-type:inline-size}
.gjj-loan button{font:inherit}
.gjj-loan :focus-visible{outline:2px solid var(--gjj-color-focus,#b45309);outline-offset:2px}
.gjj-button--plain{background:var(--gjj-color-surface,#fff);color:var(--gjj-color-primary,#1559b5)}
.gjj-loan__notice{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;padding:10px 14px;border:1px solid var(--gjj-color-danger,#c62828);border-radius:var(--gjj-radius,4px);color:var(--gjj-color-danger,#c62828);background:#fdf3f2}
.gjj-loan__tabs{display:flex;flex-wrap:wrap;border-bottom:1px solid var(--gjj-color-border,#dcdfe6)}
.gjj-loan__tab{cursor:pointer;padding:10px 16px;margin-bottom:-1px;background:none;color:var(--gjj-color-text,#303133);border:0;border-bottom:3px solid transparent}
.gjj-loan__tab[aria-selected=true]{color:var(--gjj-color-primary,#1559b5);border-bottom-color:var(--gjj-color-primary,#1559b5);font-weight:600}
.gjj-loan__tab:hover{color:var(--gjj-color-primary,#1559b5)}
.gjj-loan__form{display:grid;gap:var(--gjj-spacing,16px)}
.gjj-loan__form-title,.gjj-loan__block-title{margin:0;font-size:1.1em;font-weight:600;padding-left:10px;line-height:1.3;border-left:4px solid var(--gjj-color-primary,#1559b5)}
.gjj-loan__grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:14px 24px;align-items:start}
.gjj-loan__field{display:grid;gap:4px;min-width:0;margin:0;padding:0;border:0}
.gjj-loan__label{font-weight:600;padding:0}
.gjj-loan__input{font:inherit;width:100%;height:36px;padding:0 10px;color:inherit;background:var(--gjj-color-surface,#fff);border:1px solid var(--gjj-color-border,#dcdfe6);border-radius:var(--gjj-radius,4px)}
.gjj-loan__input:focus{border-color:var(--gjj-color-primary,#1559b5)}
.gjj-loan__input[readonly]{background:#f5f7fa}
.gjj-loan__input[aria-invalid=true]{border-color:var(--gjj-color-danger,#c62828)}
.gjj-loan__hint{margin:0;font-size:12px;color:var(--gjj-color-muted,#5f6368)}
.gjj-loan__error{margin:0;font-size:12px;color:var(--gjj-color-danger,#c62828)}
.gjj-loan__options{display:flex;flex-wrap:wrap;gap:4px 20px;min-height:36px;align-items:center}
.gjj-loan__option{display:inline-flex;gap:6px;align-items:center;cursor:pointer}
.gjj-loan__option input{width:16px;height:16px;margin:0;accent-color:var(--gjj-color-primary,#1559b5)}
.gjj-loan__actions{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center}
.gjj-loan__submit{min-width:120px;padding:8px 24px}
.gjj-loan__submit[aria-disabled=true]{opacity:.8;cursor:progress}
.gjj-loan__failure{margin:0;color:var(--gjj-color-danger,#c62828)}
.gjj-loan__loading{margin:0;color:var(--gjj-color-muted,#5f6368)}
.gjj-loan__results{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:var(--gjj-spacing,16px)}
.gjj-loan__results>section:only-of-type{max-width:520px}
.gjj-loan__block{display:grid;gap:10px;align-content:start;padding:var(--gjj-spacing,16px);background:var(--gjj-color-surface,#fff);border:1px solid var(--gjj-color-border,#dcdfe6);border-radius:var(--gjj-radius,4px)}
.gjj-loan__figures{display:grid;gap:6px;margin:0}
.gjj-loan__figure{display:flex;flex-wrap:wrap;justify-content:space-between;gap:2px 12px}
.gjj-loan__figure dt{color:var(--gjj-color-muted,#5f6368)}
.gjj-loan__figure dd{margin:0;text-align:right}
.gjj-loan__figure--sentence{display:grid;gap:0}
.gjj-loan__figure--sentence dd{text-align:left}
.gjj-loan__none{color:var(--gjj-color-muted,#5f6368)}
.gjj-loan__empty{margin:0;padding:12px 14px;color:var(--gjj-color-muted,#5f6368);background:var(--gjj-color-surface-muted,#f5f7fa);border:1px dashed var(--gjj-color-border,#dcdfe6);border-radius:var(--gjj-radius,4px)}
.gjj-loan__notice--info{border-color:var(--gjj-color-primary,#1559b5);color:var(--gjj-color-text,#303133);background:var(--gjj-color-surface-muted,#f5f7fa)}
.gjj-loan__money{font-weight:600;font-variant-numeric:tabular-nums;color:var(--gjj-color-figure,#b3261e)}
.gjj-loan__plan-button{justify-self:start;padding:2px 0;cursor:pointer;background:none;border:0;color:var(--gjj-color-primary,#1559b5);text-decoration:underline;text-underline-offset:3px}
.gjj-loan__plan-button:disabled{cursor:not-allowed;text-decoration:none;color:var(--gjj-color-muted,#5f6368)}
@container (max-width: 520px){
.gjj-loan__grid{grid-template-columns:1fr}
.gjj-loan__tabs{flex-wrap:nowrap}
.gjj-loan__tab{flex:1 1 0;min-width:0;padding:8px 4px;line-height:1.35}
.gjj-loan__submit{width:100%}
}
`;
