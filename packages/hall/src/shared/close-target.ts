/** Where the close-page confirmation can return to besides the home page (spec 2.5). */
export const MESSAGE_HOME = '/sysMsg/msgHome';

/**
 * Where closing a page goes (spec 2.5): the page named in the `backNav` query value (decoded, and only a path of
 * this app), else `fallback`.
 *
 * @example
 * closeTarget('?backNav=%2Fgrwt%2Fzhxx', '/grwt/home') // '/grwt/zhxx'
 * closeTarget('?backNav=https%3A%2F%2Fevil.example', '/grwt/home') // '/grwt/home'
 */
export function closeTarget(search: string, fallback: string): string {
  let back: string | null = null;
  try {
    back = new URLSearchParams(search).get('backNav');
    if (back && /%[0-9A-Fa-f]{2}/.test(back)) back = decodeURIComponent(back);
  } catch {
    back = null;
  }
  // Only an address inside the hall: a leading slash, not '//' (which a browser reads as another site).
  return back && back.startsWith('/') && !back.startsWith('//') ? back : fallback;
}
