import { confirmQrCode, refuseQrCode, scanQrCode, type QrScanInfo } from '@gjj-hall/sdk/auth';
import { client } from '../../../shared/services';

/** The confirmation page's calls, each with the confirming person's own session (no sm-crypto in this chunk). */
export const qrConfirmCalls = {
  scan: (codeId: string): Promise<QrScanInfo> => scanQrCode(client, codeId),
  confirm: (codeId: string): Promise<QrScanInfo> => confirmQrCode(client, codeId),
  refuse: (codeId: string): Promise<QrScanInfo> => refuseQrCode(client, codeId),
};
