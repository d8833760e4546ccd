import type { Business } from '../types';
import { gj0801 } from './gj0801';
import { gj0802 } from './gj0802';
import { gj0803 } from './gj0803';
import { gj0804 } from './gj0804';
import { gj0805 } from './gj0805';
import { gj0809 } from './gj0809';
import { gj0810 } from './gj0810';
import { gj0814 } from './gj0814';
import { gj0815 } from './gj0815';

/** The flexible-employment businesses (spec 2.4, GJ0801–GJ0815), in the order of the spec's list. */
export const FLEXIBLE_BUSINESSES: readonly Business[] = [gj0809, gj0810, gj0801, gj0802, gj0804, gj0805, gj0814, gj0815, gj0803].map(
  (b) => b as unknown as Business,
);
