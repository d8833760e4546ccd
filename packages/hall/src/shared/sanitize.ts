import DOMPurify from 'dompurify';

/**
 * Sanitizes a notice's HTML (spec 3.5 `tgnr`) before it is put in the page: DOMPurify removes scripts, event
 * handlers and `javascript:` links; inline styles go too, since the hall's CSP forbids them.
 *
 * @example
 * sanitizeNotice('<p onclick="x()">通知</p><script>x()</script>') // '<p>通知</p>'
 */
export function sanitizeNotice(html: string): string {
  return DOMPurify.sanitize(html, { FORBID_ATTR: ['style'], FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}
