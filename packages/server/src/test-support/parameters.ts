import type { Queryable } from '../db/db';
import { PARAMETER_DEFAULTS, setParameter, type ParameterKey } from '../params/centre';

/**
 * Sets rows of the centre's parameter table (docs/parameters.md) for one test and puts their defaults back after it,
 * also when the test fails: how the row tests drive a rule at its edges.
 *
 * @example await withParameters(db, { rentMinMonths: 4 }, async () => expect(await rule.holds(ctx)).toBe(false));
 */
export async function withParameters(db: Queryable, rows: Partial<Record<ParameterKey, number>>, run: () => Promise<void>): Promise<void> {
  try {
    for (const [key, value] of Object.entries(rows)) await setParameter(db, key as ParameterKey, value);
    await run();
  } finally {
    for (const key of Object.keys(rows) as ParameterKey[]) await setParameter(db, key, PARAMETER_DEFAULTS[key]);
  }
}
