import type { Business } from '../types';
import type { CardFields, WithdrawalBusiness } from './common';
import { tq0101 } from './tq0101';
import { tq0102 } from './tq0102';
import { tq0103 } from './tq0103';
import { tq0104 } from './tq0104';
import { tq0105 } from './tq0105';
import { tq0106 } from './tq0106';
import { tq0107 } from './tq0107';
import { tq0199 } from './tq0199';

/** The eight withdrawal kinds (spec 2.4, TQ0101–TQ0199). */
export const WITHDRAWALS: ReadonlyArray<WithdrawalBusiness<CardFields>> = [tq0107, tq0101, tq0102, tq0103, tq0106, tq0104, tq0105, tq0199].map((b) => b as unknown as WithdrawalBusiness<CardFields>);

export const WITHDRAWAL_BUSINESSES: readonly Business[] = WITHDRAWALS.map((b) => b as unknown as Business);

/** The withdrawal business of a code, if built. */
export const withdrawalOf = (ywlx: string): WithdrawalBusiness<CardFields> | undefined => WITHDRAWALS.find((b) => b.ywlx === ywlx);
