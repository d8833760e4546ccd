import type { Business } from '../types';
import { gd0101 } from './gd0101';
import { gd0601 } from './gd0601';
import { gd0602 } from './gd0602';
import { gd0605 } from './gd0605';
import { gd0404, gd0405, gd0406 } from './changes';

/** The loan businesses built so far (spec 2.4 /grwt/dkSys/); the others are still rows of placeholders.ts. */
export const LOAN_BUSINESSES: readonly Business[] = [gd0101, gd0601, gd0602, gd0605, gd0404, gd0405, gd0406].map((b) => b as unknown as Business);

export { getLoanOf, listLoansOf, getLoan, listSchedule, type LoanRecord, type ScheduleLine } from './ledger';
