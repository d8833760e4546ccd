import { atom } from 'nanostores';

/** Where the choice is kept: this browser, every tab, across sign-in and sign-out (it is the person's, not the session's). */
export const CARE_MODE_KEY = 'gjj-care-mode';

const storage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage blocked by the browser: the mode still works for this page
  }
};

/**
 * 关怀模式 (care mode, MIIT 适老化): larger type, stronger contrast, larger targets, no message that disappears on
 * its own, no moving text. On, `<html data-care>` switches the `--gjj-*` tokens and the hall's care stylesheet
 * (app/shell/care-mode.css); the toast helper and anything else that times itself out reads `$careMode.get()`.
 *
 * @example
 * if ($careMode.get()) return; // in care mode a message stays until closed
 */
export const $careMode = atom<boolean>(
  storage()?.getItem(CARE_MODE_KEY) === '1' ||
    // A host page's <gjj-archive-collector care> frames /dzda with care=1: on for that page, not remembered.
    (typeof location !== 'undefined' && /[?&]care=1(&|$)/.test(location.hash)),
);

/**
 * Turns care mode on or off and remembers the choice.
 *
 * @example
 * setCareMode(!$careMode.get())
 */
export function setCareMode(on: boolean): void {
  $careMode.set(on);
  try {
    if (on) storage()?.setItem(CARE_MODE_KEY, '1');
    else storage()?.removeItem(CARE_MODE_KEY);
  } catch {
    // quota or privacy mode: the choice lasts for this page only
  }
}

if (typeof document !== 'undefined') {
  // Set at import (main.tsx imports this first), so the first paint is already in the chosen mode: no jump.
  $careMode.subscribe((on) => document.documentElement.toggleAttribute('data-care', on));
  // Another tab switched it: follow.
  window.addEventListener('storage', (event) => {
    if (event.key === CARE_MODE_KEY) $careMode.set(event.newValue === '1');
  });
}
