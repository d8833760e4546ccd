import DOMPurify from 'dompurify';

// Links the centre publishes may open a new tab (target="_blank", given rel="noopener noreferrer"); any other target
// (_top, _parent, a frame name) would navigate the host's page from inside a widget, so it goes. Hooked once.
let hooked = false;

/**
 * Sanitizes rich text the centre published (a policy body, a notice) before a widget puts it in the page: DOMPurify
 * removes scripts, event handlers, `javascript:` links, frames, forms and inline styles (a host's strict CSP forbids
 * them anyway). Data-URL images stay. Call it in a browser only (DOMPurify needs a DOM); nothing runs on import.
 *
 * @example
 * sanitizeHtml('<p onclick="x()">通知</p><script>x()</script>') // '<p>通知</p>'
 */
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (!node.hasAttribute('target')) return;
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
      else node.removeAttribute('target');
    });
  }
  return DOMPurify.sanitize(html, {
    ADD_ATTR: ['target'],
    FORBID_ATTR: ['style'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'frame', 'object', 'embed'],
  });
}
