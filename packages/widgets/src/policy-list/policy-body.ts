/** Text of an HTML fragment, entities left as written, whitespace collapsed: enough to compare with a title. */
const textOf = (html: string): string =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, '')
    .trim();

// The first element of the body when it is a heading or a paragraph (a centre's editor writes the title either way).
const LEADING_BLOCK = /^\s*<(h[1-6]|p)\b[^>]*>([\s\S]*?)<\/\1\s*>/i;

/**
 * The policy body without its first block when that block only repeats the title: many centres paste the whole
 * document, title included, and the page already shows the title as its heading (issue 23: "a policy's title is not
 * printed twice"). Anything else, including a first block that merely starts with the title, is kept as it is.
 *
 * @example
 * withoutRepeatedTitle('<h2>关于调整贷款额度的通知</h2><p>各单位：</p>', '关于调整贷款额度的通知') // '<p>各单位：</p>'
 */
export function withoutRepeatedTitle(html: string, title: string): string {
  const match = LEADING_BLOCK.exec(html);
  const wanted = textOf(title);
  if (!match || !wanted || textOf(match[2] ?? '') !== wanted) return html;
  return html.slice(match[0].length).replace(/^\s+/, '');
}

/**
 * Whether a label's value is worth a line: a label with no value is hidden rather than shown as 无 or left blank.
 *
 * @example
 * hasValue(' ') // false
 */
export const hasValue = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';
