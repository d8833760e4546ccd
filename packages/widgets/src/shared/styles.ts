import { useLayoutEffect, type RefObject } from 'react';
import { configure, getHostConfig } from '@gjj-hall/sdk/host';

/**
 * Sets the nonce that a fallback `<style>` element carries (where constructable stylesheets are missing, old browsers
 * under a CSP): the same as `configure({ nonce })`, which it is kept for.
 */
export function setStyleNonce(nonce: string | undefined): void {
  configure({ nonce });
}

const sheets = new Map<string, CSSStyleSheet>();

function supportsAdopted(root: Document | ShadowRoot): boolean {
  return 'adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype;
}

/**
 * Adds `css` to the document or shadow root `node` lives in, once. Constructable stylesheets need no
 * `unsafe-inline` under a strict CSP, and the same sheet object is shared by every root that uses it.
 */
export function adoptStyles(node: Node, css: string): void {
  const root = node.getRootNode();
  if (!(root instanceof Document || root instanceof ShadowRoot)) return;
  if (supportsAdopted(root)) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const container = root instanceof Document ? root.head : root;
  const marker = `gjj-${css.length}-${css.slice(0, 40).replace(/\W/g, '')}`;
  if (container.querySelector(`style[data-gjj="${marker}"]`)) return;
  const style = document.createElement('style');
  style.dataset.gjj = marker;
  const { nonce } = getHostConfig();
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  container.prepend(style);
}

/** Adopts a widget's stylesheet into whatever root the widget renders in, before the first paint. */
export function useWidgetStyles(ref: RefObject<Element | null>, css: string): void {
  useLayoutEffect(() => {
    if (ref.current) adoptStyles(ref.current, css);
  }, [ref, css]);
}

/**
 * 关怀模式 (care mode, MIIT 适老化; docs/care-mode.md): the widget's `care` prop or attribute puts `data-care` on its
 * root, and a page in care mode (the hall's `<html data-care>`) counts too. Text at least 18 px and the body's size
 * (what is set smaller, hints and dates, grows to it), contrast at least 7:1, line spacing 1.8, targets at least
 * 44 × 44 px, nothing that moves. Only tokens and a few rules, so every widget gets it at the cost of one line.
 */
/** @internal The selector of a widget root in care mode, for a widget's own care rules. */
export const CARE = ':is(.gjj-root[data-care],[data-care] .gjj-root)';
const CARE_CSS = `${CARE}{--gjj-font-size:18px;--gjj-color-text:#1f1f1f;--gjj-color-muted:#404040;--gjj-color-primary:#0d3f85;--gjj-color-danger:#9b1c1c;--gjj-color-success:#145c2b;--gjj-color-control-border:#5f6368;--gjj-color-header-text:#1f1f1f;--gjj-color-figure:#8e1d17;--gjj-color-rate:#8e1d17;line-height:1.8}
${CARE} :is(p,span,dt,dd,th,td,li,label,input,select,textarea,button,figcaption,time,small){font-size:max(1em,18px)}
${CARE} :is(button,input:not([type=radio],[type=checkbox]),select,label:has(>input[type=radio],>input[type=checkbox])){min-height:44px;min-width:44px}
${CARE} input:is([type=radio],[type=checkbox]){width:22px;height:22px}
${CARE},${CARE} *{animation:none!important;transition:none!important}
`;

/**
 * Theme tokens shared by every widget; each can be overridden by the host page through `--gjj-*` properties.
 * Stylesheets are written minified, one rule per line: they ship as strings, which no minifier touches.
 */
export const THEME_CSS = `:host{display:block}
.gjj-root{font-family:var(--gjj-font-family,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC","Noto Sans SC",system-ui,sans-serif);font-size:var(--gjj-font-size,14px);line-height:1.6;color:var(--gjj-color-text,#303133);box-sizing:border-box}
.gjj-root *,.gjj-root *::before,.gjj-root *::after{box-sizing:inherit}
.gjj-button{font:inherit;cursor:pointer;padding:6px 16px;border-radius:var(--gjj-radius,4px);border:1px solid var(--gjj-color-primary,#1559b5);background:var(--gjj-color-primary,#1559b5);color:var(--gjj-color-on-primary,#fff)}
.gjj-button:focus-visible{outline:2px solid var(--gjj-color-focus,#b45309);outline-offset:2px}
.gjj-visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
${CARE_CSS}`;
