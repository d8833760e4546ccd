import type { LoginType } from '@gjj-hall/sdk';
import { caLogin, type CaKeyFile } from '@gjj-hall/sdk/auth';
import { sm2Sign } from '@gjj-hall/sdk/crypto';
import { client } from '../../../shared/services';
import { completeSignIn } from './complete-sign-in';

/** Signs in with a certificate key file: the random is signed here, in the page; the private key is never sent. */
export async function signInWithCertificate(loginType: LoginType, keyFile: CaKeyFile): Promise<void> {
  completeSignIn(await caLogin(client, { loginType, keyFile }, { sign: sm2Sign }));
}

/** Reads a chosen file as text in the browser (FileReader); nothing is uploaded. */
export function readKeyFile(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('读取失败'));
    reader.readAsText(file);
  });
}

/** A demo key file the development server offers for download. */
export interface DemoKeyFile {
  file: string;
  subject: string;
  account: string;
  loginType: number;
}

/** Where the development server serves the demo key files (absent in production). */
export const DEMO_KEYS_PATH = '/dev/ca-keys';

/** The demo key files, or [] where the server does not offer them (production). */
export async function loadDemoKeyFiles(): Promise<DemoKeyFile[]> {
  try {
    const response = await fetch(DEMO_KEYS_PATH, { headers: { accept: 'application/json' } });
    if (!response.ok) return [];
    const { data } = (await response.json()) as { data?: DemoKeyFile[] };
    return Array.isArray(data) ? data : [];
  } catch {
    return [];
  }
}
