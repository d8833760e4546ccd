// gjj-widgets.js, the all-elements script-tag file: each element as its own file has it, then all of them on one page.
import { assertCleanPage } from './common.ts';
import { complaintFormTests, COMPLAINT_FORM } from './complaint-form.ts';
import { listedProvidentRate, loanCalculatorTests, LOAN_CALCULATOR } from './loan-calculator.ts';
import { policyListTests, POLICY_LIST } from './policy-list.ts';
import { rateTableTests, RATE_TABLE } from './rate-table.ts';
import { apiBase, assert, assertEqual, axeViolations, closePages, inPage, openPage, pause } from './support.ts';

const FILE = 'gjj-widgets.js';
const ELEMENTS = [RATE_TABLE, LOAN_CALCULATOR, POLICY_LIST, COMPLAINT_FORM];
// Rates a host gives the calculator, not the server's (02: 2.6 %), so the figure tells where they came from.
const GIVEN_PROVIDENT = [
  { llmc: '01', zxll: 2.35 },
  { llmc: '02', zxll: 2.85 },
  { llmc: '71', zxll: 2.775 },
  { llmc: '72', zxll: 3.325 },
];
const GIVEN_COMMERCIAL = [
  { llmc: '21', zxll: 3.45 },
  { llmc: '22', zxll: 3.95 },
  { llmc: '23', zxll: 3.45 },
  { llmc: '24', zxll: 3.95 },
];

rateTableTests(FILE);
loanCalculatorTests(FILE);
policyListTests(FILE);
complaintFormTests(FILE);

describe(`every element from ${FILE}`, () => {
  afterEach(closePages);

  it('renders two instances of each on one page under a strict CSP', async () => {
    const body = ELEMENTS.map((e) => `<section>${e.markup()}</section><section>${e.markup()}</section>`).join('\n');
    const page = await openPage({ script: FILE, body });
    for (const element of ELEMENTS) {
      const instances = [...page.document.querySelectorAll<HTMLElement>(element.tag)];
      assertEqual(instances.length, 2, `<${element.tag}> instances`);
      for (const el of instances) await element.shown(el);
    }
    // Two of one element: still no landmark named twice (landmark-unique), nor anything else axe finds.
    assertEqual(await axeViolations(page), [], 'axe violations');
    assertCleanPage(page);
  });

  it('takes apiBase set as a property on every element before the script loads', async () => {
    const page = await openPage({ body: '', csp: 'meta' });
    const made = ELEMENTS.map((element) => {
      const el = page.document.createElement(element.tag) as HTMLElement & { apiBase?: string };
      el.apiBase = apiBase;
      page.document.querySelector('main')?.append(el);
      return [element, el] as const;
    });
    await page.loadScript(FILE);
    for (const [element, el] of made) await element.shown(el);
    // The calculator shows its form without the server: its rates are what needs apiBase.
    const calculator = made.find(([element]) => element === LOAN_CALCULATOR)?.[1] as HTMLElement;
    assertEqual(await listedProvidentRate(calculator), '2.6', 'the calculator\'s rate from the server');
    assertCleanPage(page);
  });

  it('waits for the properties a framework sets right after attaching it (Angular): no call to the page or another server', async () => {
    const page = await openPage({ script: FILE, body: '' });
    const main = page.document.querySelector('main') as HTMLElement;
    // As Angular renders <gjj-… [apiBase]="…">: each element appended, then its bindings set, all in this one task.
    const made = ELEMENTS.map((element) => {
      const el = page.document.createElement(element.tag) as HTMLElement & Record<string, unknown>;
      main.append(el);
      el.apiBase = apiBase;
      if (element === LOAN_CALCULATOR) Object.assign(el, { mode: 'remote', providentRates: inPage(page, GIVEN_PROVIDENT), commercialRates: inPage(page, GIVEN_COMMERCIAL) });
      return [element, el] as const;
    });
    for (const [element, el] of made) await element.shown(el);
    const calculator = made.find(([element]) => element === LOAN_CALCULATOR)?.[1] as HTMLElement;
    assertEqual(await listedProvidentRate(calculator), '2.85', "the calculator's rate given as a property");
    await pause(300);
    // Every call the page made (resource timing names fetches whatever their answer), each to the given server.
    const calls = page.window.performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'fetch')
      .map((e) => e.name);
    assert(calls.length >= 3, `the elements called their server (${JSON.stringify(calls)})`);
    assertEqual(calls.filter((url) => !url.startsWith(`${apiBase}/`)), [], 'calls to anywhere but the given server');
    // The rate lists are asked for once, by the rate table: the calculator was given its rates.
    assertEqual(calls.filter((url) => url.includes('/llgl/getDkllList')).length, 1, `calls for the rate lists (${JSON.stringify(calls)})`);
    assertCleanPage(page);
  });
});
