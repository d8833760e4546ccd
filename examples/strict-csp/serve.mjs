// The host's web server, standing in for whatever a portal runs (nginx, a gateway): it serves this folder and the
// all-elements script-tag bundle of @gjj-hall/widgets under one strict policy, and passes /api/ on to the fund
// centre, so that the page talks to its own origin only and its CSP needs no exception at all.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);

/** The policy of every page and file, exactly as issue 8 names it: nothing inline, nothing from elsewhere. */
export const CSP = "default-src 'self'; script-src 'self'; style-src 'self'";
// The all-elements bundle, and the calculator's engine and extras files it loads from beside itself.
const BUNDLES = ['gjj-widgets.js', 'gjj-loan-calculator.engine.js', 'gjj-loan-calculator.extras.js'];
const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.svg': 'image/svg+xml' };
// What the widgets send and what the centre answers that matters to them; nothing else crosses the proxy.
const REQUEST_HEADERS = ['content-type', 'accept', 'client', 'jproject', 'token', 'idempotency-key'];
// Not content-length: fetch hands over the body decompressed, so the centre's (compressed) length would cut it short.
const RESPONSE_HEADERS = ['content-type', 'content-disposition', 'token', 'cache-control'];

const bundlePath = (name) => join(require.resolve('@gjj-hall/widgets/package.json'), '..', 'dist', 'standalone', name);

async function proxy(req, res, centre) {
  const headers = {};
  for (const name of REQUEST_HEADERS) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
  try {
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Readable.toWeb(req);
    const answer = await fetch(new URL(req.url, centre), { method: req.method, headers, body, duplex: 'half', redirect: 'manual' });
    const out = {};
    for (const name of RESPONSE_HEADERS) if (answer.headers.has(name)) out[name] = answer.headers.get(name);
    res.writeHead(answer.status, out);
    if (answer.body) Readable.fromWeb(answer.body).pipe(res);
    else res.end();
  } catch {
    res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ code: 502, msg: '暂时无法连接公积金中心，请稍后再试', data: null }));
  }
}

/**
 * Creates the host's server; `listen` it yourself. `centre` is the fund centre's server (the reference server in
 * development) that /api/ is passed to.
 */
export function createStrictCspServer({ centre = process.env.GJJ_SERVER ?? 'http://127.0.0.1:8080' } = {}) {
  return createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/api/')) return void proxy(req, res, centre);
    const file = path === '/' ? 'index.html' : normalize(path).replace(/^[/\\]+/, '');
    try {
      const bundle = BUNDLES.find((name) => file === `vendor/${name}`);
      const body = readFileSync(bundle ? bundlePath(bundle) : join(here, 'public', file));
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': CSP });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': CSP });
      res.end('未找到');
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8092);
  createStrictCspServer().listen(port, '127.0.0.1', () => console.log(`严格 CSP 示例页面：http://127.0.0.1:${port}/`));
}
