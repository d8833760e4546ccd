import { useMemo } from 'react';
import { sanitizeRichText } from '../sanitize';

/**
 * Untrusted HTML from the centre (policy, introduction, notice and smart-push bodies), sanitized with DOMPurify
 * before it reaches the page. Nothing else in the hall may set inner HTML from a server answer.
 *
 * @example
 * <RichText html={policy.body} className="article__body" />
 */
export function RichText({ html, className = 'rich-text' }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html ?? ''), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
