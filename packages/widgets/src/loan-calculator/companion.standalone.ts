// @internal How a script-tag bundle loads its companion files (the calculator's engine file and extras file). A
// script-tag bundle has no chunks, so what is not needed to show the form is a second file beside the main one; the
// bank's page keeps its one <script> tag and this adds the other script itself, from the same directory (so a CSP
// allowing the first allows it too) and with the same nonce. The companion takes preact and whatever else it shares
// from this bundle through a global hook rather than carrying copies of its own (extras-shared.ts, rollup.config.mjs).
import { WIDGETS_VERSION } from '../shared/version';
import type { CompanionHook } from './extras-shared';

let loader: { src: string; nonce: string } | undefined;

/**
 * @internal Remembers the script that loaded the bundle; call it while that script runs (`document.currentScript`
 * is only set then). The companion files are looked for beside it.
 */
export function setCompanionScript(script: HTMLScriptElement | null): void {
  if (script?.src) loader = { src: script.src, nonce: script.nonce ?? '' };
}

/** @internal `load` run once, its promise shared; after a failure, the next call tries again. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/**
 * @internal Adds the companion `file` as a script beside the bundle's own, with `shared` on the global `hookName`
 * while it loads, and resolves with what it registers.
 */
export function loadCompanion<Parts, Shared extends string>(
  file: string,
  hookName: string,
  shared: Readonly<Record<Shared, unknown>>,
): Promise<Parts> {
  return new Promise((resolve, reject) => {
    if (!loader) {
      reject(new Error(`[gjj] 找不到 ${file}：请用 <script src> 加载组件，并把它和主文件放在同一目录`));
      return;
    }
    const url = new URL(file, loader.src);
    // A version query on the main file (…/gjj-loan-calculator.js?v=2) applies to its companions as well.
    url.search = new URL(loader.src).search;
    let parts: Parts | undefined;
    let mismatch = '';
    const hook: CompanionHook<Parts, Shared> = {
      shared,
      register: (version, registered) => {
        if (version === WIDGETS_VERSION) parts = registered;
        else mismatch = `的版本 ${version} 与主文件的版本 ${WIDGETS_VERSION} 不一致，请同时更新两个文件`;
      },
    };
    const globals = window as unknown as Record<string, CompanionHook<Parts, Shared> | undefined>;
    globals[hookName] = hook;
    const script = document.createElement('script');
    script.src = url.href;
    if (loader.nonce) script.nonce = loader.nonce;
    const settle = (error?: string) => {
      script.remove();
      if (globals[hookName] === hook) delete globals[hookName];
      if (parts) resolve(parts);
      else reject(new Error(`[gjj] ${url.href} ${error ?? (mismatch || `不是 ${file}`)}`));
    };
    // `load` fires once the script has run (and registered), `error` when it could not be fetched or was refused.
    script.onload = () => settle();
    script.onerror = () => settle('无法加载：请检查网络，并确认它和主文件在同一目录');
    document.head.append(script);
  });
}
