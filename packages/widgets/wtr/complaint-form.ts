// <gjj-complaint-form> as a page loads it from a script-tag file: its own (gjj-complaint-form.js) or the all-elements
// one. The types (5) are fixed; the departments come from the server.
import { assertCleanPage, unloadTests, type ElementUnderTest } from './common.ts';
import { apiBase, assert, assertEqual, axeViolations, button, closePages, control, fill, nextEvent, openPage, waitFor } from './support.ts';

type ComplaintFormElement = HTMLElement & { apiBase?: string };

const TAG = 'gjj-complaint-form';

/** The form with its choices loaded: 5 types and the server's departments. */
const shown = (el: HTMLElement) =>
  waitFor(
    () => control<HTMLSelectElement>(el, '类型').options.length === 5 && control<HTMLSelectElement>(el, '责任部门').options.length > 1,
    `<${TAG}> to show its form with the departments`,
  );

export const COMPLAINT_FORM: ElementUnderTest = { tag: TAG, markup: () => `<gjj-complaint-form api-base="${apiBase}"></gjj-complaint-form>`, shown };

export function complaintFormTests(file: string): void {
  describe(`<${TAG}> from ${file}`, () => {
    afterEach(closePages);

    it('renders two instances side by side under a strict CSP', async () => {
      const page = await openPage({ script: file, body: `<section>${COMPLAINT_FORM.markup()}</section><section>${COMPLAINT_FORM.markup()}</section>` });
      const forms = [...page.document.querySelectorAll<HTMLElement>(TAG)];
      assertEqual(forms.length, 2, 'instances');
      for (const form of forms) await shown(form);
      // Two of one element: still no landmark named twice (landmark-unique), nor anything else axe finds.
      assertEqual(await axeViolations(page), [], 'axe violations');
      assertCleanPage(page);
    });

    it('reflects its attribute in its property and follows a change of either', async () => {
      const page = await openPage({ script: file, body: `<gjj-complaint-form api-base="${apiBase}/missing"></gjj-complaint-form>` });
      const el = page.document.querySelector(TAG) as ComplaintFormElement;
      assertEqual(el.apiBase, `${apiBase}/missing`, 'apiBase from api-base');
      await waitFor(() => el.shadowRoot?.querySelector('[role="alert"]'), 'the failure to load the departments');
      el.setAttribute('api-base', apiBase);
      assertEqual(el.apiBase, apiBase, 'apiBase after the attribute changed');
      await shown(el);
      assertCleanPage(page);
    });

    it('fires gjj-submitted once a complaint is accepted, and gjj-error when the choices cannot load, bubbling and composed', async () => {
      const page = await openPage({ script: file, body: COMPLAINT_FORM.markup() });
      const el = page.document.querySelector(TAG) as HTMLElement;
      await shown(el);
      await fill(control<HTMLSelectElement>(el, '类型'), (control<HTMLSelectElement>(el, '类型').options[1] as HTMLOptionElement).value);
      await fill(control<HTMLSelectElement>(el, '责任部门'), (control<HTMLSelectElement>(el, '责任部门').options[1] as HTMLOptionElement).value);
      await fill(control(el, '意见内容'), `请问异地贷款缴存证明如何开具？（脚本标签测试 ${Date.now()}）`);
      const submitted = nextEvent<{ id: string; sqbh: string; tjsj: string }>(page, 'gjj-submitted');
      button(el, '提交').click();
      const event = await submitted;
      assert(event.bubbles && event.composed, 'gjj-submitted bubbles and is composed');
      assert(/^TS\d{14}$/.test(event.detail.sqbh), `a receipt number (${event.detail.sqbh})`);

      const failed = nextEvent<{ message: string }>(page, 'gjj-error');
      page.document.querySelector('main')?.insertAdjacentHTML('beforeend', `<gjj-complaint-form api-base="${apiBase}/missing"></gjj-complaint-form>`);
      const error = await failed;
      assert(error.bubbles && error.composed && error.detail.message.length > 0, 'gjj-error bubbles, is composed and has a message');
      assertCleanPage(page);
    });

    // The script-tag files give the components React's onChange (every keystroke, the DOM's `input`) and className
    // without preact/compat (shared/react.standalone.ts): the count follows the typing before the field is left.
    it('counts the characters as they are typed, before the field is left, with its styles applied', async () => {
      const page = await openPage({ script: file, body: COMPLAINT_FORM.markup() });
      const el = page.document.querySelector(TAG) as HTMLElement;
      await shown(el);
      const text = control<HTMLTextAreaElement>(el, '意见内容');
      const count = () => el.shadowRoot?.querySelector('.gjj-complaint__count')?.textContent ?? '';
      text.value = '请问如何开具';
      text.dispatchEvent(new (page.document.defaultView as Window & typeof globalThis).Event('input', { bubbles: true }));
      await waitFor(() => count().includes('已输入 6 /'), `the count of 6 characters (${count()})`);
      assertEqual(text.value, '请问如何开具', 'what was typed stays in the field');
      assert(text.classList.contains('gjj-complaint__textarea'), 'className reaches the textarea');
      assert(page.document.defaultView?.getComputedStyle(text).minHeight === '120px', 'the element stylesheet styles it by its class');
      assertCleanPage(page);
    });

    it('takes its property and attributes set before the script loads', async () => {
      const page = await openPage({ body: '', csp: 'meta' });
      const main = page.document.querySelector('main') as HTMLElement;
      const byProperty = page.document.createElement(TAG) as ComplaintFormElement;
      byProperty.apiBase = apiBase;
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

  unloadTests(file, COMPLAINT_FORM);
}
