// <gjj-rate-table> as a page loads it from a script-tag file: its own (gjj-rate-table.js) or the all-elements one.
import { assertCleanPage, unloadTests, type ElementUnderTest } from './common.ts';
import { apiBase, assert, assertEqual, axeViolations, closePages, nextEvent, openPage, shadow, shownText, waitFor } from './support.ts';

type RateTableElement = HTMLElement & { apiBase?: string };

const TAG = 'gjj-rate-table';

/** Shows both lists from the server: the provident fund's 2.60 % (code 02) among them. */
const shown = (el: HTMLElement) =>
  waitFor(() => shadow(el).querySelectorAll('table').length === 2 && shownText(el).includes('2.60%'), `<${TAG}> to show both rate lists`);

export const RATE_TABLE: ElementUnderTest = { tag: TAG, markup: () => `<gjj-rate-table api-base="${apiBase}"></gjj-rate-table>`, shown };

export function rateTableTests(file: string): void {
  describe(`<${TAG}> from ${file}`, () => {
    afterEach(closePages);

    it('renders two instances side by side under a strict CSP', async () => {
      const page = await openPage({ script: file, body: `<section>${RATE_TABLE.markup()}</section><section>${RATE_TABLE.markup()}</section>` });
      const tables = [...page.document.querySelectorAll<HTMLElement>(TAG)];
      assertEqual(tables.length, 2, 'instances');
      for (const table of tables) await shown(table);
      // Two of one element: still no landmark named twice (landmark-unique), nor anything else axe finds.
      assertEqual(await axeViolations(page), [], 'axe violations');
      assertCleanPage(page);
    });

    it('reflects its attribute in its property and follows a change of either', async () => {
      const page = await openPage({ script: file, body: RATE_TABLE.markup() });
      const table = page.document.querySelector(TAG) as RateTableElement;
      await shown(table);
      assertEqual(table.apiBase, apiBase, 'apiBase from api-base');
      const failed = nextEvent<{ message: string }>(page, 'gjj-error');
      table.setAttribute('api-base', `${apiBase}/missing`);
      assertEqual(table.apiBase, `${apiBase}/missing`, 'apiBase after the attribute changed');
      await failed;
      await waitFor(() => shadow(table).querySelector('[role="alert"]'), 'the failure to show');
      table.apiBase = apiBase;
      await shown(table);
      assertCleanPage(page);
    });

    it('fires gjj-load with the rates and gjj-error with a message, bubbling and composed', async () => {
      const page = await openPage({ script: file, body: '' });
      const loaded = nextEvent<{ provident: Array<{ llmc: string; zxll: number }> }>(page, 'gjj-load');
      page.document.querySelector('main')?.insertAdjacentHTML('beforeend', RATE_TABLE.markup());
      const load = await loaded;
      assert(load.bubbles && load.composed, 'gjj-load bubbles and is composed');
      assertEqual(load.detail.provident.find((r) => r.llmc === '02')?.zxll, 2.6, 'the provident rate of code 02');

      const failed = nextEvent<{ message: string }>(page, 'gjj-error');
      page.document.querySelector('main')?.insertAdjacentHTML('beforeend', `<gjj-rate-table api-base="${apiBase}/missing"></gjj-rate-table>`);
      const error = await failed;
      assert(error.bubbles && error.composed, 'gjj-error bubbles and is composed');
      assert(typeof error.detail.message === 'string' && error.detail.message.length > 0, 'gjj-error has a message');
      assertCleanPage(page);
    });

    it('takes its property and attributes set before the script loads', async () => {
      const page = await openPage({ body: '' });
      const main = page.document.querySelector('main') as HTMLElement;
      // Plain assignment (Lit's .prop=, Vue 2's .prop) before the element is defined.
      const byProperty = page.document.createElement(TAG) as RateTableElement;
      byProperty.apiBase = apiBase;
      // The documented attribute, and the attribute a framework sets when it sees no such property yet (React 19, Vue 3).
      const byAttribute = page.document.createElement(TAG);
      byAttribute.setAttribute('api-base', apiBase);
      const byFramework = page.document.createElement(TAG);
      byFramework.setAttribute('apiBase', apiBase);
      main.append(byProperty, byAttribute, byFramework);

      await page.loadScript(file);
      for (const el of [byProperty, byAttribute, byFramework]) await shown(el);
      assert(!Object.hasOwn(byProperty, 'apiBase'), 'the property set early is taken off the instance');
      assertEqual(byProperty.apiBase, apiBase, 'apiBase set early, read back');
      assertCleanPage(page);
    });
  });

  unloadTests(file, RATE_TABLE);
}
