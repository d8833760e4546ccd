import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, captchaDataUrl, captchaMatches, captchaSvg, captchaText } from './captcha';

describe('captcha', () => {
  it('draws from an alphabet without look-alikes', () => {
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1Il]/);
    for (let i = 0; i < 200; i++) expect(captchaText()).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
    expect(captchaText(6)).toHaveLength(6);
    expect(() => captchaText(3)).toThrow(RangeError);
  });

  it('draws each character as rotated SVG text over noise lines', () => {
    const svg = captchaSvg('Ab3k');
    expect([...svg.matchAll(/<text[^>]*>(.)<\/text>/g)].map((m) => m[1])).toEqual(['A', 'b', '3', 'k']);
    expect(svg.match(/rotate\(/g)).toHaveLength(4);
    expect(svg.match(/<line /g)).toHaveLength(4);
    expect(() => captchaSvg('<s>')).toThrow(RangeError);
    expect(Buffer.from(captchaDataUrl('Ab3k').split(',')[1] ?? '', 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it('compares without regard to case', () => {
    expect(captchaMatches('ab3K', 'Ab3k')).toBe(true);
    expect(captchaMatches('ab3', 'Ab3k')).toBe(false);
    expect(captchaMatches('ab3x', 'Ab3k')).toBe(false);
  });
});
