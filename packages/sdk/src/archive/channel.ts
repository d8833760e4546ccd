// Both ends of the archive frame protocol. Each checks `event.origin` against one configured origin exactly and
// `event.source` against the one window it talks to, then validates the data; whatever fails is ignored and reported
// to the console once per kind, so a noisy page cannot flood the console nor slip anything through.
import type {
  ArchiveHostMessage,
  ArchiveHostPayloads,
  ArchivePageMessage,
  ArchivePagePayloads,
  ArchiveParseResult} from './protocol';
import {
  archiveEnvelope,
  isExactOrigin,
  parseHostMessage,
  parsePageMessage,
} from './protocol';

/** The part of a window the channels use (a real `Window` fits). */
export interface ArchiveWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
/** Where messages are posted (a real `Window` fits). */
export interface ArchiveTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** Called with why a message was ignored; the default writes `console.warn` once per reason. */
export type ArchiveRejectHandler = (reason: string, event: MessageEvent) => void;

function onceReporter(side: string): ArchiveRejectHandler {
  const seen = new Set<string>();
  return (reason) => {
    const kind = reason.replace(/ \(.*\)$| \S+$/, '');
    if (seen.has(kind)) return;
    seen.add(kind);
    console.warn(`[gjj-archive] ${side} ignored a message: ${reason}`);
  };
}

function listen<M>(
  win: ArchiveWindow,
  origin: () => string,
  source: () => unknown,
  parse: (data: unknown) => ArchiveParseResult<M>,
  onReject: ArchiveRejectHandler,
  onMessage: (message: M) => void,
): () => void {
  const listener = (event: MessageEvent) => {
    // Other scripts on the page (extensions, analytics) post too: only our envelope is worth a report.
    const ours = typeof event.data === 'object' && event.data !== null && (event.data as { source?: unknown }).source === 'gjj-archive';
    if (event.origin !== origin()) {
      if (ours) onReject(`foreign origin (${event.origin})`, event);
      return;
    }
    const expected = source();
    if (!expected || event.source !== expected) {
      if (ours) onReject('wrong source window', event);
      return;
    }
    const result = parse(event.data);
    if (!result.ok) {
      if (ours) onReject(result.reason, event);
      return;
    }
    onMessage(result.message);
  };
  win.addEventListener('message', listener);
  return () => win.removeEventListener('message', listener);
}

/** Options of {@link createArchiveHost}. */
export interface ArchiveHostOptions {
  /** The iframe showing the archive page (its `contentWindow` is the only accepted source). */
  frame: { readonly contentWindow: ArchiveTarget | null };
  /** The hall's exact origin, e.g. `https://hall.example.gov.cn`. */
  origin: string;
  /** Every accepted message from the page. */
  onMessage: (message: ArchivePageMessage) => void;
  /** Why a message was ignored (default: `console.warn`, once per kind). */
  onReject?: ArchiveRejectHandler;
  /** The host's window (default: `window`). */
  window?: ArchiveWindow;
}

/** The host's end: send `init`, stop listening. */
export interface ArchiveHost {
  /** Sends the token and the application to the page, to its exact origin only. */
  init(payload: ArchiveHostPayloads['init']): void;
  /** Stops listening. */
  destroy(): void;
}

/**
 * The host's end of the protocol: listens for the archive page's messages from `origin` and the frame's window only.
 * @example
 * const host = createArchiveHost({
 *   frame, origin: 'https://hall.example.gov.cn',
 *   onMessage(m) { if (m.type === 'ready') host.init({ token, ywbh }); },
 * });
 */
export function createArchiveHost(options: ArchiveHostOptions): ArchiveHost {
  if (!isExactOrigin(options.origin)) throw new TypeError(`gjj-archive: origin must be an exact origin, not ${String(options.origin)}`);
  const { frame, origin } = options;
  const win = options.window ?? (window as ArchiveWindow);
  const stop = listen<ArchivePageMessage>(
    win,
    () => origin,
    () => frame.contentWindow,
    parsePageMessage,
    options.onReject ?? onceReporter('host'),
    options.onMessage,
  );
  return {
    init(payload) {
      frame.contentWindow?.postMessage(archiveEnvelope('init', { token: payload.token, ywbh: payload.ywbh }), origin);
    },
    destroy: stop,
  };
}

/** Options of {@link createArchivePage}. */
export interface ArchivePageOptions {
  /** The host's exact origin (the page reads it from its address, `?origin=`). */
  hostOrigin: string;
  /** The accepted `init`. */
  onInit: (payload: ArchiveHostPayloads['init']) => void;
  /** Why a message was ignored (default: `console.warn`, once per kind). */
  onReject?: ArchiveRejectHandler;
  /** The page's window (default: `window`). */
  window?: ArchiveWindow;
  /** The host's window (default: `window.parent`). */
  parent?: ArchiveTarget;
}

/** The page's end: post to the host, stop listening. */
export interface ArchivePage {
  /** Posts one message to the host, to its exact origin only. */
  post<K extends keyof ArchivePagePayloads>(type: K, payload: ArchivePagePayloads[K]): void;
  /** Stops listening. */
  destroy(): void;
}

/**
 * The archive page's end of the protocol: accepts `init` from `hostOrigin` and the parent window only, and posts
 * `ready` at once.
 * @example
 * const page = createArchivePage({ hostOrigin, onInit: ({ token, ywbh }) => start(token, ywbh) });
 * page.post('resize', { height: document.documentElement.scrollHeight });
 */
export function createArchivePage(options: ArchivePageOptions): ArchivePage {
  if (!isExactOrigin(options.hostOrigin)) {
    throw new TypeError(`gjj-archive: hostOrigin must be an exact origin, not ${String(options.hostOrigin)}`);
  }
  const { hostOrigin } = options;
  const win = options.window ?? (window as ArchiveWindow);
  const parent = options.parent ?? (window.parent as ArchiveTarget);
  let initialised = false;
  const stop = listen<ArchiveHostMessage>(
    win,
    () => hostOrigin,
    () => parent,
    parseHostMessage,
    options.onReject ?? onceReporter('page'),
    (message) => {
      // One init per page: a second (a replay, or a script racing the host) could swap the session under the user.
      if (initialised) return;
      initialised = true;
      options.onInit(message.payload);
    },
  );
  const page: ArchivePage = {
    post(type, payload) {
      parent.postMessage(archiveEnvelope(type, payload), hostOrigin);
    },
    destroy: stop,
  };
  page.post('ready', {});
  return page;
}
