// gjj-widgets.js, the all-elements script-tag file: each element as its own file has it, then all of them on one page.
import { assertCleanPage } from './common.ts';
import { complaintFormTests, COMPLAINT_FORM } from './complaint-form.ts';
import { listedProvidentRate, loanCalculatorTests, LOAN_CALCULATOR } from './loan-calculator.ts';
import { policyListTests, POLICY_LIST } from './policy-list.ts';
import { rateTableTests, RATE_TABLE } from './rate-table.ts';
import { apiBase, assertEqual, axeViolations, closePages, openPage } from './support.ts';

const FILE = 'gjj-widgets.js';
const ELEMENTS = [RATE_TABLE, LOAN_CALCULATOR, POLICY_LIST, COMPLAINT_FORM];

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
});
