// What the script-tag tests (@web/test-runner, see web-test-runner.config.mjs) share: a partner's page opened in a
// frame, served by the config's middleware with its policy, and a few assertions. Nothing here knows how the elements
// are made: the tests hold whatever makes them (r2wc since issue 19, a hand-written wrapper before).

/** The reference server's origin (another origin than the pages'). */
export const apiBase: string = await fetch('/host/api')
  .then((r) => r.json() as Promise<{ apiBase: string }>)
  .then((r) => r.apiBase);

/** The policy a partner's page sets: nothing inline, scripts and styles from itself only, calls to itself and our server. */
export const strictCsp = (): string =>
  `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ${apiBase}`;

type HostWindow = Window & typeof globalThis & { gjjProblems: string[] };

export interface HostPage {
  window: HostWindow;
  document: Document;
  /** What the page has reported so far: uncaught errors, console errors and warnings, CSP violations. */
  problems(): string[];
  /**
   * Adds `<script src="/host/standalone/<file>">` to the page (after it has rendered) and resolves once it has run;
   * `from` and `query` as {@link PageOptions} has them.
   */
  loadScript(file: string, options?: Pick<PageOptions, 'from' | 'query'>): Promise<void>;
}

export interface PageOptions {
  /** The page's content, inside its <main>. */
  body: string;
  /** The script-tag file the page's head loads (`defer`, as the README shows); none to load one later. */
  script?: string;
  /** Where the page's policy is: a response header (default) or a <meta> at the top of its head. */
  csp?: 'header' | 'meta';
  /** A nonce: the policy then allows only scripts that carry it, and the page's own scripts do. */
  nonce?: string;
  /**
   * Where the script-tag file is served from: `standalone` (default) with every built file beside it, `slow` with the
   * calculator's companion files held back until {@link releaseCompanions} (its `query` names the gate: `?gate=…`),
   * `alone` without them.
   */
  from?: 'standalone' | 'slow' | 'alone';
  /** A query on the script's address (`?v=2`). */
  query?: string;
}

const opened: HTMLIFrameElement[] = [];

/**
 * Opens a partner's page: plain HTML with the page watcher, the script-tag file (if given) and the body, served under
 * {@link strictCsp}. Resolves once the page has loaded (its deferred scripts have run). Close it with {@link closePages}.
 *
 * @example
 * const page = await openPage({ script: 'gjj-rate-table.js', body: `<gjj-rate-table api-base="${apiBase}"></gjj-rate-table>` })
 */
export async function openPage({ body, script, csp = 'header', nonce, from = 'standalone', query = '' }: PageOptions): Promise<HostPage> {
  const policy = nonce ? strictCsp().replace("script-src 'self'", `script-src 'nonce-${nonce}'`) : strictCsp();
  const nonced = nonce ? ` nonce="${nonce}"` : '';
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">${csp === 'meta' ? `<meta http-equiv="Content-Security-Policy" content="${policy}">` : ''}
<title>合作方页面</title>
<script src="/host/watch.js"${nonced}></script>
${script ? `<script src="/host/${from}/${script}${query}" defer${nonced}></script>` : ''}
</head><body><main><h1>住房公积金服务</h1>
${body}
</main></body></html>`;
  const { url } = await fetch('/host/pages', { method: 'POST', body: JSON.stringify({ html, csp: csp === 'header' ? policy : null }) }).then(
    (r) => r.json() as Promise<{ url: string }>,
  );
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 1000px; height: 800px; border: 0';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = url;
  document.body.append(frame);
  opened.push(frame);
  await loaded;
  const win = frame.contentWindow as HostWindow;
  const doc = win.document;
  return {
    window: win,
    document: doc,
    problems: () => [...win.gjjProblems],
    loadScript: (file, options = {}) =>
      new Promise((resolve, reject) => {
        const tag = doc.createElement('script');
        tag.src = `/host/${options.from ?? 'standalone'}/${file}${options.query ?? ''}`;
        tag.onload = () => resolve();
        tag.onerror = () => reject(new Error(`${file} 未能加载`));
        doc.head.append(tag);
      }),
  };
}

interface Axe {
  run(context: Document, options: { resultTypes: string[] }): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }> }>;
}

/**
 * axe-core's violations on the whole page (every rule it runs by default, landmark-unique among them), readable; axe
 * is added to the page as one more script from its own origin, as its policy allows.
 */
export async function axeViolations(page: HostPage): Promise<string[]> {
  const win = page.window as unknown as { axe?: Axe };
  if (!win.axe) {
    await new Promise<void>((resolve, reject) => {
      const tag = page.document.createElement('script');
      tag.src = '/host/axe.js';
      tag.onload = () => resolve();
      tag.onerror = () => reject(new Error('axe-core 未能加载'));
      page.document.head.append(tag);
    });
  }
  const result = await (win.axe as Axe).run(page.document, { resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Removes every page opened so far. */
export function closePages(): void {
  for (const frame of opened.splice(0)) frame.remove();
}

/** Fails with `message` unless `condition` holds. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Fails unless `actual` and `expected` are the same JSON. */
export function assertEqual(actual: unknown, expected: unknown, what = 'value'): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

/**
 * Polls `probe` until it returns something truthy (throwing counts as not yet) and returns that; fails after
 * `timeout` ms with `message` (or what it returns then) and the probe's last error.
 *
 * @example
 * const table = await waitFor(() => el.shadowRoot?.querySelector('table'), 'the table')
 */
export async function waitFor<T>(probe: () => T, message: string | (() => string), timeout = 8000): Promise<NonNullable<T>> {
  const until = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = probe();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until) {
      const what = typeof message === 'string' ? message : message();
      throw new Error(`timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits `ms` milliseconds. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The element's shadow root (open), or a failure. */
export function shadow(el: Element): ShadowRoot {
  assert(el.shadowRoot, `<${el.localName}> has no open shadow root`);
  return el.shadowRoot;
}

/** The text the element shows, whitespace collapsed. */
export const shownText = (el: Element): string => (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A label's text as it is read out: without what is aria-hidden (a required field's asterisk). */
const labelText = (label: HTMLLabelElement) =>
  [...label.childNodes]
    .filter((n) => !(n.nodeType === Node.ELEMENT_NODE && (n as Element).getAttribute('aria-hidden') === 'true'))
    .map((n) => n.textContent)
    .join('')
    .trim();

/** The form control labelled `label` (its text starts with it) inside the element's shadow root. */
export function control<T extends HTMLElement = HTMLInputElement>(el: Element, label: string): T {
  const found = [...shadow(el).querySelectorAll('label')].find((l) => labelText(l).startsWith(label));
  assert(found?.control, `no control labelled ${label} in <${el.localName}>`);
  return found.control as unknown as T;
}

/**
 * Types into an input or picks in a select, as the person would: the value, then `input` and `change` events, then a
 * moment for the widget to take it (a person's next click never comes in the same task).
 */
export async function fill(input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string): Promise<void> {
  const realm = input.ownerDocument.defaultView as Window & typeof globalThis;
  input.value = value;
  input.dispatchEvent(new realm.Event('input', { bubbles: true }));
  input.dispatchEvent(new realm.Event('change', { bubbles: true }));
  await pause(50);
}

/** The button with this text inside the element's shadow root. */
export function button(el: Element, text: string | RegExp): HTMLButtonElement {
  const found = [...shadow(el).querySelectorAll('button')].find((b) =>
    typeof text === 'string' ? (b.textContent ?? '').trim() === text : text.test(b.textContent ?? ''),
  );
  assert(found, `no button ${String(text)} in <${el.localName}>`);
  return found;
}

/** The next `name` event on the page's document (they bubble and are composed), with its detail. */
export function nextEvent<T = unknown>(page: HostPage, name: string, timeout = 8000): Promise<CustomEvent<T>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} event within ${timeout} ms`)), timeout);
    page.document.addEventListener(
      name,
      (e) => {
        clearTimeout(timer);
        resolve(e as CustomEvent<T>);
      },
      { once: true },
    );
  });
}

/** A value made in the page's own realm (an array the page's code would have written), from JSON. */
export const inPage = <T>(page: HostPage, value: T): T => page.window.JSON.parse(JSON.stringify(value)) as T;

/** Lets the companion files held back for `gate` (served from `slow`) through, now and from now on. */
export async function releaseCompanions(gate: string): Promise<void> {
  await fetch(`/host/release?gate=${encodeURIComponent(gate)}`, { method: 'POST' });
}
