import { readFile } from 'node:fs/promises';
import { chromium, type Download, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../../test/support/chromium';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, signIn } from './support';

// The introduction, partner developments, common downloads and document preview pages (issue 7) against the
// reference server's seeded content. Nothing here changes server state.

/** Signs in as 张三 and waits for the welcome toast, so it cannot replace a toast a test is waiting for. */
async function signInPerson(page: Page): Promise<void> {
  await signIn(page, DEMO.personal);
  await dismissPrompts(page);
  await expect(page.getByText(`登录成功，欢迎您，${DEMO.personal.name}`)).toBeVisible();
}

/** Collects the page's CSP violations, reported on the console. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

const downloadRow = (page: Page, title: string) => page.getByRole('row', { name: new RegExp(title) });

test.describe('/introToCenter', () => {
  test('shows the introduction with its update date and its data: image, sanitized, and passes axe', async ({ page }) => {
    const violations = cspViolations(page);
    await page.goto('/home.html#/introToCenter');
    await expect(page).toHaveTitle('中心简介 - 网上业务大厅');
    await expect(page.getByRole('heading', { level: 1, name: '中心简介' })).toBeVisible();
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { name: '主要职责' })).toBeVisible();
    await expect(article).toContainText('负责全市住房公积金的归集、管理、使用和会计核算');
    await expect(article).toContainText('更新时间：2026-01-05');
    const image = article.getByRole('img', { name: '中心服务理念：为民服务，安居乐业' });
    await expect(image).toBeVisible();
    expect(await image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    // Loaded under the hall's CSP (img-src data:), not just present.
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    expect(violations).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('a failed load says so and 重新加载 tries again', async ({ page }) => {
    // The network fails once (the server cannot be made to fail this call); the retry reaches the real server.
    let failed = false;
    await page.route('**/zxjs/getInfo', async (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.abort('connectionfailed');
    });
    await page.goto('/home.html#/introToCenter');
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).not.toBeEmpty();
    await expect(page.getByRole('article')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await alert.getByRole('button', { name: '重新加载' }).click();
    await expect(page.getByRole('article')).toContainText('主要职责');
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  });
});

test.describe('/cooperation', () => {
  test('needs a session: a signed-out visitor is sent to /login', async ({ page }) => {
    await page.goto('/home.html#/cooperation');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('lists the partner developments and the lending banks, searches by developer name and pages', async ({ page }) => {
    await signInPerson(page);
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/kfslpxx/getList')) listCalls.push(new URL(r.url()).search);
    });
    await page.goto('/home.html#/cooperation');
    await expect(page).toHaveTitle('合作楼盘 - 网上业务大厅');
    const table = page.getByRole('table', { name: '合作楼盘列表' });
    await expect(table.getByRole('columnheader')).toHaveText(['项目名称', '开发商', '区域', '地址', '预售许可证号', '合作银行', '联系电话', '合作日期']);
    // The centre's eight and the three approved developers' projects on sale (seed step 65, docs/api-developer.md).
    await expect(table.getByRole('row')).toHaveCount(12);
    await expect(page.getByText('共 11 条')).toBeVisible();
    await expect(table.getByRole('row', { name: /锦绣华庭/ })).toContainText('示例置业发展有限公司');
    const banks = page.getByRole('region', { name: '合作银行' });
    await expect(banks.getByRole('listitem').filter({ hasText: '中国建设银行' })).toHaveText('中国建设银行：合作楼盘 2 个');
    await expectNoAxeViolations(page);

    // Too short: the spec's message under the field, and no call.
    const field = page.getByRole('textbox', { name: '开发商名称' });
    const before = listCalls.length;
    await field.fill(' 示 ');
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page.getByText('请输入查询单位信息(不能少于2个字符)')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('请输入查询单位信息(不能少于2个字符)');
    await expect(field).toHaveValue(' 示 ');
    expect(listCalls.length).toBe(before);
    await expectNoAxeViolations(page);

    // A name that matches: the four developments of 示例置业, the name kept in the address.
    await field.fill('示例置业');
    await field.press('Enter');
    await expect(page).toHaveURL(/kfsmc=%E7%A4%BA%E4%BE%8B%E7%BD%AE%E4%B8%9A/);
    const matched = page.getByRole('table', { name: '开发商名称含“示例置业”的合作楼盘' });
    await expect(matched.getByRole('row')).toHaveCount(5);
    for (const row of await matched.getByRole('row').all().then((rows) => rows.slice(1))) {
      await expect(row).toContainText('示例置业发展有限公司');
    }
    await expect(page.getByText('共 4 条')).toBeVisible();
    await expect(page.getByText('请输入查询单位信息(不能少于2个字符)')).toHaveCount(0);

    // No match: 暂无数据.
    await field.fill('不存在的开发商');
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page.getByText('暂无数据')).toBeVisible();
    await expect(page.getByText('共 0 条')).toBeVisible();
    await page.getByRole('button', { name: '重置' }).click();
    await expect(field).toHaveValue('');
    await expect(page.getByText('共 11 条')).toBeVisible();

    // Paging: 10 a page holds ten of the eleven; page 2 the last one, and 上一页 leads back.
    const pager = page.getByRole('navigation', { name: '合作楼盘分页' });
    await pager.getByRole('combobox', { name: '每页条数' }).selectOption('10');
    await expect(page).toHaveURL(/size=10/);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);
    await expect(pager.getByRole('button', { name: '下一页' })).toBeEnabled();
    await page.goto('/home.html#/cooperation?page=2&size=10');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await expect(pager.getByText('共 11 条')).toBeVisible();
    await pager.getByRole('button', { name: '上一页' }).click();
    await expect(page).toHaveURL(/page=1/);
    await expect(pager.getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);
  });
});

test.describe('/cooperation when the session ends', () => {
  test('a session ended on the server brings the shell\'s 401 dialog on the next search', async ({ page }) => {
    await signInPerson(page);
    const listed = page.waitForRequest((r) => r.url().includes('/kfslpxx/getList'));
    await page.goto('/home.html#/cooperation');
    const token = (await listed).headers()['token'];
    expect(token).toBeTruthy();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(12);
    // This session only (the tests beside this one keep theirs): signed out as 退出系统 would.
    const logout = await page.request.post('/api/auth/v1/auth/token/logout', { headers: { token: token ?? '' } });
    expect(logout.ok()).toBe(true);
    await page.getByRole('textbox', { name: '开发商名称' }).fill('示例置业');
    await page.getByRole('button', { name: '查询' }).click();
    const dialog = page.getByRole('alertdialog', { name: '系统提示' });
    await expect(dialog).toContainText('登录已过期，请重新登录');
    await expectNoAxeViolations(page);
  });
});

test.describe('/commonDownload', () => {
  test('at 390 px each form is a labelled card: label and value on one line, nothing wider than the screen, axe clean', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home.html#/commonDownload');
    const row = downloadRow(page, '住房公积金提取申请表');
    const name = row.getByRole('rowheader');
    const format = row.getByRole('cell').first();
    await expect(name).toHaveText('住房公积金提取申请表');
    await expect(format).toHaveText('PDF');
    // The label is drawn before the value (data-label); both sit on one line of the card.
    const cell = async (l: typeof name) =>
      l.evaluate((el) => ({
        label: getComputedStyle(el, '::before').content,
        height: el.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(el).lineHeight) || 24,
        width: el.getBoundingClientRect().width,
      }));
    const n = await cell(name);
    const f = await cell(format);
    expect(n.label).toBe('"名称"');
    expect(f.label).toBe('"格式"');
    // Ten characters of the name on one line, not one character per line as in the old table.
    expect(n.height).toBeLessThan(n.lineHeight * 2);
    expect(f.height).toBeLessThan(f.lineHeight * 2);
    expect(n.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The shown caption reads on one line too.
    const caption = await page.getByText('表格下载', { exact: true }).boundingBox();
    expect(caption?.width).toBeGreaterThan(300);
    await expect(row.getByRole('button', { name: /下载/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('lists the forms with format, size and date; signed out there is no 预览 (the preview needs a session)', async ({ page }) => {
    await page.goto('/home.html#/commonDownload');
    await expect(page).toHaveTitle('常用下载 - 网上业务大厅');
    const table = page.getByRole('table', { name: '表格下载' });
    await expect(table.getByRole('columnheader')).toHaveText(['名称', '格式', '大小', '发布日期', '操作']);
    await expect(downloadRow(page, '住房公积金提取申请表')).toContainText(/PDF\s*\d+\.\d KB\s*2026-01-10/);
    await expect(downloadRow(page, '单位住房公积金缴存登记表')).toContainText('Word');
    await expect(page.getByRole('navigation', { name: '常用下载分页' })).toContainText(/共 \d+ 条/);
    await expect(table.getByRole('link', { name: /预览/ })).toHaveCount(0);
    await expect(page.getByText('登录后可在线预览 PDF 文件和图片。')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('下载 shows its progress, allows one download at a time, and saves the real PDF under its name', async ({ page, context }) => {
    await page.goto('/home.html#/commonDownload');
    const row = downloadRow(page, '住房公积金提取申请表');
    const button = row.getByRole('button', { name: /下载/ });
    await expect(button).toBeEnabled();
    // A slow line (600 B/s), so the download lasts long enough to be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 600, uploadThroughput: -1 });
    let calls = 0;
    page.on('request', (r) => void (r.url().includes('/cyxz/download') && (calls += 1)));
    const download = page.waitForEvent('download');
    await button.click();
    const progress = row.getByRole('progressbar', { name: '住房公积金提取申请表下载进度' });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuetext', /^已下载 \d+%$/);
    await expect(row.getByText(/^已下载 \d+%$/)).toBeVisible();
    await expect(button).toBeDisabled();
    await button.click({ force: true }); // a second click while it runs starts nothing
    const saved = await download;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(saved.suggestedFilename()).toBe('住房公积金提取申请表.pdf');
    const bytes = await bytesOf(saved);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    await expect(page.getByText('住房公积金提取申请表下载完成')).toBeVisible();
    await expect(progress).toHaveCount(0);
    await expect(button).toBeEnabled();
    expect(calls).toBe(1);
  });

  test('a Word form downloads as a real DOCX (a zip with word/document.xml), by keyboard', async ({ page }) => {
    await page.goto('/home.html#/commonDownload');
    const download = page.waitForEvent('download');
    await downloadRow(page, '单位住房公积金缴存登记表').getByRole('button', { name: /下载/ }).focus();
    await page.keyboard.press('Enter');
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/\.docx$/);
    const bytes = await bytesOf(saved);
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.includes(Buffer.from('word/document.xml'))).toBe(true);
  });

  test('a failed download shows the message in its row and can be retried', async ({ page }) => {
    await page.goto('/home.html#/commonDownload');
    const row = downloadRow(page, '住房公积金贷款申请表');
    // The connection drops once; the retry reaches the real server.
    await page.route('**/cyxz/download**', (route) => route.abort('connectionfailed'));
    await row.getByRole('button', { name: /下载/ }).click();
    const alert = row.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).not.toBeEmpty();
    await expectNoAxeViolations(page);
    await page.unroute('**/cyxz/download**');
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /重新下载/ }).click();
    const bytes = await bytesOf(await download);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(row.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('/ylOfd', () => {
  test('needs a session: a signed-out visitor is sent to /login', async ({ page }) => {
    await page.goto('/home.html#/ylOfd?id=1');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('shows a PDF in a frame of a blob: URL typed application/pdf, an image in the page, and explains OFD', async ({ baseURL }) => {
    // The full browser: the headless shell the other tests drive has no PDF viewer.
    const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    const page = await (await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', acceptDownloads: true })).newPage();
    try {
      await showsPdf(page);
    } finally {
      await browser.close();
    }
  });

  test('the hall\'s CSP allows frames from itself and blob: only, and still no plugins', async ({ page }) => {
    const response = await page.goto('/home.html#/ylOfd?id=1');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-src 'self' blob:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("script-src 'self'");
  });

  test('an unknown or malformed id says so', async ({ page }) => {
    await signInPerson(page);
    await page.goto('/home.html#/ylOfd?id=999999');
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('文件不存在或已下架');
    await expect(alert.getByRole('link', { name: '返回常用下载' })).toBeVisible();
    await page.goto('/home.html#/ylOfd?id=abc');
    await expect(alert).toContainText('文件编号不正确，无法预览');
    await expectNoAxeViolations(page);
  });
});

/** A 2 × 1 PNG (red, blue). */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP4z8DAwPAfAAcAAf9+CLHQAAAAAElFTkSuQmCC';

/** Stores a document as an opener page would (shared/preview-handoff.ts) and answers its key. */
async function handOver(page: Page, data: string, name: string): Promise<string> {
  return page.evaluate(
    ([d, n]) => {
      const key = crypto.randomUUID();
      sessionStorage.setItem(`gjj-hall:preview:${key}`, JSON.stringify({ data: d, name: n }));
      return key;
    },
    [data, name] as const,
  );
}

test.describe('/ylOfdBase64', () => {
  test('shows a handed-over image and PDF once, by their bytes, and the key leaves nothing behind', async ({ page }) => {
    await signInPerson(page);
    // Named .pdf, but the bytes are a PNG: shown as the image it is.
    let key = await handOver(page, PNG_BASE64, '伪装.pdf');
    await page.goto(`/home.html#/ylOfdBase64?key=${key}`);
    const image = page.getByRole('img', { name: '伪装.pdf.png 预览' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    expect(await page.evaluate((k) => sessionStorage.getItem(`gjj-hall:preview:${k}`), key)).toBeNull();
    await expectNoAxeViolations(page);
    // Read once: a reload finds nothing.
    await page.reload();
    await expect(page.getByText('解析数据为空！')).toBeVisible();

    // A real PDF from the server, as base64 in a data: URL.
    const list = await (await page.request.get('/api/izfgjj-zhfw/v1/cyxz/getList?pageSize=50')).json();
    const pdf = (list.data.list as Array<{ contentType: string; url: string }>).find((f) => f.contentType === 'application/pdf');
    const pdfBytes = await (await page.request.get(pdf?.url ?? '')).body();
    key = await handOver(page, `data:application/pdf;base64,${pdfBytes.toString('base64')}`, '缴存证明');
    await page.goto(`/home.html#/ylOfdBase64?key=${key}`);
    await expect(page.locator('iframe[title="缴存证明.pdf 预览"]')).toHaveAttribute('src', /^blob:http/);
    await expectNoAxeViolations(page);
  });

  test('no data, undecodable data or HTML bytes are never shown as a document', async ({ page }) => {
    await signInPerson(page);
    await page.goto('/home.html#/ylOfdBase64');
    await expect(page.getByText('解析数据为空！')).toBeVisible();
    await expectNoAxeViolations(page);

    let key = await handOver(page, '这不是base64!!', 'x.pdf');
    await page.goto(`/home.html#/ylOfdBase64?key=${key}`);
    await expect(page.getByText('解析数据为空！')).toBeVisible();

    key = await handOver(page, '', 'x.pdf');
    await page.goto(`/home.html#/ylOfdBase64?key=${key}`);
    await expect(page.getByText('解析数据为空！')).toBeVisible();

    // HTML that calls itself a PDF: offered for download, never put in a frame.
    key = await handOver(page, Buffer.from('<html><script>window.__previewXss=1</script>%PDF-1.4</html>').toString('base64'), 'x.pdf');
    await page.goto(`/home.html#/ylOfdBase64?key=${key}`);
    await expect(page.getByText('该文件格式暂不支持在线预览，请下载后查看')).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __previewXss?: number }).__previewXss)).toBeUndefined();
  });
});

/** The /ylOfd walk of the test above, in a page of the full browser. */
async function showsPdf(page: Page): Promise<void> {
  const violations = cspViolations(page);

  await signInPerson(page);
  await page.goto('/home.html#/commonDownload');
  await downloadRow(page, '住房公积金提取申请表').getByRole('link', { name: /预览/ }).click();
  await expect(page).toHaveURL(/#\/ylOfd\?id=\d+$/);
  await expect(page).toHaveTitle('电子文件预览 - 网上业务大厅');
  await expect(page.locator('iframe[title="住房公积金提取申请表.pdf 预览"]')).toHaveAttribute('src', /^blob:http/);
  await expect(page.getByText('住房公积金提取申请表.pdf（PDF，')).toBeVisible();
  // The frame holds the PDF itself (the browser's viewer shows it where it has one).
  await expect.poll(async () => {
    const child = page.frames().find((f) => f.url().startsWith('blob:'));
    return child ? child.evaluate(() => document.contentType).catch(() => '') : '';
  }).toBe('application/pdf');
  await expectNoAxeViolations(page);
  // 下载文件 saves what was shown.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载文件' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('住房公积金提取申请表.pdf');
  expect((await bytesOf(saved)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Opened by its address (a bookmark: no name handed over by the list), the document keeps its real name, never 文件1.pdf.
  const address = page.url();
  await page.goto('/home.html#/commonDownload');
  await page.goto(address);
  await expect(page.getByText('住房公积金提取申请表.pdf（PDF，')).toBeVisible();
  await expect(page.getByText(/文件\d+\.pdf/)).toHaveCount(0);

  await page.goto('/home.html#/commonDownload');
  await downloadRow(page, '住房公积金业务办理流程图').getByRole('link', { name: /预览/ }).click();
  const image = page.getByRole('img', { name: '住房公积金业务办理流程图.png 预览' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^blob:http/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await expectNoAxeViolations(page);

  await page.goto('/home.html#/commonDownload');
  await downloadRow(page, '住房公积金缴存证明').getByRole('link', { name: /预览/ }).click();
  await expect(page.getByText('OFD 版式文件暂不支持在线预览，请下载后使用 OFD 阅读器打开')).toBeVisible();
  await expect(page.locator('iframe, .doc-preview img')).toHaveCount(0);
  await expectNoAxeViolations(page);
  const ofd = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载文件' }).click();
  const ofdFile = await ofd;
  expect(ofdFile.suggestedFilename()).toBe('住房公积金缴存证明（样例）.ofd');
  const ofdBytes = await bytesOf(ofdFile);
  expect(ofdBytes.readUInt32LE(0)).toBe(0x04034b50);
  expect(ofdBytes.includes(Buffer.from('OFD.xml'))).toBe(true);
  expect(violations).toEqual([]);
}
