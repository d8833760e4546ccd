// <gjj-loan-calculator> as a page loads it from a script-tag file: its own (gjj-loan-calculator.js) or the all-elements
// one. The script-tag files compute in the browser unless `mode="remote"`.
import { assertCleanPage, unloadTests, type ElementUnderTest } from './common.ts';
import {
  apiBase,
  assert,
  assertEqual,
  axeViolations,
  button,
  closePages,
  control,
  fill,
  inPage,
  nextEvent,
  openPage,
  releaseCompanions,
  shadow,
  waitFor,
  type HostPage,
} from './support.ts';

interface RateInput {
  llmc: string;
  zxll: number;
}
type CalculatorElement = HTMLElement & { apiBase?: string; mode?: string; providentRates?: unknown; commercialRates?: unknown };
interface CalculateDetail {
  tab: string;
  mode: string;
  inputs: { amount: string; months: number; providentRate: string; commercialRate: string };
  results: { provident: { monthlyPayment: string } };
}

const TAG = 'gjj-loan-calculator';

// Not the server's (02: 2.6 %, 22: 3.6 %), so it shows where the rates came from.
const PROVIDENT: RateInput[] = [
  { llmc: '01', zxll: 2.35 },
  { llmc: '02', zxll: 2.85 },
  { llmc: '71', zxll: 2.775 },
  { llmc: '72', zxll: 3.325 },
];
const COMMERCIAL: RateInput[] = [
  { llmc: '21', zxll: 3.45 },
  { llmc: '22', zxll: 3.95 },
  { llmc: '23', zxll: 3.45 },
  { llmc: '24', zxll: 3.95 },
];
const GIVEN = `provident-rates='${JSON.stringify(PROVIDENT)}' commercial-rates='${JSON.stringify(COMMERCIAL)}'`;

/** The listed provident rate the form shows for a five-year-plus first home (code 02) once it has its rates. */
export async function listedProvidentRate(el: HTMLElement): Promise<string> {
  await fill(await waitFor(() => control(el, '贷款期限（月）'), `<${TAG}> to show its form`), '360');
  return waitFor(() => control(el, '公积金贷款年利率（%）').value, `<${TAG}> to show its provident rate`);
}

/** Computes 100 万元 over 360 months and returns the gjj-calculate it fires. */
async function calculate(el: HTMLElement): Promise<CustomEvent<CalculateDetail>> {
  await listedProvidentRate(el);
  await fill(control(el, '贷款金额（万元）'), '100');
  const fired = new Promise<CustomEvent<CalculateDetail>>((resolve) => el.addEventListener('gjj-calculate', (e) => resolve(e as CustomEvent<CalculateDetail>), { once: true }));
  button(el, '计算').click();
  return fired;
}

/** The monthly payment a result block shows (its first figure), as shown: `4,135.57`. */
const monthly = (el: HTMLElement, title: string) =>
  [...shadow(el).querySelectorAll('[role="tabpanel"]:not([hidden]) section')]
    .find((s) => s.querySelector('h3')?.textContent === title)
    ?.querySelector('.gjj-loan__money')?.textContent;

/** A result block's first figure while there is no result: '--' (issue 23: not a red 0.00). */
const pending = (el: HTMLElement, title: string) =>
  [...shadow(el).querySelectorAll('[role="tabpanel"]:not([hidden]) section')]
    .find((s) => s.querySelector('h3')?.textContent === title)
    ?.querySelector('.gjj-loan__none')?.textContent;

/** 100 万元 over 360 months, equal payments, at the rates of GIVEN (02: 2.85 %, 22: 3.95 %), as calculateLoan gives them. */
const EXPECTED = { provident: '4,135.57', commercial: '4,745.37' };

/** The engine file's requests the page has completed, path and query. */
const engineLoads = (page: HostPage) =>
  page.window.performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name))
    .filter((u) => u.pathname.endsWith('/gjj-loan-calculator.engine.js'))
    .map((u) => u.pathname + u.search);

export const LOAN_CALCULATOR: ElementUnderTest = {
  tag: TAG,
  markup: () => `<gjj-loan-calculator ${GIVEN}></gjj-loan-calculator>`,
  shown: (el) => waitFor(() => control(el, '贷款金额（万元）'), `<${TAG}> to show its form`),
};

export function loanCalculatorTests(file: string): void {
  describe(`<${TAG}> from ${file}`, () => {
    afterEach(closePages);

    it('renders two instances side by side under a strict CSP, each with its own rates and mode', async () => {
      const page = await openPage({
        script: file,
        body: `<section><h2>本地计算</h2>${LOAN_CALCULATOR.markup()}</section>
<section><h2>服务端计算</h2><gjj-loan-calculator api-base="${apiBase}" mode="remote"></gjj-loan-calculator></section>`,
      });
      const [local, remote] = [...page.document.querySelectorAll<HTMLElement>(TAG)] as [HTMLElement, HTMLElement];
      assertEqual(await listedProvidentRate(local), '2.85', 'the rate given by attribute');
      assertEqual(await listedProvidentRate(remote), '2.6', 'the rate from the server');
      const [a, b] = [await calculate(local), await calculate(remote)];
      assertEqual([a.detail.mode, a.detail.inputs.providentRate], ['local', '2.85'], 'the first instance computed');
      assertEqual([b.detail.mode, b.detail.inputs.providentRate], ['remote', '2.6'], 'the second instance computed');
      // Two of one element: still no landmark named twice (landmark-unique), nor anything else axe finds.
      assertEqual(await axeViolations(page), [], 'axe violations');
      assertCleanPage(page);
    });

    // Issue 23: the centre's bounds beside the field as it is typed, and a page whose rates are behind the centre's.
    it('tells a 600-month term beside the field as it is typed, and says when its rates are older than the centre’s', async () => {
      const page = await openPage({ script: file, body: `<gjj-loan-calculator ${GIVEN} api-base="${apiBase}"></gjj-loan-calculator>` });
      const el = page.document.querySelector(TAG) as HTMLElement;
      const term = await waitFor(() => control(el, '贷款期限（月）'), `<${TAG}> to show its form`);
      await fill(term, '600');
      const described = () =>
        (term.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => shadow(el).getElementById(id)?.textContent ?? '')
          .join('');
      await waitFor(() => described().includes('贷款期限不能超过360个月（30年）'), 'the bound beside the term');
      assertEqual(term.getAttribute('aria-invalid'), 'true', 'the term marked invalid');
      // The page's rates (no date, other figures) are behind the server's of 2025-05-08 and 2025-05-20: said after the
      // first 计算 (no call before it, issue 19).
      await fill(term, '360');
      await calculate(el);
      const notice = await waitFor(
        () => [...shadow(el).querySelectorAll('[part="notice"]')].find((n) => n.textContent?.includes('本页所列利率不是公积金中心的最新利率')),
        'the notice that the rates are old',
      );
      assert(notice.textContent?.includes('中心最新利率自 2025-05-20 起执行'), 'the notice names the date of the centre’s rates');
      assertEqual(await axeViolations(page), [], 'axe violations');
      assertCleanPage(page);
    });

    it('reflects its attributes in its properties, and mode back to its attribute', async () => {
      const page = await openPage({ script: file, body: `<gjj-loan-calculator ${GIVEN} mode="local" api-base="${apiBase}"></gjj-loan-calculator>` });
      const el = page.document.querySelector(TAG) as CalculatorElement;
      assertEqual(await listedProvidentRate(el), '2.85', 'the rate given by attribute');
      assertEqual([el.mode, el.apiBase, el.providentRates], ['local', apiBase, JSON.stringify(PROVIDENT)], 'properties from attributes');

      el.setAttribute('provident-rates', JSON.stringify([{ llmc: '02', zxll: 2.95 }]));
      await waitFor(() => control(el, '公积金贷款年利率（%）').value === '2.95', 'the new rate from the changed attribute');

      // A property with an attribute reflects to it, so a host's [mode=remote] styles match.
      el.mode = 'remote';
      assertEqual(el.getAttribute('mode'), 'remote', 'mode reflected to its attribute');
      const remote = await calculate(el);
      assertEqual(remote.detail.mode, 'remote', 'computed remotely after the property changed');
      el.removeAttribute('mode');
      assertEqual(el.mode, undefined, 'mode once its attribute is removed');
      assertCleanPage(page);
    });

    it('fires gjj-calculate with what it computed and gjj-error when its rates cannot load, bubbling and composed', async () => {
      const page = await openPage({ script: file, body: LOAN_CALCULATOR.markup() });
      const el = page.document.querySelector(TAG) as HTMLElement;
      const calculated = nextEvent<CalculateDetail>(page, 'gjj-calculate');
      await calculate(el);
      const event = await calculated;
      assert(event.bubbles && event.composed, 'gjj-calculate bubbles and is composed');
      assertEqual(
        [event.detail.tab, event.detail.inputs.amount, event.detail.inputs.months, event.detail.inputs.commercialRate],
        ['compare', '1000000', 360, '3.95'],
        'gjj-calculate detail',
      );
      assert(/^\d+\.\d{2}$/.test(event.detail.results.provident.monthlyPayment), 'a monthly payment in yuan');

      const failed = nextEvent<{ message: string }>(page, 'gjj-error');
      page.document.querySelector('main')?.insertAdjacentHTML('beforeend', `<gjj-loan-calculator api-base="${apiBase}/missing"></gjj-loan-calculator>`);
      const error = await failed;
      assert(error.bubbles && error.composed && error.detail.message.length > 0, 'gjj-error bubbles, is composed and has a message');
      assertCleanPage(page);
    });

    it('takes its properties and attributes set before the script loads', async () => {
      const page = await openPage({ body: '', csp: 'meta' });
      const main = page.document.querySelector('main') as HTMLElement;
      // Plain assignment (Lit's .prop=, Vue 2's .prop) before the element is defined: rates as arrays, as a host has them.
      const byProperty = page.document.createElement(TAG) as CalculatorElement;
      byProperty.apiBase = apiBase;
      byProperty.mode = 'remote';
      byProperty.providentRates = inPage(page, PROVIDENT);
      byProperty.commercialRates = inPage(page, COMMERCIAL);
      // The documented attributes.
      const byAttribute = page.document.createElement(TAG);
      byAttribute.setAttribute('mode', 'local');
      byAttribute.setAttribute('provident-rates', JSON.stringify(PROVIDENT));
      byAttribute.setAttribute('commercial-rates', JSON.stringify(COMMERCIAL));
      main.append(byProperty, byAttribute);

      await page.loadScript(file);
      assert(!Object.hasOwn(byProperty, 'providentRates') && !Object.hasOwn(byProperty, 'mode'), 'properties set early are taken off the instance');
      assertEqual(byProperty.getAttribute('mode'), 'remote', 'mode set early, reflected');
      const remote = await calculate(byProperty);
      assertEqual([remote.detail.mode, remote.detail.inputs.providentRate, remote.detail.inputs.commercialRate], ['remote', '2.85', '3.95'], 'what the property-set instance computed');
      const local = await calculate(byAttribute);
      assertEqual([local.detail.mode, local.detail.inputs.providentRate], ['local', '2.85'], 'what the attribute-set instance computed');
      assertCleanPage(page);
    });

    it('takes what a framework that sees no property yet sets as attributes, and says what to do with an array it turned into text', async () => {
      const page = await openPage({ body: '' });
      // React 19 and Vue 3 set an attribute named as the prop when the element has no such property yet: a string
      // arrives as it is, an array as "[object Object],…".
      const el = page.document.createElement(TAG) as CalculatorElement;
      el.setAttribute('apiBase', apiBase);
      el.setAttribute('mode', 'remote');
      el.setAttribute('providentRates', String(PROVIDENT));
      page.document.querySelector('main')?.append(el);

      await page.loadScript(file);
      // The text is no list: the rates come from the server at apiBase instead.
      assertEqual(await listedProvidentRate(el), '2.6', 'the rate from the server');
      const warnings = page.problems().filter((p) => p.startsWith('warn: ') && p.includes('providentRates'));
      assertEqual(warnings.length, 1, `one warning about providentRates (got ${JSON.stringify(page.problems())})`);
      assert(/el\.providentRates\s*=/.test(warnings[0] as string) && warnings[0]?.includes('provident-rates'), 'the warning says to set the property, or the attribute as JSON');
      assertCleanPage(page, [/providentRates/]);
    });
  });

  describe(`<${TAG}> from ${file}: the engine is a second file`, () => {
    afterEach(closePages);

    it('shows its form from the first file alone; a 计算 before the engine file arrives says it is working, then shows the right result', async () => {
      const gate = `engine-${file}-${Date.now()}`;
      const page = await openPage({ body: LOAN_CALCULATOR.markup() });
      // The engine file (and any other companion) is held back until the gate is released.
      await page.loadScript(file, { from: 'slow', query: `?gate=${gate}` });
      const el = page.document.querySelector(TAG) as HTMLElement;
      assert(page.window.customElements.get(TAG), `<${TAG}> defined by the first file`);
      assertEqual(await listedProvidentRate(el), '2.85', 'the form, with its listed rate, before the engine');
      await fill(control(el, '贷款金额（万元）'), '100');
      button(el, '计算').click();
      const working = await waitFor(() => button(el, '正在计算…'), 'the button to say it is working');
      assertEqual(working.getAttribute('aria-busy'), 'true', 'aria-busy while the engine arrives');
      assertEqual(pending(el, '公积金贷款'), '--', 'no result before the engine');
      assertEqual(engineLoads(page), [], 'the engine file not there yet');

      await releaseCompanions(gate);
      await waitFor(() => monthly(el, '公积金贷款') === EXPECTED.provident, () => `the result (shown: ${monthly(el, '公积金贷款')})`);
      assertEqual(monthly(el, '商业贷款'), EXPECTED.commercial, 'the commercial loan’s monthly payment');
      assertEqual(button(el, '计算').hasAttribute('aria-busy'), false, 'no longer busy');
      assertEqual(engineLoads(page), [`/host/slow/gjj-loan-calculator.engine.js?gate=${gate}`], 'the engine file, once, from beside the first');
      assertCleanPage(page);
    });

    it('fetches its engine file from beside itself with the nonce of its script tag, and computes the right result', async () => {
      const page = await openPage({ script: file, nonce: 'Z2pqLXdpZGdldHM', query: '?v=7', body: LOAN_CALCULATOR.markup() });
      const el = page.document.querySelector(TAG) as HTMLElement;
      const event = await calculate(el);
      assertEqual(event.detail.results.provident.monthlyPayment, '4135.57', 'the provident loan’s monthly payment');
      await waitFor(() => monthly(el, '商业贷款') === EXPECTED.commercial, 'the commercial loan’s monthly payment');
      assertEqual(monthly(el, '公积金贷款'), EXPECTED.provident, 'shown');
      // Only a script with the page's nonce may run: the engine file did, so it carried the nonce.
      assertEqual(engineLoads(page), ['/host/standalone/gjj-loan-calculator.engine.js?v=7'], 'the engine file, with the first file’s query');
      assertCleanPage(page);
    });

    it('says so when its engine file cannot be loaded, keeps what was typed, and tries again on 重新加载', async () => {
      const page = await openPage({ script: file, from: 'alone', body: LOAN_CALCULATOR.markup() });
      const el = page.document.querySelector(TAG) as HTMLElement;
      await listedProvidentRate(el);
      await fill(control(el, '贷款金额（万元）'), '100');
      button(el, '计算').click();
      const alert = () => shadow(el).querySelector('[role="alert"]')?.textContent ?? '';
      await waitFor(() => alert() === '计算功能未能加载，请检查网络后重试。 重新加载', () => `the alert (shown: ${alert()})`);
      assertEqual(control(el, '贷款金额（万元）').value, '100', 'what was typed');
      assertEqual(pending(el, '公积金贷款'), '--', 'no result');
      const tries = page.problems().filter((p) => p.includes('gjj-loan-calculator.engine.js')).length;
      assert(tries > 0, 'the failure logged for the integrator, with the file’s address');

      button(el, '重新加载').click();
      await waitFor(() => page.problems().filter((p) => p.includes('gjj-loan-calculator.engine.js')).length > tries, 'another try');
      await waitFor(() => alert().startsWith('计算功能未能加载'), 'the alert again');
      assertCleanPage(page, [/gjj-loan-calculator\.engine\.js/]);
    });
  });

  unloadTests(file, LOAN_CALCULATOR);
}
