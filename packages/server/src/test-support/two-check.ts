import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';
import { signIn } from './login';

const TC = '/api/auth/v1/twoCheck';

/**
 * Gives the session `token` the second-check grant of the enable-10 menu at `path`, as a person does: the desktop asks
 * for a code, the same login signed in on a "phone" opens and confirms it (docs/api-qr.md).
 *
 * @example
 * await grantSecondCheck(app, db, zhang, '110101199003072316', '/grwt/zhxx/zhcx/grmxcx')
 */
export async function grantSecondCheck(app: FastifyInstance, db: Queryable, token: string, login: string, path: string, loginType: 1 | 2 | 3 = 1): Promise<void> {
  const [menu] = await db.query<{ id: number }>('select id from menu where path = $1', [path]);
  if (!menu) throw new Error(`没有菜单 ${path}`);
  const asked = await app.inject({ url: `${TC}/getQrCode`, query: { menuId: String(menu.id) }, headers: { token } });
  const { codeId } = asked.json<{ data: { codeId: string } }>().data;
  const phone = await signIn(app, login, loginType);
  for (const step of ['scan', 'confirm']) {
    const res = await app.inject({ method: 'POST', url: `${TC}/${step}`, headers: { token: phone }, payload: { codeId } });
    if (res.statusCode !== 200) throw new Error(`二次验证失败：${res.statusCode} ${res.body}`);
  }
}
