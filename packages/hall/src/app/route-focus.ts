/** How long a new page may take (its chunk, its first call) to show its heading before focus goes to `<main>`. */
export const HEADING_WAIT_MS = 5_000;

const visible = (el: Element) => el instanceof HTMLElement && el.getClientRects().length > 0 && !el.closest('[hidden]');

/** The page's main heading on screen: the first visible `h1` in `<main>` (cached pages stay mounted, hidden). */
export function visibleHeading(root: ParentNode = document): HTMLElement | null {
  const main = root.querySelector('main') ?? root;
  return ([...main.querySelectorAll('h1')].find(visible) as HTMLElement | undefined) ?? null;
}

/**
 * After a route change, moves focus to the new page's main heading (`h1`, made focusable with tabindex -1), so a
 * keyboard or screen-reader user starts at the page and hears its name. The heading may come later (a lazy page, a
 * page that loads first): it is waited for, up to `waitMs`, and must not be the heading that was on screen when the
 * navigation began (or must have new text). If the user moves focus meanwhile (a dialog, a click into a field) nothing is done. Without a
 * heading in time, `<main>` gets focus and `announce` is called with the document's title (a polite live region).
 * `previousText` is the old heading's text when it was taken earlier. Returns a function that cancels the wait.
 *
 * @example
 * const cancel = focusPageHeading(visibleHeading(), { announce: (t) => (region.textContent = t) })
 */
export function focusPageHeading(
  previous: HTMLElement | null,
  options: { waitMs?: number; previousText?: string | null; announce?: (title: string) => void } = {},
): () => void {
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', onFocusIn, true);
  };
  const onFocusIn = () => stop();
  const focus = (el: HTMLElement) => {
    stop();
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
  };
  // A page of the same component may keep the element and change its text (one menu screen to another).
  const previousText = options.previousText !== undefined ? options.previousText : (previous?.textContent ?? null);
  const tryHeading = () => {
    if (done) return;
    const heading = visibleHeading();
    if (heading && (heading !== previous || heading.textContent !== previousText)) focus(heading);
  };

  document.addEventListener('focusin', onFocusIn, true);
  const observer = new MutationObserver(tryHeading);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['hidden'] });
  const timer = setTimeout(() => {
    if (done) return;
    const main = document.querySelector<HTMLElement>('main');
    if (main) focus(main);
    else stop();
    options.announce?.(document.title);
  }, options.waitMs ?? HEADING_WAIT_MS);
  tryHeading();
  return stop;
}
