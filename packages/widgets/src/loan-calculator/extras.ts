// @internal The calculator's parts used less often, loaded on first use (load-extras.ts): the combined-loan tab, the
// early-repayment tab and the repayment-plan dialog with its chart and CSV download.
export { CombinedPanel } from './combined-panel';
export { PlanDialog } from './plan-dialog';
export { PrepayPanel } from './prepay-panel';
