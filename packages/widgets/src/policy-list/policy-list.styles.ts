import { THEME_CSS } from '../shared/styles';

// Minified by hand, one rule per line (a string is shipped as written). Shared by the list and the detail view.
export const POLICY_LIST_CSS = `${THEME_CSS}.gjj-policy-list{display:grid;gap:var(--gjj-spacing,16px);container-type:inline-size}
.gjj-policy-list__main{display:grid;gap:var(--gjj-spacing,16px)}
.gjj-policy-list__main[hidden]{display:none}
.gjj-policy-list__search{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.gjj-policy-list__search input{font:inherit;flex:1 1 14em;min-width:0;padding:6px 10px;border:1px solid var(--gjj-color-control-border,#8c9099);border-radius:var(--gjj-radius,4px);color:inherit;background:var(--gjj-color-surface,#fff)}
.gjj-policy-list__search input:focus-visible,.gjj-policy-list button:focus-visible,.gjj-policy-list select:focus-visible,.gjj-policy-list__link:focus-visible,.gjj-policy-detail__title:focus-visible{outline:2px solid var(--gjj-color-focus,#b45309);outline-offset:2px}
.gjj-button--plain{background:var(--gjj-color-surface,#fff);color:var(--gjj-color-primary,#1559b5)}
.gjj-policy-list__categories{display:flex;flex-wrap:wrap;gap:8px}
.gjj-policy-list__categories button{font:inherit;cursor:pointer;padding:4px 12px;border:1px solid var(--gjj-color-control-border,#8c9099);border-radius:999px;background:var(--gjj-color-surface,#fff);color:inherit}
.gjj-policy-list__categories button[aria-pressed=true]{background:var(--gjj-color-primary,#1559b5);border-color:var(--gjj-color-primary,#1559b5);color:var(--gjj-color-on-primary,#fff)}
.gjj-policy-list__total{margin:0;color:var(--gjj-color-muted,#5f6368)}
.gjj-policy-list__items{list-style:none;margin:0;padding:0;border-top:1px solid var(--gjj-color-border,#dcdfe6)}
.gjj-policy-list__item{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 16px;padding:10px 4px;border-bottom:1px solid var(--gjj-color-border,#dcdfe6)}
.gjj-policy-list__link{font:inherit;text-align:left;cursor:pointer;padding:0;border:0;background:none;color:var(--gjj-color-primary,#1559b5);text-decoration:none;flex:1 1 20em}
.gjj-policy-list__link:hover{text-decoration:underline}
.gjj-policy-list__meta{display:flex;flex-wrap:wrap;gap:4px 12px;color:var(--gjj-color-muted,#5f6368);font-size:.9em;white-space:nowrap}
.gjj-policy-list__tag{color:var(--gjj-color-primary,#1559b5)}
.gjj-policy-list__status,.gjj-policy-list__empty{padding:16px;margin:0;color:var(--gjj-color-muted,#5f6368);text-align:center}
.gjj-policy-list__error{padding:16px;color:var(--gjj-color-danger,#c62828);display:flex;gap:12px;align-items:center;flex-wrap:wrap}
.gjj-policy-list__pager{display:flex;flex-wrap:wrap;gap:6px;align-items:center;justify-content:flex-end}
.gjj-policy-list__pager ul{display:flex;gap:4px;list-style:none;margin:0;padding:0}
.gjj-policy-list__pager button,.gjj-policy-list__pager select{font:inherit;min-width:32px;padding:3px 8px;border:1px solid var(--gjj-color-control-border,#8c9099);border-radius:var(--gjj-radius,4px);background:var(--gjj-color-surface,#fff);color:inherit;cursor:pointer}
.gjj-policy-list__pager button[aria-current=page]{background:var(--gjj-color-primary,#1559b5);border-color:var(--gjj-color-primary,#1559b5);color:var(--gjj-color-on-primary,#fff)}
.gjj-policy-list__pager button:disabled{cursor:not-allowed;opacity:.55}
.gjj-policy-detail{display:grid;gap:var(--gjj-spacing,16px)}
.gjj-policy-detail__back{justify-self:start;font:inherit;cursor:pointer;padding:4px 12px;border:1px solid var(--gjj-color-primary,#1559b5);border-radius:var(--gjj-radius,4px);background:var(--gjj-color-surface,#fff);color:var(--gjj-color-primary,#1559b5)}
.gjj-policy-detail__title{margin:0;font-size:1.35em;text-align:center}
.gjj-policy-detail__meta{display:flex;flex-wrap:wrap;justify-content:center;gap:4px 20px;margin:0;color:var(--gjj-color-muted,#5f6368);font-size:.9em;border-bottom:1px solid var(--gjj-color-border,#dcdfe6);padding-bottom:10px}
.gjj-policy-detail__meta div{display:flex;gap:4px}
.gjj-policy-detail__meta dt::after{content:"："}
.gjj-policy-detail__meta dd{margin:0}
.gjj-policy-detail__body{overflow-wrap:anywhere}
.gjj-policy-detail__body img{max-width:100%;height:auto}
.gjj-policy-detail__body table{border-collapse:collapse;max-width:100%}
.gjj-policy-detail__body th,.gjj-policy-detail__body td{border:1px solid var(--gjj-color-border,#dcdfe6);padding:6px 10px}
@container (max-width: 480px){
.gjj-policy-list__meta{white-space:normal}
.gjj-policy-list__pager{justify-content:flex-start}
}
`;
