import { createElement } from 'react';
import { createWidgetElement, type WidgetElementClass } from '../shared/element';
import { LOAN_CALCULATOR_DEFAULT_MODE, LoanCalculator, type LoanCalculatorProps } from './loan-calculator';
import { LOAN_CALCULATOR_ELEMENT } from './loan-calculator.props';
import type { LoanCalculateDetail, LoanCalculatorMode } from './types';

let elementClass: WidgetElementClass | undefined;
let elementMode: LoanCalculatorMode = LOAN_CALCULATOR_DEFAULT_MODE;

/**
 * Sets the mode `<gjj-loan-calculator>` uses when it has no `mode` attribute. Call it before the elements render
 * (before `defineElements()`); the script-tag bundle sets `local` so a partner page needs no server.
 *
 * @example
 * setLoanCalculatorDefaultMode('local')
 * defineElements(['gjj-loan-calculator'])
 */
export function setLoanCalculatorDefaultMode(mode: LoanCalculatorMode): void {
  elementMode = mode;
}

// Read at render time, so the default set by the registering code applies to elements made before or after.
// A missing or unknown `mode` attribute means the element's default, not the React component's.
function LoanCalculatorElementView(props: LoanCalculatorProps) {
  const mode = props.mode === 'local' || props.mode === 'remote' ? props.mode : elementMode;
  return createElement(LoanCalculator, { ...props, mode });
}

/**
 * The `<gjj-loan-calculator>` element class, made on first use (never at import, so Node can import this file).
 *
 * @example
 * customElements.define('gjj-loan-calculator', getLoanCalculatorElement())
 */
export function getLoanCalculatorElement(): WidgetElementClass {
  elementClass ??= createWidgetElement(LoanCalculatorElementView, LOAN_CALCULATOR_ELEMENT);
  return elementClass;
}

declare global {
  interface HTMLElementTagNameMap {
    'gjj-loan-calculator': HTMLElement & {
      apiBase?: string;
      mode?: LoanCalculatorMode;
      /** JSON text of the provident fund rates, e.g. `[{"llmc":"02","zxll":2.6}]`. */
      providentRates?: string;
      /** JSON text of the commercial rates, e.g. `[{"llmc":"22","zxll":3.5}]`. */
      commercialRates?: string;
    };
  }
  interface GlobalEventHandlersEventMap {
    'gjj-calculate': CustomEvent<LoanCalculateDetail>;
    'gjj-error': CustomEvent<{ message: string }>;
  }
}
