import { pbkdf2, solveChallenge, type Challenge } from 'altcha/lib';
import type { CaptchaAnswer } from '@gjj-hall/sdk/auth';
import { client } from '../../shared/services';
import type { HumanCheckAction } from './components/human-check';

// The browser's side of the check before sign-in (issue 37; docs/security/human-check.md): the calls and ALTCHA's
// solver, a chunk of its own loaded after the sign-in form shows, so the page's first load does not carry it.

const PATH = '/api/auth/v1/humanCheck';

/**
 * Fetches a challenge for `action` and solves it (WebCrypto's PBKDF2; the browser does it by itself, nobody types
 * anything); answers the payload to redeem, or null when the server asks for the picture captcha instead.
 */
export async function solveFor(action: HumanCheckAction): Promise<string | null> {
  const { data } = await client.get<{ picture: boolean; challenge: Challenge | null }>(`${PATH}/challenge`, { params: { action }, silent: true });
  const challenge = data?.picture ? null : (data?.challenge ?? null);
  if (!challenge) return null;
  const solution = await solveChallenge({ challenge, deriveKey: pbkdf2.deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('安全验证未完成');
  return btoa(JSON.stringify({ challenge, solution }));
}

/** Redeems a solved challenge for a single-use `{ uuid, code }` that the next call sends as its captcha. */
export async function redeem(action: HumanCheckAction, payload: string): Promise<CaptchaAnswer> {
  const { data } = await client.post<CaptchaAnswer>(`${PATH}/verify`, { action, payload }, { silent: true });
  return { uuid: String(data?.uuid ?? ''), code: String(data?.code ?? '') };
}
