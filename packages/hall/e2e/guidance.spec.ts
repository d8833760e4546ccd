import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, signIn, tokenOf } from './support';

// Guidance videos (/operationVideo), smart push (/znts) and the quick menu of spec 2.3, against the reference server.

const UNAVAILABLE = '该视频文件暂未上传，请稍后再来观看，或拨打 12329 服务热线咨询';

test.describe('guidance videos', () => {
  const RECORDED = ['个人用户登录网上业务大厅', '住房公积金贷款计算器', '提交投诉建议'];

  test('cards show poster, title, description, duration and date: the three recordings with 播放, one without a file with the message', async ({ page }) => {
    await page.goto('/home.html#/operationVideo');
    await expect(page).toHaveTitle('业务指南视频 - 网上业务大厅');
    const cards = page.getByRole('list', { name: '视频列表' }).getByRole('listitem');
    await expect(cards).toHaveCount(4);
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([...RECORDED, '住房公积金贷款申请流程']);
    const first = cards.filter({ hasText: RECORDED[0] });
    await expect(first).toContainText('演示个人用户用证件号码和密码登录网上业务大厅');
    await expect(first.getByRole('term')).toHaveText(['时长', '发布日期']);
    await expect(first.getByRole('definition')).toHaveText([/^00:\d{2}$/, /^\d{4}-\d{2}-\d{2}$/]);
    for (const title of RECORDED) await expect(page.getByRole('button', { name: `播放：${title}` })).toBeVisible();

    const poster = first.getByRole('img', { name: `视频封面：${RECORDED[0]}` });
    await expect(poster).toHaveAttribute('src', /\/api\/izfgjj-zhfw\/v1\/czsp\/poster\?id=\d+$/);
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    const missing = cards.filter({ hasText: '住房公积金贷款申请流程' });
    await expect(missing).toContainText('05:12');
    await expect(missing).toContainText(UNAVAILABLE);
    await expect(missing.getByRole('button')).toHaveCount(0);
    await expect(page.getByText(UNAVAILABLE)).toHaveCount(1);
    await expect(page.locator('video')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  for (const [width, dialogWidth] of [
    [1280, 1050],
    [390, null],
  ] as const) {
    test(`at ${width} px each recording plays in the dialog with controls, Chinese captions that load, and its transcript below`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/home.html#/operationVideo');
      for (const title of RECORDED) {
        await page.getByRole('button', { name: `播放：${title}` }).click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        if (dialogWidth) expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(dialogWidth);
        const video = dialog.locator('video');
        await expect(video).toHaveAttribute('controls', '');
        const src = (await video.getAttribute('src')) ?? '';
        expect(src).toMatch(/\/czsp\/file\/[a-z-]+\.webm$/);
        const file = await page.request.get(src);
        expect(file.status()).toBe(200);
        expect(file.headers()['content-type']).toBe('video/webm');
        // The browser reads it as a video: its length is known.
        await expect.poll(() => video.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0)), { timeout: 15_000 }).toBeGreaterThan(5);
        const track = video.locator('track');
        await expect(track).toHaveAttribute('kind', 'captions');
        await expect(track).toHaveAttribute('srclang', 'zh');
        const vtt = await page.request.get((await track.getAttribute('src')) ?? '');
        expect(vtt.status()).toBe(200);
        expect(vtt.headers()['content-type']).toBe('text/vtt; charset=utf-8');
        // The captions load (readyState 2) and hold Chinese cues.
        await expect.poll(() => track.evaluate((t: HTMLTrackElement) => t.readyState), { timeout: 15_000 }).toBe(2);
        const cues = await track.evaluate((t: HTMLTrackElement) => Array.from(t.track.cues ?? [], (c) => (c as VTTCue).text));
        expect(cues.length).toBeGreaterThan(3);
        expect(cues[0]).toMatch(/[\u4e00-\u9fa5]/);
        const transcript = dialog.getByRole('region', { name: '文字稿' });
        await expect(transcript).toContainText(cues[0]!);
        // Readable at the width: nothing wider than the page.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectNoAxeViolations(page);
        if (title === RECORDED[1]) await page.screenshot({ path: test.info().outputPath(`video-dialog-${width}.png`) });
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      await expect(page.locator('video')).toHaveCount(0);
    });
  }
});

test.describe('smart push', () => {
  test('signed out, /znts sends to /login', async ({ page }) => {
    await page.goto('/home.html#/znts');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('lists the items with tag, summary and date, pages, and opens a body in a dialog', async ({ page }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    await page.goto('/home.html#/znts');
    await expect(page).toHaveTitle('智能推送 - 网上业务大厅');
    const items = page.getByRole('list', { name: '推送列表' }).getByRole('listitem');
    await expect(items).toHaveCount(6);
    // Newest first.
    await expect(items.first()).toContainText('异地转移接续全程网办');
    await expect(items.first()).toContainText('转移');
    await expect(items.first()).toContainText('跨城市工作调动后，可在网上业务大厅申请转移接续');
    await expect(items.first()).toContainText(/\d{4}-\d{2}-\d{2}/);
    await expectNoAxeViolations(page);

    const pager = page.getByRole('navigation', { name: '推送列表分页' });
    await expect(pager).toContainText('共 6 条');
    await pager.getByRole('combobox', { name: '每页条数' }).selectOption('10');
    await expect(page).toHaveURL(/size=10/);
    await expect(items).toHaveCount(6);

    await page.getByRole('button', { name: '谨防公积金诈骗' }).click();
    const dialog = page.getByRole('dialog', { name: '谨防公积金诈骗' });
    await expect(dialog).toContainText('中心不会以任何名义索要验证码或要求转账');
    await expect(dialog).toContainText('如有疑问，请拨打 12329 服务热线或到就近管理部咨询。');
    await expect(dialog).toContainText('安全');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: '关闭' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: '谨防公积金诈骗' })).toBeFocused();
  });
});

test.describe('quick menu (spec 2.3)', () => {
  test('signed out: three items, reachable by keyboard, the current page marked', async ({ page }) => {
    await page.goto('/home.html#/operationVideo');
    // The page settles first (a new page takes the focus to its content).
    await expect(page.getByRole('list', { name: '视频列表' })).toBeVisible();
    const quick = page.getByRole('navigation', { name: '便民服务' });
    const links = quick.getByRole('link');
    await expect(links).toHaveText(['中心简介', '政策信息', '贷款利率']);
    await expect(quick.locator('[aria-current]')).toHaveCount(0);
    // Tab moves through the page to the menu, link by link.
    await links.first().focus();
    await page.keyboard.press('Tab');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(links.nth(2)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/loanRate$/);
    await expect(page.getByRole('heading', { level: 1, name: '贷款利率' })).toBeVisible();
    await expect(quick.getByRole('link', { name: '贷款利率' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
  });

  test('signed in: six items; opening one that needs login after the session ended brings the login-expired tip', async ({ page }) => {
    await signIn(page, DEMO.personal);
    await dismissPrompts(page);
    await page.goto('/home.html#/operationVideo');
    // The page settles first (a new page takes the focus to its content).
    await expect(page.getByRole('list', { name: '视频列表' })).toBeVisible();
    const quick = page.getByRole('navigation', { name: '便民服务' });
    await expect(quick.getByRole('link')).toHaveText(['中心简介', '政策信息', '贷款利率', '合作楼盘', '常用下载', '投诉建议']);
    for (const name of ['合作楼盘', '常用下载', '投诉建议']) {
      await quick.getByRole('link', { name }).focus();
      await expect(quick.getByRole('link', { name })).toBeFocused();
    }
    await expectNoAxeViolations(page);

    // The session ends on the server (as after a sign-out elsewhere) while the page still holds its token.
    const token = await tokenOf(page);
    expect(token).not.toBe('');
    const ended = await page.request.post('/api/auth/v1/auth/token/logout', { headers: { token } });
    expect(ended.ok()).toBe(true);
    // 常用下载's own list is public, so it is the menu that notices.
    await quick.getByRole('link', { name: '常用下载' }).click();
    const tip = page.getByRole('alertdialog', { name: '系统提示' });
    await expect(tip).toBeVisible();
    await expect(tip).toContainText('登录已过期，请重新登录');
    await expectNoAxeViolations(page);
    await tip.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByRole('navigation', { name: '便民服务' }).getByRole('link')).toHaveCount(3);
  });
});
