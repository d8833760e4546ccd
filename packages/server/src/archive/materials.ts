import type { Queryable } from '../db/db';
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

/** The refusal naming the missing materials: the collector's `cjtj` and submission say the same. */
export const missingMessage = (names: readonly string[]): string => `请上传：${names.join('、')}`;

/** What the archive needs of an application to say which required materials have no file yet. */
export interface MissingSubject extends MaterialsSubject {
  /** The application's row id; null for an application not yet written (it has no files). */
  id: string | null;
}

/**
 * The names (`clmc`) of the required materials the answers call for that have no file of the application, in the
 * table's order: the one rule of completeness, used by the collector's 提交材料 (`cjtj`) and by submission and
 * resubmission (issue 31 item 3), so both refuse with the same words (`请上传：…`). A file of any source counts
 * (the applicant's, the centre's, the letter signed by QR code); a material that is not required never blocks.
 *
 * @example
 * await missingMaterials(tx, { id: app.id, ywlx: 'GJ0805', payload }) // ['身份证（正反面）', '银行卡']
 */
export async function missingMaterials(q: Queryable, app: MissingSubject): Promise<string[]> {
  const required = materialsOf(app).filter((m) => m.required);
  if (required.length === 0) return [];
  const present = app.id === null ? [] : await q.query<{ clbh: string }>('select distinct clbh from archive_file where application_id = $1', [app.id]);
  const has = new Set(present.map((r) => r.clbh));
  return required.filter((m) => !has.has(m.clbh)).map((m) => m.clmc);
}
