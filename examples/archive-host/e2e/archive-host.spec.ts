import type { Server } from 'node:http';
import { PDFDocument } from 'pdf-lib';
import type { Frame, FrameLocator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
// @ts-expect-error -- serve.mjs is the example's plain-JavaScript server, without types
import { createArchiveHostServer } from '../serve.mjs';

// The platform page of the README on its own origin (the port the global setup listed in HALL_FRAME_ANCESTORS),
// framing the hall's /dzda through <gjj-archive-collector>, against the real reference server.
let server: Server;
let host: string;

test.beforeAll(async ({ baseURL }) => {
  const port = Number(process.env.GJJ_E2E_ARCHIVE_HOST_PORT);
  server = createArchiveHostServer({ hall: baseURL }) as Server;
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  host = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

// A 1x1 PNG and a two-page PDF.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

async function signInAtHost(page: Page): Promise<{ frame: FrameLocator; ywbh: string; token: string }> {
  await page.goto(host);
  const session = page.waitForResponse((r) => r.url().endsWith('/demo/sign-in'));
  await page.getByRole('button', { name: '登录（演示账号）' }).click();
  const { ywbh, token } = (await (await session).json()) as { ywbh: string; token: string };
  const frame = page.frameLocator('gjj-archive-collector iframe');
  await expect(frame.getByRole('heading', { name: /申请材料/ })).toBeVisible();
  return { frame, ywbh, token };
}

const logged = (page: Page, type: string) => page.locator(`#log li[data-type="${type}"]`);

test('collect materials inside the platform page: progress, a failed upload retried, a missing material, preview, delete, finish', async ({ page, request, baseURL }) => {
  const { frame, ywbh, token } = await signInAtHost(page);
  // resize: the frame takes the page's height, so it shows no scrollbar of its own.
  const iframe = page.locator('gjj-archive-collector iframe');
  await expect.poll(async () => iframe.evaluate((el) => el.style.height)).toMatch(/^\d+px$/);
  // Only what the page needs: no top navigation, popups, forms or modals.
  await expect(iframe).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-downloads');
  expect(new URL(await iframe.getAttribute('src') as string).hash).not.toContain('token');

  // Finishing with the required 身份证 missing names it.
  await frame.getByRole('button', { name: '提交材料' }).click();
  await expect(frame.getByRole('alert').filter({ hasText: '以下必传材料尚未上传：身份证（正反面）' })).toBeVisible();
  await expect(logged(page, 'gjj-message').last()).toContainText('请上传：身份证（正反面）');

  // The first upload fails at the server's door, the retry goes through; the upload is held back a moment so that
  // its progress bar can be seen.
  let calls = 0;
  await page.route('**/api/dzda/v1/zhcjyw/uploadCl', async (route) => {
    calls += 1;
    if (calls === 1) return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 503, msg: '服务繁忙，请稍后重试', data: null }) });
    await new Promise((done) => setTimeout(done, 600));
    return route.continue();
  });
  await frame.getByLabel('上传身份证（正反面）', { exact: true }).setInputFiles({ name: '身份证正面.png', mimeType: 'image/png', buffer: PNG });
  await expect(frame.getByText('服务繁忙，请稍后重试')).toBeVisible();
  await frame.getByRole('button', { name: '重试上传 身份证正面.png' }).click();
  await expect(frame.getByRole('progressbar', { name: '身份证正面.png 上传进度' })).toBeVisible();
  await expect(frame.locator('[data-clbh="SFZ"] .archive-file[data-file-id]')).toHaveCount(1);
  await page.unroute('**/api/dzda/v1/zhcjyw/uploadCl');

  // Several files at once into an optional material: a PDF and a PNG; then delete the PNG.
  await frame.getByLabel('上传结婚证或离婚证', { exact: true }).setInputFiles([
    { name: '户籍证明.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf() },
    { name: '婚姻证明.png', mimeType: 'image/png', buffer: PNG },
  ]);
  const jhz = frame.locator('[data-clbh="JHZ"] .archive-file[data-file-id]');
  await expect(jhz).toHaveCount(2);
  await frame.getByRole('button', { name: '删除 婚姻证明.png' }).click();
  await frame.getByRole('button', { name: '确定删除 婚姻证明.png' }).click();
  await expect(jhz).toHaveCount(1);

  // Preview of the PDF: in the frame, and the host is told.
  await frame.getByRole('button', { name: '预览 户籍证明.pdf' }).click();
  const shown = frame.getByRole('region', { name: '预览：户籍证明.pdf' });
  await expect(shown.locator('iframe')).toHaveAttribute('src', /^blob:/);
  await expect(logged(page, 'gjj-preview')).toContainText('"mimeType":"application/pdf"');
  await shown.getByRole('button', { name: '关闭预览' }).click();

  // The letter of the same application waits to be signed on a phone: <gjj-qr-signing> beside the collector, its QR
  // asked of the hall under the page's policy (connect-src the hall, img-src data:).
  const signing = page.getByRole('region', { name: '授权委托书扫码签署' });
  await expect(signing.getByRole('img', { name: '手机签署二维码' })).toHaveAttribute('src', /^data:image\/png;base64,/);

  await expectNoAxeViolations(page);

  // Finish: the host hears complete with the counts.
  await frame.getByRole('button', { name: '提交材料' }).click();
  await expect(logged(page, 'gjj-complete')).toContainText('"files":2');
  await expect(page.locator('#outcome')).toContainText('材料收集完成');

  // 上一步 reaches the host too.
  await frame.getByRole('button', { name: '上一步' }).click();
  await expect(logged(page, 'gjj-last-step')).toHaveCount(1);

  // The merged PDF: the PNG on a page of its own and the two pages of the PDF.
  const merged = await request.post(`${baseURL}/api/dzda/v1/zhcjyw/hcPdfWj`, { headers: { token, client: 'pc' }, data: { ywbh } });
  expect(merged.headers()['content-type']).toContain('application/pdf');
  expect((await PDFDocument.load(await merged.body())).getPageCount()).toBe(3);
});

test('the session ending inside the frame brings up the platform\'s login-expired dialog', async ({ page, request, baseURL }) => {
  const { frame, token } = await signInAtHost(page);
  await request.post(`${baseURL}/api/auth/v1/auth/token/logout`, { headers: { token, client: 'pc' } });
  await frame.getByLabel('上传身份证（正反面）', { exact: true }).setInputFiles({ name: '身份证.png', mimeType: 'image/png', buffer: PNG });
  const dialog = page.getByRole('dialog', { name: '系统提示' });
  await expect(dialog).toContainText('登录已失效，请重新登录');
  await expect(logged(page, 'gjj-token-timeout')).toHaveCount(1);
  await expect(frame.getByText('登录已失效，请重新登录。')).toBeVisible();
  // 重新登录 signs in again and the collection comes back.
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await expect(frame.getByRole('heading', { name: /申请材料/ })).toBeVisible();
});

/** The hostile corpus as JSON texts, parsed where it is posted (JSON.parse keeps `__proto__` as an own key). */
const env = (type: string, payload: unknown) => ({ source: 'gjj-archive', version: 1, type, payload });
const HOSTILE: string[] = [
  ...[null, 'gjj-archive', 42, ['gjj-archive', 1, 'tokenTimeOut', {}]].map((v) => JSON.stringify(v)),
  JSON.stringify({ ...env('tokenTimeOut', {}), version: 2 }),
  JSON.stringify(env('eval', {})),
  JSON.stringify({ source: 'gjj-archive', version: 1, type: 'tokenTimeOut' }),
  JSON.stringify(env('tokenTimeOut', { extra: 1 })),
  JSON.stringify(env('msg', { text: 'x'.repeat(100_000), level: 'error' })),
  JSON.stringify(env('init', { token: 'a b', ywbh: 'x' })),
  JSON.stringify(env('init', { token: 'forged', ywbh: 'x', more: 1 })),
  '{"source":"gjj-archive","version":1,"type":"init","payload":{"token":"t","ywbh":"x","__proto__":{"polluted":1}}}',
  '{"source":"gjj-archive","version":1,"type":"tokenTimeOut","payload":{},"__proto__":{"polluted":1}}',
];

test('postMessage attacks on both ends are ignored: foreign origin, wrong source, malformed, oversized, prototype pollution', async ({ page, baseURL }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().includes('[gjj-archive]')) warnings.push(m.text());
  });
  const { frame } = await signInAtHost(page);
  const hallFrame = page.frames().find((f) => f.url().includes('#/dzda')) as Frame;
  const valid = env('tokenTimeOut', {});

  // Another window of the hall's origin: a second hall frame beside the collector.
  await page.evaluate(
    (hall) =>
      new Promise<void>((done) => {
        const second = document.createElement('iframe');
        second.title = '另一个大厅页面';
        second.addEventListener('load', () => done());
        second.src = `${hall}/home.html#/404`;
        document.body.append(second);
      }),
    baseURL,
  );
  const second = page.frames().find((f) => f.url().includes('#/404')) as Frame;

  // At the host: a foreign origin (the host page itself), a wrong source (the second hall frame), and the corpus
  // from the real frame at the right origin.
  await page.evaluate((message) => window.postMessage(message, '*'), valid);
  await second.evaluate((message) => parent.postMessage(message, '*'), valid);
  await hallFrame.evaluate((corpus) => {
    for (const text of corpus) parent.postMessage(JSON.parse(text), '*');
  }, HOSTILE);
  // At the page: the corpus from the host at the host's origin, and a well-formed init with a forged token from a
  // foreign origin (the second hall frame is the hall's origin, not the host's).
  await page.evaluate(
    ({ corpus, hall }) => {
      const target = document.querySelector('gjj-archive-collector')!.shadowRoot!.querySelector('iframe')!.contentWindow!;
      for (const text of corpus) target.postMessage(JSON.parse(text), hall);
    },
    { corpus: HOSTILE, hall: baseURL! },
  );
  await second.evaluate((message) => parent.frames[0]?.postMessage(message, '*'), env('init', { token: 'forged', ywbh: 'x' }));
  await page.waitForTimeout(500);

  await expect(logged(page, 'gjj-token-timeout')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: '系统提示' })).toBeHidden();
  await expect(frame.getByRole('heading', { name: /申请材料/ })).toBeVisible();
  // The real session still works in the frame: nothing forged replaced it.
  await frame.getByLabel('上传身份证（正反面）', { exact: true }).setInputFiles({ name: '身份证.png', mimeType: 'image/png', buffer: PNG });
  await expect(frame.locator('[data-clbh="SFZ"] .archive-file[data-file-id]')).toHaveCount(1);
  expect(await page.evaluate(() => ({}) as Record<string, unknown>).then((o) => o['polluted'])).toBeUndefined();
  expect(await hallFrame.evaluate(() => ({}) as Record<string, unknown>).then((o) => o['polluted'])).toBeUndefined();
  // Each kind reported once, not once per message.
  expect(warnings.some((w) => w.includes('host ignored a message: wrong source'))).toBe(true);
  expect(warnings.some((w) => w.includes('host ignored a message: foreign origin'))).toBe(true);
  expect(warnings.some((w) => w.includes('page ignored a message'))).toBe(true);
  expect(new Set(warnings).size).toBe(warnings.length);
});
