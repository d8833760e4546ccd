// <gjj-policy-list> as a page loads it from a script-tag file: its own (gjj-policy-list.js) or the all-elements one.
// The demo data has 31 policies, 6 of them in 提取政策 (tqzc); the list shows 20 a page unless told otherwise.
import { assertCleanPage, unloadTests, type ElementUnderTest } from './common.ts';
import { apiBase, assert, assertEqual, axeViolations, closePages, nextEvent, openPage, shadow, waitFor } from './support.ts';

type PolicyListElement = HTMLElement & { apiBase?: string; category?: string; pageSize?: number };
interface OpenPolicyDetail {
  id: string;
  title: string;
  category: string;
}

const TAG = 'gjj-policy-list';

const links = (el: HTMLElement) => [...shadow(el).querySelectorAll<HTMLButtonElement>('.gjj-policy-list__link')];
const total = (el: HTMLElement) => shadow(el).querySelector('.gjj-policy-list__total')?.textContent ?? '';

/** Waits until the list shows `count` policies of `of` in all. */
const showing = (el: HTMLElement, count: number, of: number) =>
  waitFor(
    () => links(el).length === count && total(el) === `共 ${of} 条`,
    () => `<${TAG}> to show ${count} of ${of} policies (it shows ${links(el).length}, "${total(el)}")`,
  );

export const POLICY_LIST: ElementUnderTest = {
  tag: TAG,
  markup: () => `<gjj-policy-list api-base="${apiBase}"></gjj-policy-list>`,
  shown: (el) => showing(el, 20, 31),
};

export function policyListTests(file: string): void {
  describe(`<${TAG}> from ${file}`, () => {
    afterEach(closePages);

    it('renders two instances side by side under a strict CSP, each with its own attributes', async () => {
      const page = await openPage({
        script: file,
        body: `<section>${POLICY_LIST.markup()}</section>
<section><gjj-policy-list api-base="${apiBase}" category="tqzc" page-size="10"></gjj-policy-list></section>`,
      });
      const [all, withdrawals] = [...page.document.querySelectorAll<HTMLElement>(TAG)] as [HTMLElement, HTMLElement];
      await showing(all, 20, 31);
      await showing(withdrawals, 6, 6);
      // Two of one element: still no landmark named twice (landmark-unique), nor anything else axe finds.
      assertEqual(await axeViolations(page), [], 'axe violations');
      assertCleanPage(page);
    });

    it('reflects its attributes in its properties (as numbers where they are), and category back to its attribute', async () => {
      const page = await openPage({ script: file, body: `<gjj-policy-list api-base="${apiBase}" page-size="10"></gjj-policy-list>` });
      const el = page.document.querySelector(TAG) as PolicyListElement;
      await showing(el, 10, 31);
      assertEqual([el.apiBase, el.pageSize, el.category], [apiBase, 10, undefined], 'properties from attributes');

      el.setAttribute('page-size', '30');
      assertEqual(el.pageSize, 30, 'pageSize after the attribute changed');
      await showing(el, 30, 31);

      // A property with an attribute reflects to it, so a host's [category=…] styles match.
      el.category = 'tqzc';
      assertEqual(el.getAttribute('category'), 'tqzc', 'category reflected to its attribute');
      await showing(el, 6, 6);
      el.category = undefined;
      assertEqual(el.hasAttribute('category'), false, 'category unset, its attribute removed');
      await showing(el, 30, 31);
      assertCleanPage(page);
    });

    it('fires gjj-load, and a cancelable gjj-open-policy that keeps the policy closed when cancelled', async () => {
      const page = await openPage({ script: file, body: '' });
      const loaded = nextEvent<{ total: number; category: string }>(page, 'gjj-load');
      page.document.querySelector('main')?.insertAdjacentHTML('beforeend', `<gjj-policy-list api-base="${apiBase}" category="tqzc"></gjj-policy-list>`);
      const load = await loaded;
      assert(load.bubbles && load.composed, 'gjj-load bubbles and is composed');
      assertEqual([load.detail.total, load.detail.category], [6, 'tqzc'], 'gjj-load detail');

      const el = page.document.querySelector(TAG) as HTMLElement;
      await showing(el, 6, 6);
      const first = links(el)[0] as HTMLButtonElement;
      page.document.addEventListener('gjj-open-policy', (e) => e.preventDefault(), { once: true });
      const cancelled = nextEvent<OpenPolicyDetail>(page, 'gjj-open-policy');
      first.click();
      const open = await cancelled;
      assert(open.cancelable && open.defaultPrevented, 'gjj-open-policy is cancelable and was cancelled');
      assertEqual([open.detail.title, open.detail.category], [first.textContent, 'tqzc'], 'gjj-open-policy detail');
      assertEqual(shadow(el).querySelector('.gjj-policy-detail__title'), null, 'no detail shown when cancelled');

      const opened = nextEvent<OpenPolicyDetail>(page, 'gjj-open-policy');
      first.click();
      await opened;
      await waitFor(() => shadow(el).querySelector('.gjj-policy-detail__title')?.textContent === first.textContent, 'the policy opened in the widget');
      assertCleanPage(page);
    });

    it('takes its properties and attributes set before the script loads', async () => {
      const page = await openPage({ body: '', csp: 'meta' });
      const main = page.document.querySelector('main') as HTMLElement;
      // Plain assignment (Lit's .prop=, Vue 2's .prop) before the element is defined.
      const byProperty = page.document.createElement(TAG) as PolicyListElement;
      byProperty.apiBase = apiBase;
      byProperty.pageSize = 10;
      const withCategory = page.document.createElement(TAG) as PolicyListElement;
      withCategory.apiBase = apiBase;
      withCategory.category = 'tqzc';
      // The documented attributes, and those a framework sets when it sees no such property yet (React 19, Vue 3).
      const byAttribute = page.document.createElement(TAG);
      byAttribute.setAttribute('api-base', apiBase);
      byAttribute.setAttribute('page-size', '10');
      const byFramework = page.document.createElement(TAG);
      byFramework.setAttribute('apiBase', apiBase);
      byFramework.setAttribute('pageSize', '10');
      main.append(byProperty, withCategory, byAttribute, byFramework);

      await page.loadScript(file);
      await showing(byProperty, 10, 31);
      await showing(withCategory, 6, 6);
      await showing(byAttribute, 10, 31);
      await showing(byFramework, 10, 31);
      assert(!Object.hasOwn(byProperty, 'pageSize') && !Object.hasOwn(withCategory, 'category'), 'properties set early are taken off the instance');
      assertEqual([byProperty.pageSize, withCategory.category, withCategory.getAttribute('category')], [10, 'tqzc', 'tqzc'], 'read back, category reflected');
      assertCleanPage(page);
    });
  });

  unloadTests(file, POLICY_LIST);
}
