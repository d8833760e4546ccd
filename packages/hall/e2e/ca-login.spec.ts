import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../../test/support/e2e';
import { DEMO, dismissPrompts, openLogin, type DemoLogin } from './support';

// Certificate sign-in with the demo key files the repository publishes (packages/server/demo-ca, demo only).
const keyFile = (name: string) => fileURLToPath(new URL(`../../server/demo-ca/${name}.gjjkey.json`, import.meta.url));

async function openCertificateTab(page: Page, type: DemoLogin['type']): Promise<void> {
  await openLogin(page);
  await page.getByRole('radio', { name: `${type}登录` }).check();
  await page.getByRole('tab', { name: '数字证书' }).click();
  await expect(page.getByLabel('证书密钥文件')).toBeVisible();
}

for (const [kind, who, file] of [
  ['the demo unit', DEMO.unit, 'unit'],
  ['the demo developer', DEMO.developer, 'developer'],
] as const) {
  test(`${kind} signs in with its key file; the private key never leaves the page`, async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => sent.push(`${r.url()} ${r.postData() ?? ''}`));
    await openCertificateTab(page, who.type);
    await page.getByLabel('证书密钥文件').setInputFiles(keyFile(file));
    const summary = page.getByRole('definition').filter({ hasText: new RegExp(`^${who.account}$`) });
    await expect(summary).toBeVisible();
    await expectNoAxeViolations(page);

    const login = page.waitForRequest((r) => r.url().endsWith('/api/auth/v1/ca/caLogin'));
    await page.getByRole('button', { name: '证书登录' }).click();
    const body = JSON.parse((await login).postData() ?? '{}') as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['account', 'loginType', 'random', 'serial', 'signature']);
    expect(body).toMatchObject({ account: who.account, random: expect.stringMatching(/^[0-9a-f]{64}$/), signature: expect.stringMatching(/^[0-9a-f]{128}$/) });

    await expect(page).toHaveURL(new RegExp(`#${who.home}$`));
    await dismissPrompts(page);
    await expect(page.getByRole('button', { name: new RegExp(who.name) })).toBeVisible();
    // Nothing sent carries the private key (the demo files' keys start with these digits).
    const privateKey = file === 'unit' ? '7b8a7c7d6754bdce' : '8787cc7f39121198';
    expect(sent.filter((s) => s.includes(privateKey))).toEqual([]);
  });
}

test('a signature by another key is refused with a clear message, and the form keeps the file', async ({ page }) => {
  await openCertificateTab(page, '单位');
  await page.getByLabel('证书密钥文件').setInputFiles(keyFile('unregistered-unit'));
  await page.getByRole('button', { name: '证书登录' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '证书签名验证失败' })).toHaveText('证书签名验证失败：所选密钥文件与该账号登记的证书不符');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('definition').filter({ hasText: new RegExp(`^${DEMO.unit.account}$`) })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a random that was already used is refused', async ({ page: first_ }) => {
  let page = first_;
  await openCertificateTab(page, '开发商');
  await page.getByLabel('证书密钥文件').setInputFiles(keyFile('developer'));
  const first = page.waitForResponse((r) => r.url().endsWith('/api/auth/v1/ca/getRandom'));
  await page.getByRole('button', { name: '证书登录' }).click();
  const used = ((await (await first).json()) as { data: { random: string } }).data.random;
  await expect(page).toHaveURL(/#\/kfswt\/home$/);

  // In a new tab (signed out), the page is handed the same random again (a replay): the server refuses it.
  page = await page.context().newPage();
  await page.route('**/api/auth/v1/ca/getRandom', (route) => route.fulfill({ json: { code: 0, msg: 'ok', data: { random: used, expiresIn: 120 } } }));
  await openCertificateTab(page, '开发商');
  await page.getByLabel('证书密钥文件').setInputFiles(keyFile('developer'));
  await page.getByRole('button', { name: '证书登录' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '随机数' })).toHaveText('证书登录随机数已使用，请重新发起登录');
  await expect(page).toHaveURL(/#\/login$/);
  await expectNoAxeViolations(page);
});

test('files that do not fit are explained, and individuals are told the method is for units and developers', async ({ page }) => {
  await openCertificateTab(page, '单位');
  const input = page.getByLabel('证书密钥文件');
  await input.setInputFiles(keyFile('developer'));
  await expect(input).toHaveAccessibleDescription(/所选证书属于开发商账号，请选择“开发商登录”后再登录/);
  await page.getByRole('button', { name: '证书登录' }).click();
  await expect(input).toBeFocused();
  await input.setInputFiles({ name: 'not-a-key.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":1}') });
  await expect(input).toHaveAccessibleDescription(/证书密钥文件格式不受支持/);
  await expectNoAxeViolations(page);

  await page.getByRole('radio', { name: '个人登录' }).check();
  await expect(page.getByRole('tabpanel')).toContainText('数字证书登录仅适用于单位和开发商');
  await expect(page.getByRole('link', { name: '政务服务网登录' })).toBeVisible();
});

test('in development the tab offers the demo key files for download', async ({ page }) => {
  await openCertificateTab(page, '单位');
  const link = page.getByRole('link', { name: 'unit.gjjkey.json', exact: true });
  await expect(link).toBeVisible();
  const download = page.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toBe('unit.gjjkey.json');
});
