import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';

/** The built script-tag files, `packages/widgets/dist/standalone/<name>`. */
export const STANDALONE_DIR = resolve(import.meta.dirname, '../../packages/widgets/dist/standalone');

/** A built script-tag file's bytes (read on each call, so a test sees the build it runs against). */
export const standaloneFile = (name: string): Buffer => readFileSync(resolve(STANDALONE_DIR, name));

/** What a host page answers for one request: a script, a page with its policy, or nothing (404). */
export type HostAnswer = { script: string | Buffer } | { html: string; csp: string } | null;

export interface HostPage {
  /** `http://localhost:<port>`: another origin than the reference server's `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts a partner's page for the script-tag bundles: a plain server on its own origin that answers each request as
 * `answer` says (scripts as JavaScript, pages with their Content-Security-Policy, anything else 404). Close it after.
 *
 * @example
 * const host = await startHostPage((url) => url.pathname === '/gjj-widgets.js' ? { script: standaloneFile('gjj-widgets.js') } : { html, csp })
 */
export async function startHostPage(answer: (url: URL) => HostAnswer): Promise<HostPage> {
  const server: Server = createServer((req, res) => {
    const found = answer(new URL(req.url ?? '/', 'http://x'));
    if (!found) {
      res.writeHead(404);
      return res.end();
    }
    if ('script' in found) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(found.script);
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': found.csp });
    return res.end(found.html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return {
    url: `http://localhost:${typeof address === 'object' && address ? address.port : 0}`,
    // The page that loaded from it may still hold a connection open (the headless shell keeps one): closed too, or
    // close() would wait for it until the test times out.
    close: () =>
      new Promise<void>((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeAllConnections();
      }),
  };
}
