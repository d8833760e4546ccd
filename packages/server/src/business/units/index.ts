import type { Business } from '../types';
import { gj0201 } from './gj0201';
import { gj0202 } from './gj0202';
import { gj0205, gj0206 } from './relief';
import { gj0203, gj0301, gj0304, gj0305 } from './employees';
import { gj0204 } from './gj0204';
import { gj0108, gj0109, gj0312 } from './account';
import { gj0209 } from './gj0209';
import { gj0311 } from './gj0311';

/** The unit businesses built so far (spec 2.4, employer area); the rest are still placeholders. */
export const UNIT_BUSINESSES: readonly Business[] = [gj0108, gj0301, gj0201, gj0202, gj0304, gj0305, gj0312, gj0203, gj0204, gj0205, gj0206, gj0109, gj0209, gj0311].map((b) => b as unknown as Business);
