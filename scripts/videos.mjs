#!/usr/bin/env node
// npm run videos: records the hall's guidance videos (操作视频, issue 23; docs/videos.md). Starts the built reference
// server on a free port with a fresh data directory (as test/support/e2e-global-setup.ts does), drives the hall in
// Chromium with Playwright at phone width, takes the frames of the DevTools screencast (Page.startScreencast), and
// encodes them with the system's ffmpeg to VP9 WebM. Writes, per video, <slug>.webm, <slug>.vtt (Chinese captions,
// timed from the steps as they happened) and <slug>.txt (the transcript) to packages/server/videos/, and the list
// videos.json the server seeds its 操作视频 page from. Not part of npm test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../test/support/chromium.mjs';
import { startReferenceServer } from './lib/reference-server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = join(ROOT, 'packages/server/dist/main.js');
const HALL = join(ROOT, 'packages/hall/dist/home.html');
const OUT = join(ROOT, 'packages/server/videos');
/** Phone width: the size most visitors watch at, and small files. */
const WIDTH = 390;
const HEIGHT = 844;
const PASSWORD = 'Gjj@2026';
/** How long the last frame stays, so the end can be read. */
const HOLD_SECONDS = 2;
/** Typing speed, close to a person's. */
const TYPE_DELAY_MS = 90;

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

// ---- What must be there first ----
if (spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' }).status !== 0) {
  fail(
    '未找到 ffmpeg：录制视频需要系统的 ffmpeg（含 libvpx 的 VP9 编码器）。\n' +
      '  Debian / Ubuntu：sudo apt-get install -y ffmpeg\n' +
      '  macOS（Homebrew）：brew install ffmpeg\n' +
      '安装后重新运行 npm run videos。',
  );
}
if (!/libvpx-vp9/.test(spawnSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' }).stdout ?? '')) {
  fail('系统的 ffmpeg 不含 VP9 编码器（libvpx-vp9）：请安装发行版自带的完整 ffmpeg（Debian：sudo apt-get install -y ffmpeg）。');
}
for (const file of [SERVER, HALL]) if (!existsSync(file)) fail(`缺少构建产物 ${file}：请先运行 npm run build`);

/** The answer of the captcha `uuid`, from the server's development outbox. */
async function captchaAnswer(base, uuid) {
  const res = await fetch(`${base}/dev/outbox?kind=captcha&to=${encodeURIComponent(uuid)}`);
  const { data } = await res.json();
  const entry = data.find((e) => e.to === uuid);
  if (!entry) throw new Error(`开发用发件箱中没有验证码 ${uuid}`);
  return entry.code;
}

// ---- The recorder: screencast frames with their timestamps, and the caption of each step ----
class Recorder {
  constructor(page, cdp) {
    this.page = page;
    this.cdp = cdp;
    /** @type {{ bytes: Buffer, t: number }[]} */
    this.frames = [];
    /** @type {{ at: number, text: string }[]} */
    this.cues = [];
    this.start = 0;
  }

  async begin() {
    this.cdp.on('Page.screencastFrame', async ({ data, metadata, sessionId }) => {
      this.frames.push({ bytes: Buffer.from(data, 'base64'), t: metadata.timestamp ?? Date.now() / 1000 });
      await this.cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
    });
    await this.cdp.send('Page.startScreencast', { format: 'jpeg', quality: 85, maxWidth: WIDTH, maxHeight: HEIGHT, everyNthFrame: 1 });
    this.start = Date.now() / 1000;
  }

  /** Starts the caption of the next step now. */
  say(text) {
    this.cues.push({ at: Date.now() / 1000, text });
  }

  async pause(ms) {
    await this.page.waitForTimeout(ms);
  }

  async end() {
    await this.pause(HOLD_SECONDS * 1000);
    await this.cdp.send('Page.stopScreencast');
    this.stop = Date.now() / 1000;
  }
}

/** Encodes the frames (each shown until the next) to VP9 WebM; answers the duration in seconds. */
function encode(rec, file) {
  const dir = mkdtempSync(join(tmpdir(), 'gjj-frames-'));
  try {
    const frames = rec.frames;
    if (frames.length === 0) throw new Error('没有录到画面');
    const t0 = frames[0].t;
    const end = Math.max(rec.stop - t0, frames.at(-1).t - t0 + HOLD_SECONDS);
    const lines = [];
    frames.forEach((f, i) => {
      const name = `f${String(i).padStart(5, '0')}.jpg`;
      writeFileSync(join(dir, name), f.bytes);
      const next = i + 1 < frames.length ? frames[i + 1].t - t0 : end;
      lines.push(`file '${name}'`, `duration ${Math.max(0.02, next - (f.t - t0)).toFixed(3)}`);
    });
    // The concat demuxer takes the last file's duration only when it is listed again.
    lines.push(`file 'f${String(frames.length - 1).padStart(5, '0')}.jpg'`);
    writeFileSync(join(dir, 'list.txt'), lines.join('\n'));
    const args = [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'concat', '-safe', '0', '-i', join(dir, 'list.txt'),
      // A constant 10 frames a second is enough for a page; the width even for the encoder.
      '-vf', `fps=10,scale=${WIDTH}:-2:flags=lanczos,format=yuv420p`,
      '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-deadline', 'good', '-cpu-used', '4', '-row-mt', '1',
      '-g', '100', '-an', file,
    ];
    const r = spawnSync('ffmpeg', args, { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`ffmpeg 编码失败（${r.status}）`);
    return end;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const stamp = (s) => {
  const ms = Math.round(s * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const sec = Math.floor((ms % 60_000) / 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
};

/** WebVTT captions: each step's text from its start to the next step's (the last to the end). */
function vtt(cues, duration) {
  const out = ['WEBVTT', ''];
  cues.forEach((c, i) => {
    const to = i + 1 < cues.length ? cues[i + 1].at : duration;
    out.push(String(i + 1), `${stamp(c.at)} --> ${stamp(Math.max(c.at + 0.5, to))}`, c.text, '');
  });
  return out.join('\n');
}

// ---- The three walks ----
/** @type {Array<{ slug: string, title: string, description: string, run: (page: import('playwright').Page, rec: Recorder, base: string) => Promise<void> }>} */
const VIDEOS = [
  {
    slug: 'sign-in',
    title: '个人用户登录网上业务大厅',
    description: '演示个人用户用证件号码和密码登录网上业务大厅，并查看首页的账户信息。',
    async run(page, rec, base) {
      const captcha = page.waitForResponse((r) => r.url().includes('/api/auth/v1/getImgCode') && r.ok());
      await page.goto(`${base}/home.html#/login`);
      const uuid = (await (await captcha).json()).data.uuid;
      await page.getByRole('textbox', { name: '账号', exact: true }).waitFor();
      await rec.begin();
      rec.say('打开网上业务大厅的登录页，选择“个人登录”。');
      await rec.pause(1500);
      await page.getByRole('radio', { name: '个人登录' }).check();
      rec.say('输入账号：本人的居民身份证号码。');
      await page.getByRole('textbox', { name: '账号', exact: true }).pressSequentially('110101199003072316', { delay: TYPE_DELAY_MS });
      rec.say('输入登录密码。密码以加密方式发送，页面不会显示。');
      await page.getByLabel('密码', { exact: true }).pressSequentially(PASSWORD, { delay: TYPE_DELAY_MS });
      rec.say('按图片输入验证码，看不清可以点击图片换一张。');
      await page.getByLabel('验证码', { exact: true }).pressSequentially(await captchaAnswer(base, uuid), { delay: TYPE_DELAY_MS * 2 });
      await rec.pause(500);
      rec.say('点击“登录”。');
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL(/#\/grwt\/home$/);
      await page.locator('[data-login-prompts="settled"]').waitFor({ state: 'attached' });
      const prompt = page.getByRole('alertdialog', { name: '提示' });
      if (await prompt.isVisible().catch(() => false)) {
        rec.say('登录后如有提示，阅读后点击“确定”关闭。');
        await rec.pause(1500);
        await prompt.getByRole('button', { name: /^(关闭|确定)$/ }).first().click();
      }
      rec.say('登录成功：首页显示您的账户信息和常用业务。');
      await rec.pause(2500);
      await page.mouse.wheel(0, 500);
      rec.say('向下浏览，可以进入各项业务办理。');
      await rec.pause(2000);
    },
  },
  {
    slug: 'loan-calculator',
    title: '住房公积金贷款计算器',
    description: '演示不登录使用贷款计算器：输入贷款金额和期限，比较公积金贷款与商业贷款的月供。',
    async run(page, rec, base) {
      await page.goto(`${base}/home.html#/dkcs`);
      await page.getByRole('heading', { level: 1, name: '贷款计算器' }).waitFor();
      await rec.begin();
      rec.say('贷款计算器无需登录即可使用。');
      await rec.pause(1800);
      const compare = page.getByRole('tabpanel', { name: '公积金与商业贷款对比' });
      rec.say('输入贷款金额，单位是万元。');
      await compare.getByLabel('贷款金额（万元）').pressSequentially('100', { delay: TYPE_DELAY_MS * 2 });
      rec.say('输入贷款期限，单位是月，30 年即 360 个月。');
      await compare.getByLabel('贷款期限（月）').pressSequentially('360', { delay: TYPE_DELAY_MS * 2 });
      rec.say('年利率按发放日期自动带出，也可以按需修改。');
      await rec.pause(2000);
      rec.say('点击“计算”。');
      await compare.getByRole('button', { name: '计算', exact: true }).click();
      const result = compare.getByRole('region', { name: '计算结果' });
      await result.waitFor();
      await result.scrollIntoViewIfNeeded();
      rec.say('结果显示两种贷款的月供、总利息和还款总额，便于比较。');
      await rec.pause(3500);
    },
  },
  {
    slug: 'complaint',
    title: '提交投诉建议',
    description: '演示不登录提交一条建议，并记下受理编号以便日后查询。',
    async run(page, rec, base) {
      await page.goto(`${base}/home.html#/complaintJYAdd`);
      const form = page.getByRole('form', { name: '投诉建议' });
      await form.waitFor();
      await rec.begin();
      rec.say('打开“我要投诉建议”，不登录也可以提交。');
      await rec.pause(1800);
      rec.say('选择类型，例如“建议”。');
      await form.getByLabel('类型').selectOption({ label: '建议' });
      await rec.pause(800);
      rec.say('选择责任部门。');
      await form.getByLabel('责任部门').selectOption({ index: 1 });
      await rec.pause(800);
      rec.say('填写意见内容，不少于五个字。');
      await form.getByLabel('意见内容').pressSequentially('建议增加办件进度的短信提醒', { delay: TYPE_DELAY_MS * 2 });
      rec.say('联系电话可以不填；填写后中心可以电话回复您。');
      await rec.pause(1500);
      rec.say('点击“提交”。');
      await form.getByRole('button', { name: '提交' }).click();
      await page.getByRole('heading', { name: '提交成功' }).waitFor();
      rec.say('提交成功后页面显示受理编号，请记下它，用来查询办理情况和中心的回复。');
      await rec.pause(3500);
    },
  },
];

async function main() {
  mkdirSync(OUT, { recursive: true });
  const only = process.argv.slice(2);
  // The built server on a free port with a fresh data directory (captcha answers from its development outbox).
  const server = await startReferenceServer({ CENTRE_API_KEY: '' });
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const made = [];
  try {
    for (const v of VIDEOS.filter((x) => only.length === 0 || only.includes(x.slug))) {
      const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', isMobile: true, hasTouch: true });
      const page = await context.newPage();
      // Each walk starts the recording once its first page is there (the loading spinner is no lesson).
      const rec = new Recorder(page, await context.newCDPSession(page));
      await v.run(page, rec, server.url);
      await rec.end();
      const webm = join(OUT, `${v.slug}.webm`);
      const duration = encode(rec, webm);
      // The video's time 0 is its first frame.
      const t0 = rec.frames[0].t;
      writeFileSync(join(OUT, `${v.slug}.vtt`), vtt(rec.cues.map((c) => ({ ...c, at: Math.max(0, c.at - t0) })), duration));
      writeFileSync(join(OUT, `${v.slug}.txt`), `${v.title}\n\n${rec.cues.map((c) => c.text).join('\n')}\n`);
      await context.close();
      const kb = statSync(webm).size / 1024;
      made.push({ slug: v.slug, title: v.title, description: v.description, durationSeconds: Math.round(duration), width: WIDTH });
      console.log(`${v.slug}.webm  ${duration.toFixed(1)} 秒  ${kb.toFixed(0)} KB  ${rec.frames.length} 帧（屏幕录制）  ${rec.cues.length} 条字幕`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  if (only.length === 0) writeFileSync(join(OUT, 'videos.json'), `${JSON.stringify(made, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
