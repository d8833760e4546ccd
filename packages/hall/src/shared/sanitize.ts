import DOMPurify from 'dompurify';

// Links the centre publishes may open a new tab: give them rel="noopener noreferrer" once, for every sanitize.
let hooked = false;
function hookOnce(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
}

/**
 * Sanitizes rich text the centre published (notices `tgnr`, policy bodies, the introduction, smart-push bodies; spec
 * 3.5) before it is put in the page: DOMPurify removes scripts, event handlers, `javascript:` links, frames and
 * forms; inline styles go too, since the hall's CSP forbids them. Data-URL images stay.
 *
 * @example
 * sanitizeRichText('<p onclick="x()">通知</p><script>x()</script>') // '<p>通知</p>'
 */
export function sanitizeRichText(html: string): string {
  hookOnce();
  return DOMPurify.sanitize(html, {
    FORBID_ATTR: ['style'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'frame', 'object', 'embed'],
  });
}

/** A notice's HTML, sanitized: {@link sanitizeRichText}. */
export const sanitizeNotice = sanitizeRichText;
