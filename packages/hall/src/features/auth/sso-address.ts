/**
 * What the address of /zwLogin carries (`#/zwLogin?authCode=…&state=…`): the platform's return, with whatever of the
 * two it sent, or neither, when the platform opened the hall itself (a link or a frame to `home.html#/zwLogin`) and
 * the hall starts single sign-on. Pure, for the page and its tests.
 *
 * @example
 * readZwLoginAddress('#/zwLogin?authCode=abc&state=s1') // { opened: false, authCode: 'abc', state: 's1' }
 * readZwLoginAddress('#/zwLogin')                       // { opened: true }
 */
export function readZwLoginAddress(hash: string): { opened: true } | { opened: false; authCode: string | null; state: string | null } {
  const query = new URLSearchParams(hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '');
  const authCode = query.get('authCode');
  const state = query.get('state');
  return authCode === null && state === null ? { opened: true } : { opened: false, authCode, state };
}
