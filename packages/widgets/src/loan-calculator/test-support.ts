// What the calculator's browser tests share: rates written on the page, and reading and typing into the visible tab
// panel as a user would. Test-only: no entry of the package imports it.
import type { LoanRateInput } from './types';

// Distinct rates per code, so each code of spec 9 can be told from the figure it puts in the form.
export const PROVIDENT: LoanRateInput[] = [
  { llmc: '01', zxll: 2.1 },
  { llmc: '02', zxll: 2.6 },
  { llmc: '71', zxll: 2.525 },
  { llmc: '72', zxll: 3.075 },
];
export const COMMERCIAL: LoanRateInput[] = [
  { llmc: '21', zxll: 3.0 },
  { llmc: '22', zxll: 3.5 },
  { llmc: '23', zxll: 3.2 },
  { llmc: '24', zxll: 3.9 },
];
/** The same rates as the element's attributes. */
export const RATE_ATTRIBUTES = { 'provident-rates': JSON.stringify(PROVIDENT), 'commercial-rates': JSON.stringify(COMMERCIAL) };

/** One turn of the event loop, for React to render what an event changed. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The visible tab panel. */
export function panel(root: ParentNode): HTMLElement {
  const p = root.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])');
  if (!p) throw new Error('no visible tab panel');
  return p;
}

/** An input of the visible panel, found by its visible label (so the label is really tied to it). */
export function field(root: ParentNode, label: string): HTMLInputElement {
  const p = panel(root);
  const l = [...p.querySelectorAll('label')].find((el) => el.textContent === label);
  if (!l) throw new Error(`no label ${label}`);
  const input = (p.getRootNode() as Document | ShadowRoot).getElementById(l.htmlFor);
  if (!(input instanceof HTMLInputElement)) throw new Error(`label ${label} names no input`);
  return input;
}

/** Types into an input the way a user does as far as React can tell (native setter, then an input event). */
export async function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await tick();
}
