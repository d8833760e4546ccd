// A simulated government service platform (政务服务网), standing in for the real one in development and tests: a
// citizen signs in here and is sent back to the hall with a one-time authCode and the hall's own `state`
// (docs/api-sso.md). The citizens, their passwords and the codes live in the reference server's simulated platform
// back end (POST /sim/gov/login, development only); this page talks to it server to server.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
// form-action also covers where the form's answer redirects, so the registered hall origins are listed there.
const csp = (returnOrigins) =>
  `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' ${returnOrigins.join(' ')}; base-uri 'none'; frame-ancestors 'none'`;
const STATE = /^[A-Za-z0-9_-]{8,128}$/;

/** The demo citizens, as the page lists them (the reference server's seed, examples only). */
export const DEMO_CITIZENS = [
  { idNumber: '110101199003072316', name: '张三' },
  { idNumber: '320106198506124022', name: '李梅' },
  { idNumber: '440304199208155533', name: '王磊' },
  { idNumber: '110105198803151232', name: '赵六（中心无账户）' },
];
export const DEMO_PASSWORD = 'Gov@2026';

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function page({ title, body, status = 200, origins = [] }, res) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp(origins),
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
  res.end(`<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/platform.css"></head>
<body><header class="bar"><p class="bar__name">示范省政务服务网<span class="bar__tag">模拟</span></p></header>
<main class="card">${body}</main>
<footer class="foot">本页面仅用于开发与测试，模拟政务服务网的统一身份认证，不是真实的政务平台。</footer></body></html>`);
}

function loginForm(res, { state, redirectUri, idNumber = '', message = '', status = 200 }) {
  const citizens = DEMO_CITIZENS.map((c) => `<li><code>${c.idNumber}</code> ${escapeHtml(c.name)}</li>`).join('');
  page(
    {
      title: '统一身份认证 - 示范省政务服务网（模拟）',
      status,
      origins: [new URL(redirectUri).origin],
      body: `<h1>统一身份认证</h1>
<p>登录后将返回“住房公积金网上业务大厅”。</p>
<div class="alert" role="alert">${escapeHtml(message)}</div>
<form method="post" action="/login" class="form">
  <input type="hidden" name="state" value="${escapeHtml(state)}">
  <input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
  <label for="idNumber">身份证号</label>
  <input id="idNumber" name="idNumber" autocomplete="username" inputmode="text" maxlength="18" required value="${escapeHtml(idNumber)}">
  <label for="password">密码</label>
  <input id="password" name="password" type="password" autocomplete="current-password" maxlength="64" required>
  <button type="submit">登录</button>
</form>
<details class="demo"><summary>演示账号（密码均为 ${DEMO_PASSWORD}）</summary><ul>${citizens}</ul></details>`,
    },
    res,
  );
}

function refuse(res, message) {
  page({ title: '无法登录 - 示范省政务服务网（模拟）', status: 400, body: `<h1>无法登录</h1><div class="alert" role="alert">${escapeHtml(message)}</div>` }, res);
}

async function readForm(req) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 8192) throw new Error('too large');
  }
  return new URLSearchParams(body);
}

/**
 * Creates the platform's server; `listen` it yourself.
 * @param {{ centreUrl?: string, returnUrls?: string[] }} options
 *   centreUrl: the reference server (its /sim/gov back end, and by default the hall it serves);
 *   returnUrls: the hall addresses a citizen may be sent back to (default: the centre's /home.html).
 */
export function createGovPlatformServer(options = {}) {
  const centreUrl = (options.centreUrl ?? process.env.GJJ_SERVER ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
  const returnUrls = options.returnUrls ?? [`${centreUrl}/home.html`];

  // Checks what the hall sent: a registered return address (else codes could be sent anywhere) and a state.
  const check = (params, res) => {
    const state = params.get('state') ?? '';
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!returnUrls.includes(redirectUri)) return refuse(res, '返回地址未在本平台登记，无法登录。请从住房公积金网上业务大厅重新发起。'), null;
    if (!STATE.test(state)) return refuse(res, '缺少或无效的 state 参数。请从住房公积金网上业务大厅重新发起。'), null;
    return { state, redirectUri };
  };

  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://platform');
    try {
      if (req.method === 'GET' && url.pathname === '/platform.css') {
        res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' });
        return res.end(readFileSync(join(here, 'public', 'platform.css')));
      }
      if (req.method === 'GET' && url.pathname === '/') {
        const ok = check(url.searchParams, res);
        if (ok) loginForm(res, ok);
        return;
      }
      if (req.method === 'POST' && url.pathname === '/login') {
        const form = await readForm(req);
        const ok = check(form, res);
        if (!ok) return;
        const idNumber = (form.get('idNumber') ?? '').trim().toUpperCase();
        const password = form.get('password') ?? '';
        const answer = await fetch(`${centreUrl}/sim/gov/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ idNumber, password }),
        }).then(
          async (r) => ({ status: r.status, body: await r.json().catch(() => ({})) }),
          () => ({ status: 0, body: {} }),
        );
        if (answer.status !== 200 || !answer.body?.data?.authCode) {
          const message = answer.status === 0 ? '认证服务暂不可用，请稍后再试' : (answer.body?.msg ?? '登录失败，请稍后再试');
          return loginForm(res, { ...ok, idNumber, message, status: answer.status === 0 ? 502 : 200 });
        }
        // The code rides in the fragment: browsers never send it to a server, the hall takes it out at once.
        const back = `${ok.redirectUri}#/zwLogin?${new URLSearchParams({ authCode: answer.body.data.authCode, state: ok.state })}`;
        res.writeHead(303, { location: back, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
        return res.end();
      }
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('未找到');
    } catch {
      if (!res.headersSent) refuse(res, '请求无法处理，请重新发起登录');
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8091);
  createGovPlatformServer().listen(port, '127.0.0.1', () => console.log(`模拟政务服务网：http://127.0.0.1:${port}/`));
}
