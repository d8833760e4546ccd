import { businessOf } from '../business/registry';
import { allMaterialsOf, LETTER_CLBH, materialsFor, type Material } from '../business/materials';

/**
 * The archive's materials of an application: computed from its business's table (business/materials.ts) and the
 * application's answers (its payload), so the collector, `cjtj` and the wizard's guide always list the same
 * (docs/api-archive.md › Materials).
 */

export { LETTER_CLBH, type Material };

/** What the archive needs of an application to compute its materials. */
export interface MaterialsSubject {
  ywlx: string;
  payload: Record<string, unknown> | null;
}

/**
 * The materials the application's answers call for, in the order the page shows them; [] for an unknown type.
 *
 * @example
 * materialsOf({ ywlx: 'GJ0302', payload: { zjhm: '110105199506205112' } }) // [{ clbh: 'SFZ', required: true, … }, …]
 */
export function materialsOf(app: MaterialsSubject): Material[] {
  const business = businessOf(app.ywlx);
  return business ? materialsFor(business, app.payload ?? {}) : [];
}

/** A row of the type's table by code, whatever the answers (a file whose material the answers no longer need). */
export function anyMaterialOf(ywlx: string, clbh: string): Material | undefined {
  const business = businessOf(ywlx);
  return business ? allMaterialsOf(business).find((m) => m.clbh === clbh) : undefined;
}
