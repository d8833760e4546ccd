// A government platform's page (政务服务网) on its own origin that embeds the hall's electronic-archive collection
// with <gjj-archive-collector> and the letter's <gjj-qr-signing> (issue 22). Its server serves the page and the
// elements' script-tag file (gjj-widgets.js), and, for the
// demonstration only, signs the demo citizen in at the hall server to server and opens a draft application there.
// A real platform has the hall's token from single sign-on (docs/api-sso.md) and the application from the business
// it is handling; nothing else of this server is needed.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountLogin } from '@gjj-hall/sdk/auth';
import { createClient } from '@gjj-hall/sdk';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';

const here = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);
const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.svg': 'image/svg+xml' };
const BUNDLE = 'gjj-widgets.js';
const bundlePath = () => join(require.resolve('@gjj-hall/widgets/package.json'), '..', 'dist', 'standalone', BUNDLE);

/** The demo citizen (the reference server's seed; examples only). */
export const DEMO_ACCOUNT = { account: '110101199003072316', name: '张三', password: 'Gjj@2026' };

/**
 * The page's policy: its own scripts and styles, frames from the hall only, and calls to the hall (the signing panel
 * asks for its QR and polls the status; the QR picture arrives as a data: URL). The hall, for its part, must list this
 * page's origin in HALL_FRAME_ANCESTORS, or the browser refuses to show it in the frame.
 */
export const csp = (hall) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `frame-src ${hall}`,
    `connect-src 'self' ${hall}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/** Signs the demo citizen in at the hall (development server: the captcha's answer from its dev outbox). */
async function demoSignIn(hall) {
  const client = createClient({ baseURL: hall, client: 'pc' });
  const { data: captcha } = await client.get('/api/auth/v1/getImgCode');
  const outbox = await fetch(new URL(`/dev/outbox?kind=captcha&to=${encodeURIComponent(captcha.uuid)}`, hall)).then((r) => r.json());
  const code = outbox.data.find((e) => e.to === captcha.uuid)?.code;
  if (!code) throw new Error('开发用发件箱中没有验证码（大厅服务端需以开发模式运行：GJJ_DEV_ROUTES=1）');
  const { token } = await accountLogin(
    client,
    { loginType: 1, username: DEMO_ACCOUNT.account, password: DEMO_ACCOUNT.password, code, uuid: captcha.uuid },
    { encrypt: sm2Encrypt },
  );
  const signed = createClient({ baseURL: hall, client: 'pc', getToken: () => token });
  // A login keeps one draft of a business (the hall's rule): the demo starts each sign-in from an empty one, so the
  // draft an earlier sign-in left, with its files, is deleted first.
  const save = () => signed.post('/api/izfgjj-zhfw/v1/ywsq/saveDraft', { ywlx: 'GJ0302', payload: { zjhm: '110105199506205112', hyzk: '20', txdz: '示范市示例路 1 号' } });
  await signed.post('/api/izfgjj-zhfw/v1/ywsq/deleteDraft', { ywbh: (await save()).data.ywbh });
  const { data: draft } = await save();
  return { token, ywbh: draft.ywbh, name: DEMO_ACCOUNT.name };
}

/**
 * Creates the platform's server; `listen` it yourself. `hall` is the hall's origin (the reference server in
 * development), which serves both the archive page and the API.
 */
export function createArchiveHostServer({ hall = process.env.GJJ_HALL ?? 'http://127.0.0.1:8080' } = {}) {
  const hallOrigin = new URL(hall).origin;
  const policy = csp(hallOrigin);
  return createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (status, type, body) => {
      res.writeHead(status, { 'content-type': type, 'content-security-policy': policy, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      res.end(body);
    };
    if (path === '/demo/sign-in' && req.method === 'POST') {
      // Same-origin only: another site's form cannot make this page sign in.
      if (req.headers.origin && req.headers.origin !== `http://${req.headers.host}`) return send(403, TYPES['.js'], '{}');
      demoSignIn(hallOrigin).then(
        (session) => send(200, 'application/json; charset=utf-8', JSON.stringify(session)),
        (error) => send(502, 'application/json; charset=utf-8', JSON.stringify({ msg: `演示登录失败：${error.message}` })),
      );
      return;
    }
    const file = path === '/' ? 'index.html' : normalize(path).replace(/^[/\\]+/, '');
    try {
      if (file === `vendor/${BUNDLE}`) return send(200, TYPES['.js'], readFileSync(bundlePath()));
      let body = readFileSync(join(here, 'public', file));
      // The hall's origin reaches the page's script through the markup (no inline script under this policy).
      if (file === 'index.html') body = body.toString('utf8').replace('%HALL_ORIGIN%', hallOrigin);
      send(200, TYPES[extname(file)] ?? 'application/octet-stream', body);
    } catch {
      send(404, 'text/plain; charset=utf-8', '未找到');
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8093);
  createArchiveHostServer().listen(port, '127.0.0.1', () => {
    console.log(`政务平台示例（电子档案嵌入）：http://127.0.0.1:${port}/ （大厅须以 HALL_FRAME_ANCESTORS=http://127.0.0.1:${port} 启动）`);
  });
}
