// A simulated government service platform (政务服务网), standing in for the real one in development and tests. A
// citizen signs in here and (docs/api-sso.md)
// - comes back to the hall with a one-time authCode and the hall's own `state` when the hall sent them (the hall's
//   login page link), or
// - opens the whole hall from the platform's home page, in a new tab or in a frame of the platform's page: the hall
//   starts the same sign-in, and the platform, already signed in, sends the code back at once without the form.
// The citizens, their passwords, the platform's sessions and the codes live in the reference server's simulated
// platform back end (POST /sim/gov/…, development only); this page talks to it server to server and keeps only the
// back end's opaque session token, in an HttpOnly cookie. As OpenID Connect does, a code is issued only to a
// registered client for one of its exact return addresses and a PKCE challenge (S256), and is bound to all three: the
// hall's server must present the same client id and address and the verifier to redeem it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const STATE = /^[A-Za-z0-9_-]{8,128}$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** A PKCE S256 challenge: base64url of a SHA-256, 43 characters (RFC 7636). */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** The hall's client id at this platform unless told otherwise (the reference server's GOV_CLIENT_ID default). */
export const HALL_CLIENT_ID = 'gjj-hall';
/** The platform's session cookie: HttpOnly, SameSite=Lax, 30 minutes like the back end's session. */
export const SESSION_COOKIE = 'zwfw_session';
const SESSION_SECONDS = 30 * 60;
/** What the platform calls the hall it opens. */
export const HALL_NAME = '住房公积金网上业务大厅';

/**
 * The pages' policy: nothing but the platform's own stylesheet. form-action also covers where a form's answer
 * redirects, so the registered hall origins are listed there. Only /hall may frame anything: the hall (`frameSrc`)
 * and the platform itself, as frame-src governs every navigation inside the frame and the framed hall signs in
 * through the platform's own address (`/?state=…`, answered with a 303 back to the hall).
 * frame-ancestors 'self': when the platform's session has ended, its sign-in form may show inside the platform's own
 * /hall page (the framed hall went there to sign in); no other site may frame the platform.
 */
const csp = ({ formTargets = [], frameSrc = '' }) =>
  [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action 'self'${formTargets.map((o) => ` ${o}`).join('')}`,
    ...(frameSrc ? [`frame-src 'self' ${frameSrc}`] : []),
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join('; ');

/** The demo citizens, as the page lists them (the reference server's seed, examples only). */
export const DEMO_CITIZENS = [
  { idNumber: '110101199003072316', name: '张三' },
  { idNumber: '320106198506124022', name: '李梅' },
  { idNumber: '440304199208155533', name: '王磊' },
  { idNumber: '110105198803151232', name: '赵六（中心无账户）' },
  { idNumber: '370783199001010045', name: '冯雪（中心无账户，可核验身份后注册）' },
  { idNumber: '420106198907203155', name: '褚伟（中心无账户，可核验身份后注册）' },
  { idNumber: '370102199403152213', name: '蒋青（中心有未核验账号，登录即关闭它）' },
];
export const DEMO_PASSWORD = 'Gov@2026';

/** The page's own files. */
const ASSETS = {
  '/platform.css': { file: 'platform.css', type: 'text/css; charset=utf-8' },
  '/favicon.svg': { file: 'favicon.svg', type: 'image/svg+xml' },
};

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function page({ title, body, status = 200, formTargets = [], frameSrc = '', wide = false, headers = {} }, res) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp({ formTargets, frameSrc }),
    'cache-control': 'no-store',
    // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the page's own form post,
    // and the origin check below could not tell it from a foreign one. Other sites still get no Referer.
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(`<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/platform.css"></head>
<body${wide ? ' class="wide"' : ''}><header class="bar"><p class="bar__name">示范省政务服务网<span class="bar__tag">模拟</span></p></header>
<main class="${wide ? 'frame-page' : 'card'}">${body}</main>
${wide ? '' : '<footer class="foot">本页面仅用于开发与测试，模拟政务服务网的统一身份认证，不是真实的政务平台。</footer>'}</body></html>`);
}

/**
 * The sign-in form: for the hall that sent the citizen (`back` = its authorization request: state, return address,
 * client id and PKCE challenge, kept in hidden fields), or on the platform's own home page (no `back`).
 */
function loginForm(res, { back = null, idNumber = '', message = '', status = 200, headers = {} }) {
  const citizens = DEMO_CITIZENS.map((c) => `<li><code>${c.idNumber}</code> ${escapeHtml(c.name)}</li>`).join('');
  const hidden = back
    ? `<input type="hidden" name="state" value="${escapeHtml(back.state)}">
  <input type="hidden" name="redirect_uri" value="${escapeHtml(back.redirectUri)}">
  <input type="hidden" name="client_id" value="${escapeHtml(back.clientId)}">
  <input type="hidden" name="response_type" value="code">
  <input type="hidden" name="code_challenge" value="${escapeHtml(back.codeChallenge)}">
  <input type="hidden" name="code_challenge_method" value="S256">`
    : '';
  page(
    {
      title: back ? '统一身份认证 - 示范省政务服务网（模拟）' : '登录 - 示范省政务服务网（模拟）',
      status,
      headers,
      formTargets: back ? [new URL(back.redirectUri).origin] : [],
      body: `<h1>统一身份认证</h1>
<p>${back ? `登录后将返回“${HALL_NAME}”。` : `登录后可办理本平台接入的服务，包括“${HALL_NAME}”。`}</p>
<div class="alert" role="alert">${escapeHtml(message)}</div>
<form method="post" action="/login" class="form">
  ${hidden}
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

function refuse(res, message, status = 400) {
  page({ title: '无法登录 - 示范省政务服务网（模拟）', status, body: `<h1>无法登录</h1><div class="alert" role="alert">${escapeHtml(message)}</div>` }, res);
}

async function readForm(req) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 8192) throw new Error('too large');
  }
  return new URLSearchParams(body);
}

/** The platform's session token from the request's cookie, when it looks like one. */
function sessionToken(req) {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) {
      const token = value.join('=');
      return TOKEN.test(token) ? token : null;
    }
  }
  return null;
}

/**
 * Creates the platform's server; `listen` it yourself.
 * @param {{ centreUrl?: string, returnUrls?: string[], clients?: Record<string, string[]>, hallUrl?: string, secureCookie?: boolean, publicOrigin?: string }} options
 *   centreUrl: the reference server (its /sim/gov back end, and by default the hall it serves);
 *   returnUrls: the hall addresses a citizen may be sent back to (default: the centre's /home.html), registered for
 *     the client id `gjj-hall`;
 *   clients: the services registered here, each client id with its exact return addresses (default: `gjj-hall` with
 *     `returnUrls`); a code is issued only for a registered client and one of its addresses, and is bound to both;
 *   hallUrl: the hall the home page opens (default: the first return address of the first client);
 *   secureCookie: mark the session cookie Secure (the platform served over https). @default false
 *   publicOrigin: this platform's own origin as browsers see it, for the check of a posted form's `Origin`
 *     (default: from the request's Host, `https` with secureCookie); set it behind a proxy that changes the Host.
 */
export function createGovPlatformServer(options = {}) {
  const centreUrl = (options.centreUrl ?? process.env.GJJ_SERVER ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
  const returnUrls = options.returnUrls ?? [`${centreUrl}/home.html`];
  const clients = options.clients ?? { [HALL_CLIENT_ID]: returnUrls };
  const hallUrl = options.hallUrl ?? Object.values(clients)[0]?.[0] ?? returnUrls[0];
  // The hall opened by the platform: /zwLogin without authCode and state starts single sign-on (docs/api-sso.md).
  const hallEntry = `${hallUrl}#/zwLogin`;
  const hallOrigin = new URL(hallUrl).origin;
  const secure = options.secureCookie ? '; Secure' : '';
  const setSession = (token) => ({ 'set-cookie': `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_SECONDS}${secure}` });
  const clearSession = { 'set-cookie': `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}` };

  /** Asks the platform's back end (server to server); status 0 when it cannot be reached. */
  const backEnd = (call, body) =>
    fetch(`${centreUrl}/sim/gov/${call}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      async (r) => ({ status: r.status, body: await r.json().catch(() => ({})) }),
      () => ({ status: 0, body: {} }),
    );
  const unavailable = '认证服务暂不可用，请稍后再试';

  // Checks what the hall sent, as an OpenID Connect authorization request: a registered client and one of its exact
  // return addresses (else codes could be sent anywhere), a state, and a PKCE challenge (S256 only). The code will be
  // bound to the client, the address and the challenge.
  const check = (params, res) => {
    const state = params.get('state') ?? '';
    const redirectUri = params.get('redirect_uri') ?? '';
    const clientId = params.get('client_id') ?? '';
    const codeChallenge = params.get('code_challenge') ?? '';
    const again = '请从住房公积金网上业务大厅重新发起。';
    const registered = Object.hasOwn(clients, clientId) ? clients[clientId] : null;
    if (!registered) return refuse(res, `接入服务（client_id）未在本平台登记，无法登录。${again}`), null;
    if (!registered.includes(redirectUri)) return refuse(res, `返回地址未在本平台登记，无法登录。${again}`), null;
    if (!STATE.test(state)) return refuse(res, `缺少或无效的 state 参数。${again}`), null;
    if ((params.get('response_type') ?? 'code') !== 'code') return refuse(res, `不支持的 response_type，只能是 code。${again}`), null;
    if (!CHALLENGE.test(codeChallenge) || params.get('code_challenge_method') !== 'S256') {
      return refuse(res, `缺少或无效的 PKCE 校验值（code_challenge，方式须为 S256）。${again}`), null;
    }
    return { state, redirectUri, clientId, codeChallenge };
  };
  /** What a code is issued for, as the back end takes it. */
  const binding = (back) => ({ clientId: back.clientId, redirectUri: back.redirectUri, codeChallenge: back.codeChallenge, codeChallengeMethod: 'S256' });
  /** This platform's own origin, for a posted form's Origin. */
  const ownOrigin = (req) => options.publicOrigin ?? `${options.secureCookie ? 'https' : 'http'}://${req.headers.host ?? ''}`;

  const seeOther = (res, location, headers = {}) => {
    res.writeHead(303, { location, 'cache-control': 'no-store', ...headers });
    res.end();
  };
  /** 303 back to the hall with the code and the hall's state, in the fragment: browsers never send it to a server. */
  const sendBack = (res, back, authCode, headers = {}) =>
    seeOther(res, `${back.redirectUri}#/zwLogin?${new URLSearchParams({ authCode, state: back.state })}`, {
      'referrer-policy': 'no-referrer',
      ...headers,
    });

  /** The citizen of the request's platform session: { name }, 'none' (no, expired or ended session) or 'down'. */
  const whoIsSignedIn = async (req) => {
    const token = sessionToken(req);
    if (!token) return 'none';
    const answer = await backEnd('session', { sessionToken: token });
    if (answer.status === 200 && answer.body?.data?.name) return { name: answer.body.data.name };
    return answer.status === 0 ? 'down' : 'none';
  };

  const home = (res, citizen) =>
    page(
      {
        title: '首页 - 示范省政务服务网（模拟）',
        body: `<h1>您好，${escapeHtml(citizen.name)}</h1>
<p>您已登录示范省政务服务网，以下服务无需再次登录。</p>
<section class="service" aria-labelledby="service-hall">
  <h2 id="service-hall">${HALL_NAME}</h2>
  <p>住房公积金查询、提取、贷款等业务。</p>
  <ul class="ways">
    <li><a class="way" href="${escapeHtml(hallEntry)}" target="_blank" rel="noopener">在新标签页打开</a></li>
    <li><a class="way" href="/hall">在本页打开</a></li>
  </ul>
</section>
<form method="post" action="/logout" class="logout"><button type="submit">退出</button></form>`,
      },
      res,
    );

  const hallPage = (res, citizen) =>
    page(
      {
        title: `${HALL_NAME} - 示范省政务服务网（模拟）`,
        wide: true,
        frameSrc: hallOrigin,
        body: `<nav class="frame-bar" aria-label="平台导航"><a href="/">返回平台首页</a><span class="frame-bar__who">已登录：${escapeHtml(citizen.name)}</span>
<form method="post" action="/logout"><button type="submit">退出</button></form></nav>
<h1 class="visually-hidden">${HALL_NAME}</h1>
<iframe class="hall-frame" title="${HALL_NAME}" src="${escapeHtml(hallEntry)}"></iframe>`,
      },
      res,
    );

  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://platform');
    try {
      const asset = ASSETS[url.pathname];
      if (req.method === 'GET' && asset) {
        res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
        return res.end(readFileSync(join(here, 'public', asset.file)));
      }
      // A form posted from another site (login CSRF: signing a victim in as someone else) is refused: by the browser's
      // Sec-Fetch-Site, and by Origin too (older browsers send no Sec-Fetch-Site; a request that names an origin
      // must name this one, and `null` is not this one). A client that sends neither is no browser a page can drive.
      const site = req.headers['sec-fetch-site'];
      const origin = req.headers.origin;
      if (req.method === 'POST' && ((site && site !== 'same-origin') || (origin !== undefined && origin !== ownOrigin(req)))) {
        return refuse(res, '请求来源无效，请在本平台页面上操作。', 403);
      }

      if (req.method === 'GET' && url.pathname === '/') {
        if (url.searchParams.has('state') || url.searchParams.has('redirect_uri')) {
          // The hall sent the citizen: signed in already, the code goes back at once (no form); else the form.
          const back = check(url.searchParams, res);
          if (!back) return;
          const token = sessionToken(req);
          if (!token) return loginForm(res, { back });
          const answer = await backEnd('code', { sessionToken: token, ...binding(back) });
          if (answer.status === 200 && answer.body?.data?.authCode) return sendBack(res, back, answer.body.data.authCode);
          if (answer.status === 0) return loginForm(res, { back, message: unavailable, status: 502 });
          return loginForm(res, { back, headers: clearSession });
        }
        const citizen = await whoIsSignedIn(req);
        if (citizen === 'down') return loginForm(res, { message: unavailable, status: 502 });
        if (citizen === 'none') return loginForm(res, { headers: sessionToken(req) ? clearSession : {} });
        return home(res, citizen);
      }
      if (req.method === 'GET' && url.pathname === '/hall') {
        const citizen = await whoIsSignedIn(req);
        if (citizen === 'down') return loginForm(res, { message: unavailable, status: 502 });
        if (citizen === 'none') return seeOther(res, '/', sessionToken(req) ? clearSession : {});
        return hallPage(res, citizen);
      }
      if (req.method === 'POST' && url.pathname === '/login') {
        const form = await readForm(req);
        // From the hall (state and return address in hidden fields) or from the platform's own home page.
        const fromHall = form.has('state') || form.has('redirect_uri');
        const back = fromHall ? check(form, res) : null;
        if (fromHall && !back) return;
        const idNumber = (form.get('idNumber') ?? '').trim().toUpperCase();
        const password = form.get('password') ?? '';
        // A code only when a service asked, bound to it; signing in on the platform's own page opens a session only.
        const answer = await backEnd('login', { idNumber, password, ...(back ? binding(back) : {}) });
        const data = answer.body?.data;
        if (answer.status !== 200 || !data?.sessionToken || (back && !data?.authCode)) {
          const message = answer.status === 0 ? unavailable : (answer.body?.msg ?? '登录失败，请稍后再试');
          return loginForm(res, { back, idNumber, message, status: answer.status === 0 ? 502 : 200 });
        }
        if (back) return sendBack(res, back, data.authCode, setSession(data.sessionToken));
        return seeOther(res, '/', setSession(data.sessionToken));
      }
      if (req.method === 'POST' && url.pathname === '/logout') {
        const token = sessionToken(req);
        if (token) await backEnd('logout', { sessionToken: token });
        return seeOther(res, '/', clearSession);
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
