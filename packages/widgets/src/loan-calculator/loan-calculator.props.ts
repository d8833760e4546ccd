// What <gjj-loan-calculator> needs at run time: its attributes and events, without their documentation (see
// loan-calculator.meta.ts, which is built on this list).
import type { ElementProps } from '../shared/element';
import type { LoanCalculatorProps } from './loan-calculator';

/** @internal The element's attributes (`prop`, type, reflected) and events (name, callback prop). */
export const LOAN_CALCULATOR_ELEMENT = {
  attributes: [
    ['apiBase', 'string'],
    ['label', 'string'],
    ['mode', 'string', 'reflect'],
    ['providentRates', 'string'],
    ['commercialRates', 'string'],
    ['care', 'boolean', 'reflect'],
  ],
  events: [
    ['gjj-calculate', 'onCalculate'],
    ['gjj-error', 'onError'],
  ],
} as const satisfies ElementProps<LoanCalculatorProps>;
