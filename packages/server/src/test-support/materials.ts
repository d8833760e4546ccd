import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ARCHIVE_PREFIX } from '../archive/routes';
import { image, multipartBody } from '../archive/test-files';
import { businessOf } from '../business/registry';
import { materialsFor } from '../business/materials';

// Since issue 31 item 3 a submission needs a file of every required material. The server's tests upload them as the
// hall does: a draft (ywsq/saveDraft), the collector's list (getCls), one real PNG per required material (uploadCl).

const ZHFW = '/api/izfgjj-zhfw/v1';

/**
 * Uploads one small PNG through uploadCl for each required material of the application `ywbh` that has no file yet
 * (the list the collector shows, getCls). Returns the codes uploaded; throws with the server's answer if one fails.
 *
 * @example
 * await uploadRequiredMaterials(app, token, ywbh) // ['SFZ', 'YHK']
 */
export async function uploadRequiredMaterials(app: FastifyInstance, token: string, ywbh: string): Promise<string[]> {
  const list = await app.inject({ method: 'POST', url: `${ARCHIVE_PREFIX}/getCls`, headers: { token }, payload: { ywbh } });
  if (list.statusCode !== 200) throw new Error(`getCls ${ywbh}: ${list.statusCode} ${list.body}`);
  const materials = list.json<{ data: Array<{ clbh: string; required: boolean; files: unknown[] }> }>().data;
  const uploaded: string[] = [];
  for (const m of materials.filter((x) => x.required && x.files.length === 0)) {
    const { payload, headers } = multipartBody({ ywbh, clbh: m.clbh }, { name: `${m.clbh}.png`, bytes: image('png'), type: 'image/png' });
    const res = await app.inject({ method: 'POST', url: `${ARCHIVE_PREFIX}/uploadCl`, headers: { token, ...headers }, payload });
    if (res.statusCode !== 200) throw new Error(`uploadCl ${ywbh} ${m.clbh}: ${res.statusCode} ${res.body}`);
    uploaded.push(m.clbh);
  }
  return uploaded;
}

/**
 * Submits as the wizard does: answers that call for a required material are saved as a draft (or `ywbh`'s draft saved again), its required materials
 * uploaded, then ywsq/submit of that draft with the same answers. When the draft cannot be saved (a refusal that
 * comes before any file: the login type, the second check, a placeholder, a number that is not the login's), the
 * submission is sent as given, so the caller sees the refusal of ywsq/submit itself.
 *
 * @example
 * const res = await submitWithMaterials(app, token, 'GJ0805', { kkyh: '中国银行', kkzh: '6216600000001234567' });
 */
export async function submitWithMaterials(
  app: FastifyInstance,
  token: string,
  ywlx: string,
  payload: object,
  options: { ywbh?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers = { token, ...options.headers };
  const extra = options.remoteAddress ? { remoteAddress: options.remoteAddress } : {};
  const asGiven = { ywlx, payload, ...(options.ywbh ? { ywbh: options.ywbh } : {}) };
  // Answers that call for no required material are submitted as given (as the wizard does without a collector step).
  const business = businessOf(ywlx);
  if (!business || !materialsFor(business, payload as Record<string, unknown>).some((m) => m.required)) {
    return app.inject({ method: 'POST', url: `${ZHFW}/ywsq/submit`, headers, payload: asGiven, ...extra });
  }
  const draft = await app.inject({ method: 'POST', url: `${ZHFW}/ywsq/saveDraft`, headers, payload: asGiven, ...extra });
  if (draft.statusCode !== 200) return app.inject({ method: 'POST', url: `${ZHFW}/ywsq/submit`, headers, payload: asGiven, ...extra });
  const { ywbh } = draft.json<{ data: { ywbh: string } }>().data;
  await uploadRequiredMaterials(app, token, ywbh);
  return app.inject({ method: 'POST', url: `${ZHFW}/ywsq/submit`, headers, payload: { ywlx, ywbh, payload }, ...extra });
}

/**
 * A new draft of `ywlx` for the login of `token`, as a test that wants one with no files needs it: a login keeps one
 * draft of a type (issue 31 item 7), so the one it has, if any, is deleted first through ywsq/deleteDraft.
 *
 * @example
 * const ywbh = await freshDraft(app, token, 'GJ0302', { zjhm: '110105199506205112' });
 */
export async function freshDraft(app: FastifyInstance, token: string, ywlx: string, payload: Record<string, unknown>): Promise<string> {
  const list = await app.inject({ url: `${ZHFW}/ywsq/list?zt=00&pageSize=50`, headers: { token } });
  for (const row of list.json<{ data: { list: Array<{ ywbh: string; ywlx: string }> } }>().data.list.filter((r) => r.ywlx === ywlx)) {
    await app.inject({ method: 'POST', url: `${ZHFW}/ywsq/deleteDraft`, headers: { token }, payload: { ywbh: row.ywbh } });
  }
  const res = await app.inject({ method: 'POST', url: `${ZHFW}/ywsq/saveDraft`, headers: { token }, payload: { ywlx, payload } });
  if (res.statusCode !== 200) throw new Error(`saveDraft ${ywlx}: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { ywbh: string } }>().data.ywbh;
}
