import { atom } from 'nanostores';

/** Where the large-cursor choice is kept, as the care-mode choice is (shared/care-mode.ts): this browser, every tab. */
export const LARGE_CURSOR_KEY = 'gjj-large-cursor';

const storage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/**
 * 大鼠标 (MIIT 适老化, on a computer): a large pointer, offered among the care-mode controls. It shows while care mode
 * is on (`html[data-care][data-large-cursor]`, app/shell/care-mode.css) and is remembered like care mode.
 *
 * @example
 * setLargeCursor(!$largeCursor.get())
 */
export const $largeCursor = atom<boolean>(storage()?.getItem(LARGE_CURSOR_KEY) === '1');

export function setLargeCursor(on: boolean): void {
  $largeCursor.set(on);
  try {
    if (on) storage()?.setItem(LARGE_CURSOR_KEY, '1');
    else storage()?.removeItem(LARGE_CURSOR_KEY);
  } catch {
    // storage blocked: for this page only
  }
}

if (typeof document !== 'undefined') {
  $largeCursor.subscribe((on) => document.documentElement.toggleAttribute('data-large-cursor', on));
  window.addEventListener('storage', (event) => {
    if (event.key === LARGE_CURSOR_KEY) $largeCursor.set(event.newValue === '1');
  });
}

/** The browser's Chinese (mainland) voice for read-aloud, or undefined where it has none. */
export function chineseVoice(): SpeechSynthesisVoice | undefined {
  if (typeof speechSynthesis === 'undefined') return undefined;
  return speechSynthesis.getVoices().find((voice) => /^zh[-_]CN/i.test(voice.lang));
}

/** The text to read: what is selected, else what had focus (its label, value or text). */
export function textToRead(lastFocused: Element | null): string {
  const selected = typeof getSelection === 'undefined' ? '' : (getSelection()?.toString() ?? '');
  if (selected.trim()) return selected.trim();
  if (!(lastFocused instanceof HTMLElement) || lastFocused === document.body) return '';
  const label = lastFocused.getAttribute('aria-label');
  const field = lastFocused as HTMLInputElement;
  const labels = 'labels' in field && field.labels ? [...field.labels].map((l) => l.innerText).join(' ') : '';
  const value = 'value' in field && typeof field.value === 'string' && field.type !== 'password' ? field.value : '';
  return [label ?? '', labels, value, label ? '' : lastFocused.innerText].filter((t) => t.trim()).join('，').trim();
}
