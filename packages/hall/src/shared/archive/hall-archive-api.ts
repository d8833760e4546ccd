import { HttpError } from '@gjj-hall/sdk';
import { $systemEvent, client, stores } from '../services';
import type { ArchiveApi } from './archive-api';

/**
 * The archive collector's calls as the signed-in hall makes them (the wizard's materials step, and 修改后重新提交 of
 * a returned application in 我的业务): the hall's client and token; a 401 is the app's "登录已失效" event.
 */
export const hallArchiveApi: ArchiveApi = {
  client,
  getToken: () => stores.session.$accessToken.get(),
  onUnauthorized: () =>
    $systemEvent.set({
      kind: 'unauthorized',
      signedIn: stores.session.$signedIn.get(),
      error: new HttpError('登录已失效', { status: 401, kind: 'status', request: { method: 'POST', url: 'uploadCl' } }),
    }),
};
