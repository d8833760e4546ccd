import { createClient } from '@gjj-hall/sdk';
import {
  confirmQrCode,
  confirmTwoCheck,
  refuseQrCode,
  refuseTwoCheck,
  scanQrCode,
  scanTwoCheck,
  type QrScanInfo,
  type TwoCheckInfo,
} from '@gjj-hall/sdk/auth';
import { $systemEvent, stores } from '../../../shared/services';

// Not the hall's shared client: its 403 opens the no-permission dialog ("请联系管理员授权"), while a 403 here means the
// code is another login's, which the page says in place. A 401 still opens the session dialog.
const confirmClient = createClient({
  getToken: () => stores.session.$accessToken.get(),
  onToken: (token) => stores.session.setToken(token),
  onUnauthorized: (error) => $systemEvent.set({ kind: 'unauthorized', signedIn: stores.session.$signedIn.get(), error }),
});

/** The confirmation page's calls, each with the confirming person's own session (no sm-crypto in this chunk). */
export const qrConfirmCalls = {
  scan: (codeId: string): Promise<QrScanInfo> => scanQrCode(confirmClient, codeId),
  confirm: (codeId: string): Promise<QrScanInfo> => confirmQrCode(confirmClient, codeId),
  refuse: (codeId: string): Promise<QrScanInfo> => refuseQrCode(confirmClient, codeId),
};

/** The second-check confirmation page's calls (docs/api-qr.md, "Second check"), with the phone's own session. */
export const twoCheckCalls = {
  scan: (codeId: string): Promise<TwoCheckInfo> => scanTwoCheck(confirmClient, codeId),
  confirm: (codeId: string): Promise<TwoCheckInfo> => confirmTwoCheck(confirmClient, codeId),
  refuse: (codeId: string): Promise<TwoCheckInfo> => refuseTwoCheck(confirmClient, codeId),
};
