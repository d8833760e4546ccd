// The script-tag bundle's loadExtras, put in place of load-extras.ts by rollup.config.mjs. A script-tag bundle has no
// chunks, so the parts used less often are a second file, gjj-loan-calculator.extras.js, beside the main one; the bank's
// page keeps its one <script> tag and this adds the second script itself, from the same directory (so a CSP allowing
// the first allows it too) and with the same nonce. The extras file takes preact, the engine and the shared building
// blocks from this bundle through a global hook rather than carrying copies of its own (extras-shared.ts).
import { useEffect, useId, useRef, useState } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
// The sdk's engine modules by path, for the extras' combined-loan and prepayment trials (see EXTRAS_SHARED); this
// bundle is built from source.
import * as engine from '../../../sdk/src/loan/engine';
import * as input from '../../../sdk/src/loan/input';
import * as styles from '../shared/styles';
import { WIDGETS_VERSION } from '../shared/version';
import { EXTRAS_FILE, EXTRAS_HOOK, type ExtrasHook, type LoanCalculatorExtras } from './extras-shared';
import * as fields from './fields';
import * as logic from './logic';
import * as options from './options';
import * as checks from './use-checks';

let loader: { src: string; nonce: string } | undefined;

/**
 * @internal Remembers the script that loaded the bundle; call it while that script runs (`document.currentScript`
 * is only set then). The extras file is looked for beside it.
 */
export function setExtrasScript(script: HTMLScriptElement | null): void {
  if (script?.src) loader = { src: script.src, nonce: script.nonce ?? '' };
}

let loading: Promise<LoanCalculatorExtras> | undefined;

/** @internal Loads gjj-loan-calculator.extras.js once; after a failure, the next call tries again. */
export function loadExtras(): Promise<LoanCalculatorExtras> {
  loading ??= addExtrasScript().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

function addExtrasScript(): Promise<LoanCalculatorExtras> {
  return new Promise((resolve, reject) => {
    if (!loader) {
      reject(new Error(`[gjj] 找不到 ${EXTRAS_FILE}：请用 <script src> 加载组件，并把它和主文件放在同一目录`));
      return;
    }
    const url = new URL(EXTRAS_FILE, loader.src);
    // A version query on the main file (…/gjj-loan-calculator.js?v=2) applies to its companion as well.
    url.search = new URL(loader.src).search;
    let parts: LoanCalculatorExtras | undefined;
    let mismatch = '';
    const hook: ExtrasHook = {
      shared: {
        // Only what the parts use, so the rest of preact/compat can be left out of this bundle.
        react: { useEffect, useId, useRef, useState },
        'react/jsx-runtime': { Fragment, jsx, jsxs },
        '../../../sdk/src/loan/engine': engine,
        '../../../sdk/src/loan/input': input,
        '../shared/styles': styles,
        './fields': fields,
        './logic': logic,
        './options': options,
        './use-checks': checks,
      },
      register: (version, registered) => {
        if (version === WIDGETS_VERSION) parts = registered;
        else mismatch = `的版本 ${version} 与主文件的版本 ${WIDGETS_VERSION} 不一致，请同时更新两个文件`;
      },
    };
    const globals = window as unknown as Record<string, ExtrasHook | undefined>;
    globals[EXTRAS_HOOK] = hook;
    const script = document.createElement('script');
    script.src = url.href;
    if (loader.nonce) script.nonce = loader.nonce;
    const settle = (error?: string) => {
      script.remove();
      delete globals[EXTRAS_HOOK];
      if (parts) resolve(parts);
      else reject(new Error(`[gjj] ${url.href} ${error ?? (mismatch || '不是贷款计算器的扩展文件')}`));
    };
    // `load` fires once the script has run (and registered), `error` when it could not be fetched or was refused.
    script.onload = () => settle();
    script.onerror = () => settle('无法加载：请检查网络，并确认它和主文件在同一目录');
    document.head.append(script);
  });
}
