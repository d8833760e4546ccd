import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { httpStatusMessage, isSuccessCode } from '@gjj-hall/sdk';
import { AnswerChecker, operationsOf, type OpenApiDocument, type Operation, type Parameter } from './document';
import { formatProblems, isChinese } from './formats';
import { BudgetExhausted, Http, type CallOptions, type Exchange } from './http';
import { samplePng } from './png';
import { banner, refusal } from './safety';
import { PROFILES, type CheckResult, type ConformanceOptions, type ConformanceReport, type Hooks, type LoginFile, type Profile, type TestLogin } from './types';

const AUTH = '/api/auth/v1';
const ZHFW = '/api/izfgjj-zhfw/v1';
const ARCHIVE = '/api/dzda/v1/zhcjyw';
/** Calls a conformance run never makes: development and simulation calls, the centre's own API, the document pages. */
const NOT_CHECKED = /^\/(dev|sim)\/|^\/api\/centre\/|^\/api\/docs|^\/api\/openapi\.json$/;
/** GET calls that change something (reserve a number, reset settings): not called by a read-only run. */
const GET_WITH_EFFECTS = /\/id\/getYthptYwbh$|\/individuation\/reset$|\/twoCheck\/|\/qrcode\//;

class Failure extends Error {}
class Skipped extends Error {}

const KINDS = { individual: 1, unit: 2, developer: 3 } as const;
type Kind = keyof typeof KINDS;
/** What a journey declares it needs from the login file and the command line. */
type Need = Kind | 'individual2' | 'phone' | 'captcha' | 'sms' | 'centre' | 'writes';
const KIND_NAMES: Record<Kind, string> = { individual: '个人', unit: '单位', developer: '开发商' };
/** The login kind whose session a profile's calls use. */
const KIND_OF: Record<Profile, Kind | null> = { public: null, personal: 'individual', withdrawals: 'individual', loans: 'individual', units: 'unit', developer: 'developer' };
/** Whose session a profile's session calls use: the profile's kind, an individual's for the public calls that take one. */
const sessionKind = (profile: Profile): Kind => KIND_OF[profile] ?? 'individual';

/** What the hall shows for an answer: the envelope's msg, else the sdk's catalogue message for the status. */
export function hallMessage(status: number, json: unknown): string {
  const msg = json && typeof json === 'object' ? (json as { msg?: unknown }).msg : undefined;
  if (status < 400 && isSuccessCode((json as { code?: unknown } | undefined)?.code)) return '';
  return typeof msg === 'string' && msg.trim() ? msg : httpStatusMessage(status);
}

/** YYYY-MM-DD in Asia/Shanghai. */
const shanghaiDay = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
const yearsBefore = (day: string, years: number) => `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
/** Yuan with two decimals as fen. */
const fen = (yuan: unknown): bigint | null => (typeof yuan === 'string' && /^-?\d+\.\d{2}$/.test(yuan) ? BigInt(yuan.replace('.', '')) : null);
/** Outgoings are written signed or unsigned by different centres: compared by size. */
const abs = (f: bigint) => (f < 0n ? -f : f);
const yuan = (f: bigint) => `${f < 0n ? '-' : ''}${(f < 0n ? -f : f) / 100n}.${String((f < 0n ? -f : f) % 100n).padStart(2, '0')}`;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field, each checked
type Json = any;
const dataOf = (ex: Exchange): Json => (ex.json as { data?: unknown } | undefined)?.data;

interface Session {
  token: string;
  login: TestLogin;
}

/** The checks' tool: calls that are recorded as the row's request and answer, and the verdicts. */
class Trial {
  last: Exchange | undefined;
  constructor(private readonly http: Http) {}
  async call(path: string, options?: CallOptions): Promise<Exchange> {
    this.last = await this.http.call(path, options);
    return this.last;
  }
  use(ex: Exchange): Exchange {
    this.last = ex;
    return ex;
  }
  fail(reason: string): never {
    throw new Failure(reason);
  }
  skip(reason: string): never {
    throw new Skipped(reason);
  }
  expect(condition: unknown, reason: string): void {
    if (!condition) throw new Failure(reason);
  }
}

/** Runs the kit against `options.base`; resolves with every check's result. Throws before any request when refused. */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const refused = refusal(options.base, options.iOwnThis ?? false);
  if (refused) throw new Error(refused);
  const profiles = [...(options.profiles ?? PROFILES)].filter((p, i, all) => all.indexOf(p) === i);
  for (const p of profiles) if (!PROFILES.includes(p)) throw new Error(`未知的检查范围：${p}（可选 ${PROFILES.join('、')}）`);
  const budget = options.budget ?? 600;
  const rate = options.rate ?? 10;
  const allowWrites = options.allowWrites ?? false;
  const log = options.log ?? ((line: string) => console.error(line));
  const root = options.base.replace(/\/+$/, '').replace(/\/api$/, '');
  const http = new Http(root, budget, rate, options.fetch ?? fetch);
  const hooks: Hooks = options.hooks ?? {};
  const logins: LoginFile = options.logins ?? {};
  const today = options.today ?? shanghaiDay(new Date());
  const startedAt = new Date();
  const results: CheckResult[] = [];
  log(banner({ base: options.base, profiles, allowWrites, budget, rate }));

  const on = (p: Profile) => profiles.includes(p);
  let exhausted = false;
  /** What a journey may need, and whether the run has it. */
  const NEEDS: Record<Need, { what: string; has: () => boolean }> = {
    individual: { what: '个人测试账号（登录文件 individual）', has: () => !!logins.individual?.length },
    individual2: { what: '第二个个人测试账号（登录文件 individual 第二项）', has: () => (logins.individual?.length ?? 0) > 1 },
    unit: { what: '单位测试账号（登录文件 unit）', has: () => !!logins.unit?.length },
    developer: { what: '开发商测试账号（登录文件 developer）', has: () => !!logins.developer?.length },
    phone: { what: '带手机号码的个人测试账号（individual[].phone）', has: () => !!logins.individual?.some((l) => l.phone) },
    captcha: { what: '图形验证码钩子（hooks.captcha）', has: () => !!hooks.captcha },
    sms: { what: '短信验证码钩子（hooks.sms）', has: () => !!hooks.sms },
    centre: { what: '中心审批钩子（hooks.centre：中心接口地址和密钥）', has: () => !!hooks.decide },
    writes: { what: '允许写入（--allow-writes；会改变测试账号的余额）', has: () => allowWrites },
  };

  async function check(id: string, profile: Profile, title: string, run: (t: Trial) => Promise<void>, needs: readonly Need[] = []): Promise<void> {
    const t = new Trial(http);
    const started = Date.now();
    const row: CheckResult = { id, profile, title, outcome: 'pass', ms: 0, ...(needs.length ? { needs: needs.map((n) => NEEDS[n].what) } : {}) };
    const missing = needs.filter((n) => !NEEDS[n].has());
    if (missing.length) {
      Object.assign(row, { outcome: 'skip', reason: `需要：${missing.map((n) => NEEDS[n].what).join('；')}` });
    } else if (exhausted) {
      Object.assign(row, { outcome: 'skip', reason: `已用完请求预算（${budget} 次），未检查` });
    } else {
      try {
        await run(t);
      } catch (error) {
        if (error instanceof Skipped) Object.assign(row, { outcome: 'skip', reason: error.message });
        else if (error instanceof BudgetExhausted) {
          exhausted = true;
          Object.assign(row, { outcome: 'skip', reason: error.message });
        } else if (error instanceof Failure) Object.assign(row, { outcome: 'fail', reason: error.message });
        else Object.assign(row, { outcome: 'fail', reason: `检查出错：${(error as Error).message}` });
      }
    }
    if (t.last && row.outcome !== 'pass') {
      row.request = t.last.request;
      row.answer = t.last.answer;
      const code = (t.last.json as { code?: unknown } | undefined)?.code;
      if (t.last.answer.status >= 400 || (code !== undefined && !isSuccessCode(code))) row.shown = hallMessage(t.last.answer.status, t.last.json);
    }
    row.ms = Date.now() - started;
    results.push(row);
    if (row.outcome === 'fail') log(`FAIL ${id}: ${row.reason}`);
  }

  // 1. The document.
  let doc: OpenApiDocument | null = null;
  const docUrl = options.openapi ?? `${root}/api/openapi.json`;
  await check(`${profiles[0]}/document/openapi`, profiles[0]!, '服务端发布 OpenAPI 3 文档（/api/openapi.json），检查据此进行', async (t) => {
    const ex = await t.call(docUrl, { absolute: true });
    t.expect(ex.answer.status === 200, `文档应答 ${ex.answer.status}`);
    const d = ex.json as OpenApiDocument | undefined;
    t.expect(d && typeof d.openapi === 'string' && d.openapi.startsWith('3') && d.paths && Object.keys(d.paths).length > 0, '不是 OpenAPI 3 文档（缺 openapi 或 paths）');
    doc = d!;
  });
  if (!doc) return finish();
  const checker = new AnswerChecker(doc);
  const ops = operationsOf(doc).filter((op) => !NOT_CHECKED.test(op.path));
  const opAt = (method: string, path: string) => ops.find((o) => o.method === method && o.path === path);

  /** The error answer's rules: the documented status, the envelope { code: status, msg: Chinese, data: null }. */
  function errorProblems(op: Operation | undefined, ex: Exchange, status: number): string | null {
    if (ex.answer.status !== status) {
      const data = (ex.json as Json)?.data;
      const text = data === undefined || data === null ? '' : JSON.stringify(data);
      const shown = ex.answer.status < 300 && text && text !== '{}' && text !== '[]' ? `，并答出了 ${text.slice(0, 160)}` : '';
      return `应答 HTTP ${ex.answer.status}，应为 ${status}${shown}`;
    }
    if (op && !checker.answerFor(op, status)) return `文档没有为此接口写明 ${status} 应答`;
    const body = ex.json as Json;
    if (!body || typeof body !== 'object') return `${status} 应答不是 JSON 信封 { code, msg, data }`;
    if (body.code !== status) return `信封的 code 为 ${JSON.stringify(body.code)}，应为 ${status}`;
    if (!('msg' in body) || typeof body.msg !== 'string' || !body.msg.trim()) return '信封缺少 msg：大厅只能显示通用提示';
    if (!isChinese(body.msg)) return `msg 不是中文：${JSON.stringify(body.msg)}`;
    if (body.data !== null) return `错误应答的 data 应为 null，实为 ${JSON.stringify(body.data).slice(0, 120)}`;
    return null;
  }

  // 2. Sessions: the sign-in journey of each kind the profiles need.
  const sessions: Partial<Record<Kind, Session[]>> = {};
  const kindsNeeded = new Set(profiles.map((p) => KIND_OF[p]).filter((k): k is Kind => !!k));
  // Some public calls take a session (the evaluation records, the developers' projects): an individual's, when given.
  if (on('public') && logins.individual?.length) kindsNeeded.add('individual');
  async function signIn(t: Trial, kind: Kind, login: TestLogin): Promise<string> {
    if (!hooks.captcha) t.skip('需要中心提供图形验证码钩子（登录文件 hooks.captcha）');
    const key = dataOf(await t.call(`${AUTH}/getPubleKey`));
    t.expect(typeof key === 'string' && /^(04)?[0-9a-fA-F]{128}$/.test(key), `getPubleKey 没有给出 SM2 公钥：${t.last?.answer.body.slice(0, 120)}`);
    const captcha = dataOf(await t.call(`${AUTH}/getImgCode`));
    t.expect(captcha && typeof captcha.uuid === 'string', 'getImgCode 没有给出 uuid');
    const code = await hooks.captcha!(captcha.uuid);
    const ex = await t.call(`${AUTH}/otherAuth/accountLogin`, {
      method: 'POST',
      query: { grant_type: 'password', scope: 'server' },
      json: { loginType: KINDS[kind], username: sm2Encrypt(login.account, key), password: sm2Encrypt(login.password, key), code, uuid: captcha.uuid },
    });
    t.expect(ex.answer.status === 200 && isSuccessCode((ex.json as Json)?.code), `登录失败：HTTP ${ex.answer.status} ${hallMessage(ex.answer.status, ex.json)}`);
    const token = ex.answer.headers.token;
    t.expect(token, '登录成功但应答头没有 token');
    return token!;
  }
  for (const kind of ['individual', 'unit', 'developer'] as const) {
    if (!kindsNeeded.has(kind)) continue;
    const profile = profiles.find((p) => KIND_OF[p] === kind) ?? 'public';
    const list = logins[kind] ?? [];
    await check(`${profile}/journey/sign-in-${kind}`, profile, `${KIND_NAMES[kind]}登录：SM2 加密账号和密码（服务端公钥）、图形验证码，取得 token，读取用户信息`, async (t) => {
      if (!list.length) t.skip(`需要登录文件中${KIND_NAMES[kind]}测试账号（${kind}）`);
      const found: Session[] = [];
      for (const login of list.slice(0, kind === 'individual' ? 2 : 1)) {
        const token = await signIn(t, kind, login);
        const info = await t.call(`${AUTH}/getUserInfo`, { token });
        t.expect(info.answer.status === 200 && dataOf(info), `getUserInfo 应答 ${info.answer.status}`);
        found.push({ token, login });
      }
      sessions[kind] = found;
    }, [kind, 'captcha']);
  }
  const tokenOf = (kind: Kind | null, n = 0) => (kind ? sessions[kind]?.[n]?.token : undefined);

  // The sign-in by SMS code (docs/api-sms.md): the picture captcha, the code sent to the login's phone (through the hook).
  if (on('personal')) {
    await check('personal/journey/sign-in-sms', 'personal', '短信验证码登录：图形验证码后发送验证码到测试账号的手机（SM2 加密），以收到的验证码登录，取得 token', async (t) => {
      const login = (logins.individual ?? []).find((l) => l.phone);
      if (!login) t.skip('需要登录文件中带手机号码（phone）的个人测试账号');
      if (!hooks.captcha || !hooks.sms) t.skip('需要中心提供图形验证码和短信验证码钩子（登录文件 hooks.captcha、hooks.sms）');
      const key = dataOf(await t.call(`${AUTH}/getPubleKey`));
      const captcha = dataOf(await t.call(`${AUTH}/getImgCode`));
      const code = await hooks.captcha!(captcha?.uuid);
      const sent = await t.call(`${AUTH}/sendLoginSmsCode`, { query: { loginType: 1, phoneDec: sm2Encrypt(login!.phone!, key), uuid: captcha?.uuid, code } });
      // A phone may be sent a code once a minute and a few times a day: a run soon after another is held back.
      if (sent.answer.status === 429) t.skip(`此手机号码刚收到过验证码，发送限流（Retry-After ${sent.answer.headers['retry-after'] ?? '无'} 秒）：稍后再运行`);
      t.expect(sent.answer.status === 200 && isSuccessCode((sent.json as Json)?.code), `发送短信验证码应答 HTTP ${sent.answer.status}：${hallMessage(sent.answer.status, sent.json)}`);
      t.expect(isChinese((sent.json as Json)?.msg), '发送后没有中文提示');
      const sms = await hooks.sms!(login!.phone!);
      t.expect(sms, `短信钩子没有给出发到 ${login!.phone} 的验证码`);
      const ex = await t.call(`${AUTH}/otherAuth/smsCodeLogin`, {
        method: 'POST',
        query: { grant_type: 'password', scope: 'server' },
        json: { loginType: 1, phoneDec: sm2Encrypt(login!.phone!, key), smsCodeDec: sm2Encrypt(sms, key) },
      });
      t.expect(ex.answer.status === 200 && isSuccessCode((ex.json as Json)?.code), `短信验证码登录失败：HTTP ${ex.answer.status} ${hallMessage(ex.answer.status, ex.json)}`);
      t.expect(ex.answer.headers.token, '登录成功但应答头没有 token');
    }, ['phone', 'captcha', 'sms']);
  }

  // The second check (spec 4.4): the menus marked enable 10 need the login confirmed on a second device first.
  if (sessions.individual?.length && (on('personal') || on('withdrawals') || on('loans'))) {
    const profile = profiles.find((p) => KIND_OF[p] === 'individual')!;
    await check(`${profile}/journey/second-check`, profile, '二次验证：需扫码验证的菜单（enable 10），由同一账号在“手机”上扫码确认后放行', async (t) => {
      for (const session of sessions.individual!) {
        const menus: Json[] = [];
        const walk = (list: Json[] | undefined) => {
          for (const m of list ?? []) {
            if (Number(m.enable) === 10) menus.push(m);
            walk(m.children);
          }
        };
        walk(dataOf(await t.call(`${AUTH}/getUserInfo`, { token: session.token }))?.menuList ?? []);
        if (!menus.length) t.skip('用户信息中没有需二次验证的菜单');
        for (const menu of menus) {
          const asked = await t.call(`${AUTH}/twoCheck/getQrCode`, { query: { menuId: menu.id }, token: session.token });
          const codeId = dataOf(asked)?.codeId;
          t.expect(codeId, `twoCheck/getQrCode 应答 ${asked.answer.status}`);
          const phone = await signIn(t, 'individual', session.login);
          for (const step of ['scan', 'confirm']) {
            const ex = await t.call(`${AUTH}/twoCheck/${step}`, { method: 'POST', json: { codeId }, token: phone });
            t.expect(ex.answer.status === 200, `twoCheck/${step} 应答 ${ex.answer.status} ${hallMessage(ex.answer.status, ex.json)}`);
          }
        }
      }
    }, ['individual', 'captcha']);
  }

  // 3. Values the calls need, read from the individual's own answers.
  const values: Record<string, string> = {};
  let holderName = '';
  const individual = tokenOf('individual');
  if (individual) {
    try {
      const list = dataOf(await http.call(`${ZHFW}/grzhxx/list`, { token: individual }));
      const account = list?.accounts?.find((a: Json) => a.current) ?? list?.accounts?.[0];
      if (account?.grzh) values.grzh = account.grzh;
      holderName = list?.holder?.xingming ?? '';
      const ywbh = dataOf(await http.call(`${ZHFW}/ywsq/list`, { token: individual, query: { pageSize: 1 } }))?.list?.[0]?.ywbh;
      if (ywbh) values.ywbh = ywbh;
      const zmbh = dataOf(await http.call(`${ZHFW}/jczm/list`, { token: individual }))?.list?.[0]?.zmbh;
      if (zmbh) values.zmbh = zmbh;
      const dkzh = dataOf(await http.call(`${ZHFW}/dkyw/dkxx`, { token: individual }))?.list?.[0]?.dkzh;
      if (dkzh) values.dkzh = dkzh;
    } catch (error) {
      if (error instanceof BudgetExhausted) exhausted = true;
    }
  }

  /** A value for a parameter: known from the login's answers, the date range, or the schema's enum/default/example. */
  function valueFor(op: Operation, p: Parameter): string | undefined {
    if (values[p.name]) return values[p.name];
    if (p.name === 'startTime') return yearsBefore(today, 1);
    if (p.name === 'endTime') return today;
    if (p.name === 'format') return 'csv';
    if (p.name === 'code') return 'K7Q2M9XW4RT0ZB6H';
    if (p.name === 'ywlx' && /\/ywblxz\//.test(op.path)) return 'TQ0199';
    const s = p.schema ?? {};
    const v = s.example ?? s.default ?? s.enum?.[0];
    return v === undefined || v === '' ? undefined : String(v);
  }
  const idsFromList = new Map<string, string>();
  async function paramsFor(op: Operation, token: string | undefined): Promise<{ query: Record<string, string>; missing: string[] }> {
    const query: Record<string, string> = {};
    const missing: string[] = [];
    for (const p of op.parameters.filter((x) => x.in === 'query' && x.required)) {
      let v = valueFor(op, p);
      if (v === undefined && p.name === 'id') {
        // X/getInfo?id= and X/download?id= take an id of X/getList.
        const list = op.path.replace(/\/[^/]+$/, '/getList');
        if (!idsFromList.has(list) && opAt('GET', list)) {
          const data = dataOf(await http.call(list, { token }));
          const first = Array.isArray(data) ? data[0] : data?.list?.[0];
          idsFromList.set(list, first?.id === undefined ? '' : String(first.id));
        }
        v = idsFromList.get(list) || undefined;
      }
      if (v === undefined) missing.push(p.name);
      else query[p.name] = v;
    }
    return { query, missing };
  }

  // The journey that submits goes first: the calls below then have an application of the login's own to read.
  if (on('withdrawals')) {
    await check('withdrawals/journey/submit-decide', 'withdrawals', '办一笔提取（其他原因 TQ0199，1.00 元）：草稿、上传材料、提交，中心受理并办结，状态为办结，余额减少 1.00 元且明细有此笔', async (t) => {
      if (!allowWrites) t.skip('只读运行：加 --allow-writes 才提交业务（会改变测试账号的余额）');
      const token = tokenOf('individual');
      if (!token) t.skip('需要个人测试账号的会话');
      if (!hooks.decide) t.skip('需要中心审批钩子（登录文件 hooks.centre：中心接口地址和密钥）');
      const accounts: Json[] = dataOf(await t.call(`${ZHFW}/grzhxx/list`, { token }))?.accounts ?? [];
      const account = accounts.find((a) => a.current) ?? accounts[0];
      t.expect(account, '测试账号没有个人账户');
      const before = fen(account.grzhye)!;
      const drafts: Json[] = dataOf(await t.call(`${ZHFW}/ywsq/list`, { token, query: { zt: '00', pageSize: 50 } }))?.list ?? [];
      for (const d of drafts.filter((x) => x.ywlx === 'TQ0199')) await t.call(`${ZHFW}/ywsq/deleteDraft`, { method: 'POST', token, json: { ywbh: d.ywbh } });
      const name = holderName || account.xingming;
      const payload = { qtyy: '09', qksm: '本人确诊恶性肿瘤，住院治疗自付费用较高', hzgx: '1', hzxm: name, skrxm: name, skyh: '102', skzh: '6222021234567890128', tqje: '1.00' };
      const draft = await t.call(`${ZHFW}/ywsq/saveDraft`, { method: 'POST', token, json: { ywlx: 'TQ0199', payload } });
      t.expect(draft.answer.status === 200, `保存草稿应答 ${draft.answer.status}：${hallMessage(draft.answer.status, draft.json)}`);
      const ywbh: string = dataOf(draft).ywbh;
      const materials: Json[] = dataOf(await t.call(`${ARCHIVE}/getCls`, { method: 'POST', token, json: { ywbh } })) ?? [];
      for (const m of materials.filter((x) => x.required && !x.files?.length)) {
        const form = new FormData();
        form.set('ywbh', ywbh);
        form.set('clbh', m.clbh);
        form.set('file', new Blob([new Uint8Array(samplePng())], { type: 'image/png' }), `${m.clbh}.png`);
        const up = await t.call(`${ARCHIVE}/uploadCl`, { method: 'POST', token, form });
        t.expect(up.answer.status === 200, `上传材料 ${m.clbh} 应答 ${up.answer.status}：${hallMessage(up.answer.status, up.json)}`);
      }
      const submitted = await t.call(`${ZHFW}/ywsq/submit`, { method: 'POST', token, json: { ywlx: 'TQ0199', ywbh, payload } });
      t.expect(submitted.answer.status === 200, `提交应答 ${submitted.answer.status}：${hallMessage(submitted.answer.status, submitted.json)}`);
      await hooks.decide!(ywbh, 'accept');
      await hooks.decide!(ywbh, 'complete');
      const detail = dataOf(await t.call(`${ZHFW}/ywsq/detail`, { token, query: { ywbh } }));
      t.expect(detail?.zt === '03', `中心办结后办件状态为 ${detail?.zt}（${detail?.ztmc}），应为 03 办结`);
      const after = (dataOf(await t.call(`${ZHFW}/grzhxx/list`, { token }))?.accounts ?? []).find((a: Json) => a.grzh === account.grzh);
      t.expect(fen(after?.grzhye) === before - 100n, `余额由 ${account.grzhye} 变为 ${after?.grzhye}，应减少 1.00 元`);
      const journal: Json[] = dataOf(await t.call(`${ZHFW}/grmx/list`, { token, query: { grzh: account.grzh, startTime: yearsBefore(today, 1), endTime: today, pageSize: 50 } }))?.list ?? [];
      const line = journal.find((e) => e.ywbh === ywbh);
      t.expect(line && abs(fen(line.zcje) ?? 0n) === 100n, `明细中没有业务 ${ywbh} 支出 1.00 元的记录`);
      // The calls that take a business number (detail, receipt, another login's 403) now have one.
      values.ywbh = ywbh;
    }, ['writes', 'individual', 'captcha', 'centre']);
  }
  // 4. Every GET call of the chosen profiles, from the document.
  const selected = ops.filter((op) => op.profile && on(op.profile) && op.method === 'GET' && !GET_WITH_EFFECTS.test(op.path));
  for (const op of selected) {
    const profile = op.profile!;
    const token = op.needsSession ? tokenOf(sessionKind(profile)) : undefined;
    let ex: Exchange | undefined;
    let why = '';
    await check(`${profile}/answer/${op.id}`, profile, `${op.method} ${op.path}（${op.summary}）：应答 200，内容类型为文档所列`, async (t) => {
      if (op.path.includes('{')) t.skip('路径参数的取值检查无从得知');
      if (op.needsSession && !token) t.skip(`需要${KIND_NAMES[sessionKind(profile)]}测试账号的会话`);
      const { query, missing } = await paramsFor(op, token);
      if (missing.length) t.skip(`必填参数 ${missing.join('、')} 无可用的取值（测试账号没有相应记录）`);
      ex = await t.call(op.path, { query, ...(token ? { token } : {}) });
      const status = ex.answer.status;
      if (status === 429 && op.responses['429']) {
        why = '限流';
        t.skip(`此接口限流，本次应答 429（Retry-After ${ex.answer.headers['retry-after'] ?? '无'} 秒）：刚运行过检查时属正常，稍后再运行`);
      }
      if (status !== 200) {
        why = `应答 HTTP ${status}`;
        t.fail(`应答 HTTP ${status}，应为 200：${hallMessage(status, ex.json)}`);
      }
      const type = (ex.answer.headers['content-type'] ?? '').split(';')[0]!.trim();
      const documented = checker.typesOf(op, 200);
      t.expect(type, '应答没有 Content-Type');
      t.expect(documented.includes(type) || documented.some((d) => d.endsWith('/*') && type.startsWith(d.slice(0, -1))), `Content-Type ${type} 不是文档所列的 ${documented.join('、')}`);
    });
    const answered = ex as Exchange | undefined;
    // The checks below read the same answer: not when it already failed (they would only repeat why).
    if (!answered || answered.answer.status !== 200 || why || results[results.length - 1]?.outcome !== 'pass') continue;
    const type = (answered.answer.headers['content-type'] ?? '').split(';')[0]!.trim();
    if (type === 'application/json') {
      await check(`${profile}/envelope/${op.id}`, profile, `${op.path}：成功应答是 { code: 0, msg, data } 信封`, async (t) => {
        const body = t.use(answered).json as Json;
        t.expect(body && typeof body === 'object', '应答不是 JSON 对象');
        t.expect(isSuccessCode(body.code), `成功应答的 code 为 ${JSON.stringify(body.code)}，应为 0`);
        t.expect(typeof body.msg === 'string', '信封缺少 msg');
        t.expect('data' in body, '信封缺少 data');
      });
      await check(`${profile}/schema/${op.id}`, profile, `${op.path}：应答符合文档的结构（JSON Schema）`, async (t) => {
        const errors = checker.schemaErrors(op, 200, type, t.use(answered).json);
        t.expect(!errors.length, `不符合文档：${errors.join('；')}`);
      });
      await check(`${profile}/formats/${op.id}`, profile, `${op.path}：日期、时间、业务编号和金额为约定格式`, async (t) => {
        const problems = formatProblems(dataOf(t.use(answered)), op.path);
        t.expect(!problems.length, problems.join('；'));
      });
    } else if (checker.isDownload(op)) {
      await check(`${profile}/download/${op.id}`, profile, `${op.path}：下载带 Content-Disposition: attachment 和文件名`, async (t) => {
        const disposition = t.use(answered).answer.headers['content-disposition'] ?? '';
        t.expect(/^attachment/i.test(disposition) && /filename\*?=/i.test(disposition), `Content-Disposition 为 ${JSON.stringify(disposition)}，应为 attachment 并带文件名`);
        t.expect(answered.bytes.length > 0, '下载的文件是空的');
      });
    }
    if (op.needsSession) {
      await check(`${profile}/401/${op.id}`, profile, `${op.path}：不带 token 时应答 401，信封带中文说明`, async (t) => {
        const { query } = await paramsFor(op, token);
        const problem = errorProblems(op, await t.call(op.path, { query }), 401);
        if (problem) t.fail(problem);
      });
    }
    const bad = op.parameters.find((p) => p.in === 'query' && (p.schema?.pattern || p.schema?.enum || p.schema?.type === 'integer'));
    if (bad) {
      await check(`${profile}/bad-input/${op.id}`, profile, `${op.path}：不合规的 ${bad.name} 应答 400 和中文说明（不是 500）`, async (t) => {
        const { query } = await paramsFor(op, token);
        const ex2 = await t.call(op.path, { query: { ...query, [bad.name]: '坏值<%>' }, ...(token ? { token } : {}) });
        const problem = errorProblems(op, ex2, 400);
        if (problem) t.fail(problem);
      });
    }
  }

  // 5. Paging: neither skipping nor repeating across pages.
  const keyOf = (item: Json) => (item && typeof item === 'object' ? String(item.id ?? item.ywbh ?? item.grzh ?? JSON.stringify(item)) : JSON.stringify(item));
  const listOf = (data: Json): Json[] => data?.list ?? data?.rows ?? [];
  for (const op of selected) {
    const names = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    const size = ['pageSize', 'size', 'limit'].find((n) => names.includes(n));
    const numbered = names.includes('pageNum');
    const cursor = names.includes('after') || names.includes('before');
    if (!size || (!numbered && !cursor)) continue;
    const profile = op.profile!;
    const token = op.needsSession ? tokenOf(sessionKind(profile)) : undefined;
    await check(`${profile}/paging/${op.id}`, profile, `${op.path}：逐页读取不漏、不重（与一次读取的结果相同）`, async (t) => {
      if (op.needsSession && !token) t.skip('需要测试账号的会话');
      const { query, missing } = await paramsFor(op, token);
      if (missing.length) t.skip(`必填参数 ${missing.join('、')} 无可用的取值`);
      if (query.startTime) query.startTime = yearsBefore(today, 10);
      const schema = op.parameters.find((p) => p.name === size)!.schema ?? {};
      const allowed = (schema.enum as number[] | undefined)?.map(Number).sort((a, b) => a - b);
      const small = allowed?.[0] ?? Math.max(Number(schema.minimum ?? 1), 2);
      const big = allowed ? allowed[allowed.length - 1]! : small * 4;
      const pages = Math.max(2, Math.min(4, Math.floor(big / small)));
      const seen: string[] = [];
      let at: string | undefined;
      for (let page = 1; page <= pages; page++) {
        const q = { ...query, [size]: String(small), ...(numbered ? { pageNum: String(page) } : at ? { [names.includes('after') ? 'after' : 'before']: at } : {}) };
        const ex = await t.call(op.path, { query: q, ...(token ? { token } : {}) });
        t.expect(ex.answer.status === 200, `第 ${page} 页应答 HTTP ${ex.answer.status}`);
        const items = listOf(dataOf(ex));
        t.expect(items.length <= small, `第 ${page} 页有 ${items.length} 条，多于每页 ${small} 条`);
        for (const item of items) {
          const key = keyOf(item);
          t.expect(!seen.includes(key), `第 ${page} 页重复了前页已有的记录 ${key}`);
          seen.push(key);
        }
        const next = dataOf(ex)?.next;
        if (items.length < small || (cursor && !numbered && !next)) break;
        at = next ?? undefined;
      }
      if (seen.length === 0) t.skip('测试账号在此没有记录，无从检查翻页');
      const whole = await t.call(op.path, { query: { ...query, [size]: String(big) }, ...(token ? { token } : {}) });
      const all = listOf(dataOf(whole)).map(keyOf);
      const expected = all.slice(0, seen.length);
      t.expect(JSON.stringify(expected) === JSON.stringify(seen.slice(0, expected.length)), `逐页读到的 ${seen.length} 条与一次读取的前 ${expected.length} 条不同（漏读或乱序）`);
    });
  }

  // 6. Another login's ids: 403, nothing revealed (the same answer as for an id nobody has).
  if (on('personal')) {
    const other = tokenOf('individual', 1);
    const idCalls = selected.filter((op) => op.needsSession && KIND_OF[op.profile!] === 'individual' && op.parameters.some((p) => p.in === 'query' && p.required && ['grzh', 'ywbh', 'zmbh', 'dkzh'].includes(p.name)));
    for (const op of idCalls) {
      const profile = op.profile!;
      const idName = op.parameters.find((p) => p.in === 'query' && p.required && ['grzh', 'ywbh', 'zmbh', 'dkzh'].includes(p.name))!.name;
      await check(`${profile}/403/${op.id}`, profile, `${op.path}：另一账号的 ${idName} 应答 403，且不透露任何内容（与不存在的编号同答）`, async (t) => {
        if (!other) t.skip('需要第二个个人测试账号（登录文件 individual 第二项）');
        const own = values[idName];
        if (!own) t.skip(`第一个测试账号没有 ${idName}，无从检查`);
        const { query } = await paramsFor(op, other);
        const madeUp = own!.replace(/\d{4}$/, (d) => String((Number(d) + 5003) % 10000).padStart(4, '0'));
        const nobody = await t.call(op.path, { query: { ...query, [idName]: madeUp }, token: other });
        const ex = await t.call(op.path, { query: { ...query, [idName]: own! }, token: other });
        const problem = errorProblems(op, ex, 403);
        if (problem) t.fail(problem);
        const msg = String((ex.json as Json).msg);
        t.expect(!msg.includes(own!) && !(holderName && msg.includes(holderName)), `403 的说明透露了记录：${msg}`);
        t.expect(nobody.answer.status === 403 && (nobody.json as Json)?.msg === msg, `他人的编号（403 ${msg}）与不存在的编号（${nobody.answer.status} ${(nobody.json as Json)?.msg}）应答不同：可借此探知记录是否存在`);
      });
    }
  }

  // 7. Throttling: a documented 429 comes, with Retry-After, within the probe.
  for (const profile of profiles) {
    const op = selected.find((o) => o.profile === profile && !o.needsSession && !o.optionalSession && o.responses['429']);
    if (!op) continue;
    await check(`${profile}/throttle/${op.id}`, profile, `${op.path}：文档写明限流，连续调用在 ${options.throttleProbe ?? 40} 次内应答 429 和 Retry-After`, async (t) => {
      const { query, missing } = await paramsFor(op, undefined);
      if (missing.length) t.skip(`必填参数 ${missing.join('、')} 无可用的取值`);
      for (let i = 0; i < (options.throttleProbe ?? 40); i++) {
        const ex = await t.call(op.path, { query });
        if (ex.answer.status === 429) {
          const problem = errorProblems(op, ex, 429);
          if (problem) t.fail(problem);
          t.expect(/^\d+$/.test(ex.answer.headers['retry-after'] ?? ''), `429 没有 Retry-After 秒数（${ex.answer.headers['retry-after'] ?? '无'}）`);
          return;
        }
        t.expect(ex.answer.status < 500, `限流前应答 HTTP ${ex.answer.status}`);
      }
      t.fail(`连续 ${options.throttleProbe ?? 40} 次调用都没有应答 429：没有限流`);
    });
  }

  // 8. Headers (spec 7): the hall's client and jproject, and the token only in its header.
  if (on('public')) {
    const op = selected.find((o) => o.profile === 'public' && !o.needsSession && !o.parameters.some((p) => p.required) && !o.responses['429']);
    if (op) {
      await check('public/headers/client-jproject', 'public', `${op.path}：带 client: wt、jproject: izfgjj 与不带时应答相同（缺省即此值）`, async (t) => {
        const withHeaders = await t.call(op.path);
        const without = await t.call(op.path, { bare: true });
        t.expect(withHeaders.answer.status === 200 && without.answer.status === 200, `应答 ${withHeaders.answer.status} / ${without.answer.status}`);
        t.expect(JSON.stringify(dataOf(withHeaders)) === JSON.stringify(dataOf(without)), '带与不带 client、jproject 时数据不同');
      });
    }
  }
  for (const profile of profiles) {
    const token = tokenOf(sessionKind(profile));
    const op = selected.find((o) => o.profile === profile && o.needsSession && !o.parameters.some((p) => p.required));
    if (!op) continue;
    await check(`${profile}/headers/token`, profile, `${op.path}：token 只认请求头：失效的 token 和放在查询串里的 token 都应答 401`, async (t) => {
      if (!token) t.skip('需要测试账号的会话');
      let problem = errorProblems(op, await t.call(op.path, { token: 'conformance-not-a-token' }), 401);
      if (problem) t.fail(`失效的 token：${problem}`);
      problem = errorProblems(op, await t.call(op.path, { query: { token } }), 401);
      if (problem) t.fail(`查询串中的 token：${problem}`);
    });
  }

  // 9. Journeys.
  if (on('personal')) {
    await check('personal/journey/account-equals-journal', 'personal', '读取账户：每个账户的余额等于其明细（期初 + 收入 − 支出 = 期末 = 余额，逐笔余额连续）', async (t) => {
      const token = tokenOf('individual');
      if (!token) t.skip('需要个人测试账号的会话');
      const accounts: Json[] = dataOf(await t.call(`${ZHFW}/grzhxx/list`, { token }))?.accounts ?? [];
      t.expect(accounts.length, '测试账号没有个人账户');
      for (const account of accounts.slice(0, 3)) {
        const entries: Json[] = [];
        let summary: Json = null;
        let after: string | undefined;
        for (let page = 0; page < 20; page++) {
          const ex = await t.call(`${ZHFW}/grmx/list`, { token, query: { grzh: account.grzh, startTime: account.khrq || yearsBefore(today, 30), endTime: today, pageSize: 50, after } });
          t.expect(ex.answer.status === 200, `grmx/list 应答 ${ex.answer.status}：${hallMessage(ex.answer.status, ex.json)}`);
          const data = dataOf(ex);
          summary ??= data.summary;
          entries.push(...(data.list ?? []));
          if (!data.next) break;
          after = data.next;
        }
        const balance = fen(account.grzhye);
        t.expect(balance !== null, `账户 ${account.grzh} 的余额 ${account.grzhye} 不是金额`);
        let income = 0n;
        let outgo = 0n;
        for (const e of entries) {
          income += fen(e.srje) ?? 0n;
          outgo += abs(fen(e.zcje) ?? 0n);
        }
        if (summary) {
          const [opening, closing] = [fen(summary.opening), fen(summary.closing)];
          t.expect(fen(summary.income) === income && abs(fen(summary.outgo) ?? -1n) === outgo, `明细合计（收入 ${yuan(income)}，支出 ${yuan(outgo)}）与汇总（${summary.income}，${summary.outgo}）不符`);
          t.expect(opening !== null && closing !== null && opening + income - outgo === closing, `期初 ${summary.opening} + 收入 ${yuan(income)} − 支出 ${yuan(outgo)} ≠ 期末 ${summary.closing}`);
          t.expect(closing === balance, `账户 ${account.grzh}：明细期末 ${summary.closing} ≠ 余额 ${account.grzhye}`);
        } else {
          t.expect(income - outgo === balance, `账户 ${account.grzh}：明细合计 ${yuan(income - outgo)} ≠ 余额 ${account.grzhye}`);
        }
        const ye = entries.map((e) => fen(e.ye));
        const forward = entries.every((e, i) => i === 0 || ye[i] === (ye[i - 1] ?? 0n) + (fen(e.srje) ?? 0n) - abs(fen(e.zcje) ?? 0n));
        const backward = entries.every((_e, i) => i === 0 || ye[i - 1] === (ye[i] ?? 0n) + (fen(entries[i - 1].srje) ?? 0n) - abs(fen(entries[i - 1].zcje) ?? 0n));
        t.expect(forward || backward, `账户 ${account.grzh}：明细的逐笔余额不连续`);
      }
    }, ['individual', 'captcha']);
  }
  if (on('developer') && !ops.some((o) => o.profile === 'developer')) {
    await check('developer/calls/none', 'developer', '开发商业务：文档中开发商区的接口', async (t) => t.skip('服务端文档中还没有开发商区（开发商）的接口；开发商登录已检查'));
  }

  return finish();

  function finish(): ConformanceReport {
    const summary: ConformanceReport['summary'] = {};
    for (const p of profiles) summary[p] = { passed: 0, failed: 0, skipped: 0 };
    for (const r of results) {
      const s = (summary[r.profile] ??= { passed: 0, failed: 0, skipped: 0 });
      if (r.outcome === 'pass') s.passed++;
      else if (r.outcome === 'fail') s.failed++;
      else s.skipped++;
    }
    const report: ConformanceReport = {
      target: options.base,
      startedAt: startedAt.toISOString(),
      ms: Date.now() - startedAt.getTime(),
      requests: http.sent,
      profiles,
      allowWrites,
      results,
      summary,
      ok: results.every((r) => r.outcome !== 'fail'),
    };
    log(`${report.ok ? 'PASS' : 'FAIL'}: ${results.filter((r) => r.outcome === 'pass').length} passed, ${results.filter((r) => r.outcome === 'fail').length} failed, ${results.filter((r) => r.outcome === 'skip').length} skipped; ${http.sent} requests in ${(report.ms / 1000).toFixed(1)} s`);
    return report;
  }
}
