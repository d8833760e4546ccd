import type { LoginType } from '@gjj-hall/sdk';
import {
  fetchLoginQrCode,
  fetchPublicKey,
  fetchQrStatus,
  qrFaceIdLogin,
  type LoginQrCode,
} from '@gjj-hall/sdk/auth';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { client } from '../../../shared/services';
import { completeSignIn } from './complete-sign-in';

/**
 * The calls of the QR login dialog for one login type. The keys of the codes it was given stay in this closure (memory only): a code
 * is polled and turned into a session with its own key, which never goes into an address or storage.
 */
export function createQrLogin(loginType: LoginType) {
  const keys = new Map<string, string>();
  let publicKey: Promise<string> | null = null;
  const keyOf = (codeId: string) => keys.get(codeId) ?? '';
  return {
    async load(): Promise<LoginQrCode> {
      publicKey ??= fetchPublicKey(client).catch((error: unknown) => {
        publicKey = null;
        throw error;
      });
      const code = await fetchLoginQrCode(client, loginType, { encrypt: sm2Encrypt, publicKey: await publicKey });
      keys.clear();
      keys.set(code.codeId, code.qrKey);
      return code;
    },
    poll: (codeId: string) => fetchQrStatus(client, { codeId, qrKey: keyOf(codeId) }),
    /** Turns the confirmed code into this tab's session (the same tail as every sign-in). */
    async signIn(codeId: string): Promise<void> {
      completeSignIn(await qrFaceIdLogin(client, { codeId, qrKey: keyOf(codeId) }));
      keys.clear();
    },
  };
}
