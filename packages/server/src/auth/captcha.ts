import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another: no 0/O/o, 1/I/l. */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';

/** How long a captcha may be used. */
export const CAPTCHA_TTL_MS = 2 * 60_000;

const WIDTH = 120;
const HEIGHT = 40;
const COLOURS = ['#1f4e8c', '#8c1f3a', '#2f6b1f', '#6b3f1f', '#4b1f8c', '#1f6b6b'];

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)] as T;

/** A random answer of `length` characters (4 to 6) from {@link CAPTCHA_ALPHABET}. */
export function captchaText(length = 4): string {
  if (!Number.isInteger(length) || length < 4 || length > 6) throw new RangeError('验证码长度应为 4 到 6 位');
  let text = '';
  for (let i = 0; i < length; i++) text += pick([...CAPTCHA_ALPHABET]);
  return text;
}

/**
 * The captcha picture: each character drawn as SVG text with its own rotation, offset and colour over a few noise
 * lines and dots. A generic font family is enough; the characters are all ASCII from a fixed alphabet, so nothing
 * needs escaping.
 */
export function captchaSvg(text: string): string {
  if (![...text].every((c) => CAPTCHA_ALPHABET.includes(c))) throw new RangeError('验证码含有不允许的字符');
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#f3f6fa"/>`,
  ];
  for (let i = 0; i < 4; i++) {
    parts.push(
      `<line x1="${randomInt(WIDTH)}" y1="${randomInt(HEIGHT)}" x2="${randomInt(WIDTH)}" y2="${randomInt(HEIGHT)}" ` +
        `stroke="${pick(COLOURS)}" stroke-opacity="0.5" stroke-width="${1 + randomInt(2)}"/>`,
    );
  }
  for (let i = 0; i < 20; i++) {
    parts.push(`<circle cx="${randomInt(WIDTH)}" cy="${randomInt(HEIGHT)}" r="1" fill="${pick(COLOURS)}" fill-opacity="0.6"/>`);
  }
  const step = (WIDTH - 16) / text.length;
  [...text].forEach((char, i) => {
    const x = Math.round(8 + step * i + step / 2 + randomInt(-3, 4));
    const y = 28 + randomInt(-4, 5);
    const angle = randomInt(-30, 31);
    const size = 22 + randomInt(0, 7);
    parts.push(
      `<text x="${x}" y="${y}" transform="rotate(${angle} ${x} ${y})" text-anchor="middle" font-size="${size}" ` +
        `font-family="monospace, sans-serif" font-weight="bold" fill="${pick(COLOURS)}">${char}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}

/** The picture as the `img` of getImgCode: a base64 SVG data URL. */
export function captchaDataUrl(text: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(captchaSvg(text)).toString('base64')}`;
}

/** Case-insensitive comparison of an entered captcha with its answer. */
export function captchaMatches(entered: string, answer: string): boolean {
  return entered.length === answer.length && entered.toLowerCase() === answer.toLowerCase();
}
