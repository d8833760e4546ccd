// gjj-loan-calculator.js, the calculator's own script-tag file.
import { loanCalculatorTests } from './loan-calculator.ts';

loanCalculatorTests('gjj-loan-calculator.js');
