/**
 * The centre's side for end-to-end tests (docs/api-applications.md): decides an application through the centre API
 * of the server the global setup started, with the key it gave that server (GJJ_E2E_CENTRE_KEY).
 *
 * @example
 * await centreDecide('accept', ywbh)
 * await centreDecide('return', ywbh, { reasons: ['租赁合同未上传'] })
 */
export async function centreDecide(
  action: 'accept' | 'complete' | 'return' | 'reject',
  ywbh: string,
  body: { operator?: string; note?: string; reasons?: string[] } = {},
): Promise<{ ywbh: string; zt: string; ztmc: string }> {
  const res = await centreFetch(`/applications/${ywbh}/${action}`, { operator: '中心经办人', ...body });
  return res as { ywbh: string; zt: string; ztmc: string };
}

/** The centre's list of applications in the given statuses (default 已提交 and 已受理), first page. */
export async function centreList(zt = '01,02'): Promise<Array<{ ywbh: string; ywlx: string; zt: string }>> {
  return ((await centreFetch(`/applications?zt=${zt}&limit=200`)) as { list: Array<{ ywbh: string; ywlx: string; zt: string }> }).list;
}

async function centreFetch(path: string, body?: object): Promise<unknown> {
  const url = process.env.GJJ_E2E_URL;
  const key = process.env.GJJ_E2E_CENTRE_KEY;
  if (!url || !key) throw new Error('GJJ_E2E_URL / GJJ_E2E_CENTRE_KEY 未设置：需要 test/support/e2e-global-setup.ts 启动的服务端');
  const res = await fetch(`${url}/api/centre/v1${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'x-centre-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { code: number; msg: string; data: unknown };
  if (json.code !== 0) throw new Error(`中心接口 ${path}：${json.msg}`);
  return json.data;
}
