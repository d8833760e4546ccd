// <gjj-qr-signing> as a page loads it from a script-tag file: its own (gjj-qr-signing.js) or the all-elements one.
// The signing calls need the applicant's session and a phone (the end-to-end test packages/hall/e2e/mobile-sign.spec.ts
// does all of it); here the page's fetch answers them, so that the built file's rendering and events are what is tested.
import { assertCleanPage, unloadTests, type ElementUnderTest } from './common.ts';
import { apiBase, assert, assertEqual, axeViolations, closePages, nextEvent, openPage, shadow, shownText, waitFor, type HostPage } from './support.ts';

type QrSigningElement = HTMLElement & { ywbh?: string; apiBase?: string; label?: string };

const TAG = 'gjj-qr-signing';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const UUID = '00000000-0000-4000-8000-0000000000b1';

/** Settled: the QR, or (without a session, against the real server) the load-failed overlay. */
const shown = (el: HTMLElement) =>
  waitFor(() => /^(shown|error)$/.test(shadow(el).querySelector('section')?.getAttribute('data-phase') ?? ''), `<${TAG}> to settle`);

export const QR_SIGNING: ElementUnderTest = { tag: TAG, markup: () => `<gjj-qr-signing ywbh="GJ03022026112600000001" api-base="${apiBase}"></gjj-qr-signing>`, shown };

/** The page's fetch answering the signing calls: `qsztcx` gives the statuses queued, then the last one again. */
function answerSigning(page: HostPage, statuses: number[]): string[] {
  const seen: string[] = [];
  const win = page.window;
  win.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof win.Request ? input.url : input);
    const call = url.replace(/^.*\/zhcjyw\//, '');
    seen.push(`${call} ${String(init?.body ?? '')}`);
    const data =
      call === 'qm'
        ? { uuid: UUID, urlBase: 'https://hall.example/home.html#/mobileSign?uuid=', exp: 600, codeImgBase64: `data:image/png;base64,${PNG}` }
        : call === 'qsztcx'
          ? { status: statuses.length > 1 ? statuses.shift() : statuses[0] }
          : { status: 10, fileId: 'F-WTR-1' };
    return new win.Response(JSON.stringify({ code: 0, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return seen;
}

export function qrSigningTests(file: string): void {
  describe(`<${TAG}> from ${file}`, () => {
    afterEach(closePages);

    it('shows the QR for its ywbh under a strict CSP, named by its label, and passes axe', async () => {
      const page = await openPage({ body: '' });
      const seen = answerSigning(page, [0]);
      page.document.querySelector('main')?.insertAdjacentHTML('beforeend', `<gjj-qr-signing ywbh="GJ03022026112600000002" label="委托书签署"></gjj-qr-signing>`);
      await page.loadScript(file);
      const el = page.document.querySelector(TAG) as QrSigningElement;
      await waitFor(() => shadow(el).querySelector('img'), 'the QR picture');
      assertEqual(shadow(el).querySelector('img')?.getAttribute('src'), `data:image/png;base64,${PNG}`, 'the picture the server drew');
      assertEqual(el.ywbh, 'GJ03022026112600000002', 'ywbh from its attribute');
      assertEqual(shadow(el).querySelector('section')?.getAttribute('aria-label'), '委托书签署', 'the panel named by label');
      assert(/二维码 \d+ 秒后失效/.test(shownText(el)), `a countdown (${shownText(el)})`);
      assertEqual(seen[0], 'qm {"ywbh":"GJ03022026112600000002"}', 'the link asked for');
      assertEqual(await axeViolations(page), [], 'axe violations');
      assertCleanPage(page);
    });

    it('fires gjj-signed with ywbh and fileId, bubbling and composed, and shows 已签署', async () => {
      const page = await openPage({ body: '' });
      answerSigning(page, [1, 10]);
      const signed = nextEvent<{ ywbh: string; fileId?: string }>(page, 'gjj-signed', 12_000);
      page.document.querySelector('main')?.insertAdjacentHTML('beforeend', `<gjj-qr-signing ywbh="GJ03022026112600000003"></gjj-qr-signing>`);
      await page.loadScript(file);
      const event = await signed;
      assert(event.bubbles && event.composed, 'gjj-signed bubbles and is composed');
      assertEqual(event.detail, { ywbh: 'GJ03022026112600000003', fileId: 'F-WTR-1' }, 'gjj-signed detail');
      const el = page.document.querySelector(TAG) as HTMLElement;
      await waitFor(() => shownText(el).includes('已签署'), '已签署');
      assertCleanPage(page);
    });

    it('fires gjj-expired when the server says the link is no longer valid (9), and offers 点击刷新', async () => {
      const page = await openPage({ body: '' });
      answerSigning(page, [9]);
      const expired = nextEvent<{ ywbh: string }>(page, 'gjj-expired', 12_000);
      page.document.querySelector('main')?.insertAdjacentHTML('beforeend', `<gjj-qr-signing ywbh="GJ03022026112600000004"></gjj-qr-signing>`);
      await page.loadScript(file);
      const event = await expired;
      assert(event.bubbles && event.composed, 'gjj-expired bubbles and is composed');
      assertEqual(event.detail, { ywbh: 'GJ03022026112600000004' }, 'gjj-expired detail');
      const el = page.document.querySelector(TAG) as HTMLElement;
      await waitFor(() => shownText(el).includes('二维码已失效'), 'the overlay');
      assert(shadow(el).querySelector('button')?.textContent === '点击刷新', 'the refresh button');
      assertCleanPage(page);
    });
  });

  unloadTests(file, QR_SIGNING);
}
