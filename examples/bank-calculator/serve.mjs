// A static server for the bank's page, standing in for whatever web server the bank uses. It serves this folder and
// the calculator's script-tag files from @gjj-hall/widgets (a bank would copy those two files to its own server).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);
// The bundle, and the files it loads from beside itself: the engine while the page is idle (or on the first 计算), the
// combined, prepayment and plan parts when first used.
const BUNDLES = ['gjj-loan-calculator.js', 'gjj-loan-calculator.engine.js', 'gjj-loan-calculator.extras.js'];
const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };
// The centre the page's calculator asks for its latest rates and limits (its api-base): the reference server's address.
const PAGE_CENTRE = 'http://127.0.0.1:8080';
// The bank's own policy: nothing inline, nothing from elsewhere; the calculator computes without a connection and
// only reads the centre's current rates and limits from it.
const csp = (centre) => `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src ${centre}`;

function bundlePath(name, dir) {
  return join(dir ?? join(require.resolve('@gjj-hall/widgets/package.json'), '..', 'dist', 'standalone'), name);
}

/**
 * Creates the server; `listen` it yourself. `standaloneDir`: where the script-tag files are (by default the built
 * package's; the bench passes another build's to compare). `centre`: the centre's origin, written into the page's
 * api-base and the CSP (GJJ_SERVER; by default the reference server's, http://127.0.0.1:8080).
 */
export function createBankServer({ standaloneDir, centre = process.env.GJJ_SERVER ?? PAGE_CENTRE } = {}) {
  const centreOrigin = new URL(centre).origin;
  const CSP = csp(centreOrigin);
  return createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path === '/' ? 'index.html' : normalize(path).replace(/^[/\\]+/, '');
    try {
      const bundle = BUNDLES.find((name) => file === `vendor/${name}`);
      let body = readFileSync(bundle ? bundlePath(bundle, standaloneDir) : join(here, 'public', file));
      if (file === 'index.html') body = body.toString('utf8').replaceAll(PAGE_CENTRE, centreOrigin);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': CSP });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('未找到');
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8090);
  createBankServer().listen(port, '127.0.0.1', () => console.log(`示例银行页面：http://127.0.0.1:${port}/`));
}
