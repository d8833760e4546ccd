export { createManualClock } from './manual-clock';
export type { ManualClock } from './manual-clock';
