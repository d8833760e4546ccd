import { inflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_FONT_FAMILY,
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  captchaDataUrl,
  captchaMatches,
  captchaPng,
  captchaText,
  registerCaptchaFont,
} from './captcha';
import { plainPng, pngChunks, solves } from '../test-support/captcha-solver';

const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');

describe('captcha', () => {
  it('draws from an alphabet without look-alikes', () => {
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1Il]/);
    for (let i = 0; i < 200; i++) expect(captchaText()).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
    expect(captchaText(6)).toHaveLength(6);
    expect(() => captchaText(3)).toThrow(RangeError);
    expect(() => captchaPng('<s>')).toThrow(RangeError);
  });

  it('is a 240 × 80 PNG data URL of pixels only: IHDR, IDAT, IEND, no text chunk, the answer nowhere in its bytes', () => {
    for (let i = 0; i < 100; i++) {
      // Six characters, so that they cannot turn up in 80 kB of bytes by chance (four could, about once in 50,000).
      const answer = captchaText(6);
      const url = captchaDataUrl(answer);
      expect(url.startsWith('data:image/png;base64,')).toBe(true);
      const bytes = bytesOf(url);
      const chunks = pngChunks(bytes);
      expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
      const image = PNG.sync.read(bytes);
      expect([image.width, image.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
      const pixels = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
      for (const blob of [bytes, pixels]) expect(blob.toString('latin1')).not.toContain(answer);
    }
  });

  it('draws in the font it ships, not in whatever the machine has', () => {
    const family = registerCaptchaFont();
    expect(family).toBe(CAPTCHA_FONT_FAMILY);
    const draw = (font: string) => {
      const canvas = createCanvas(60, 60);
      const g = canvas.getContext('2d');
      g.font = `40px ${font}`;
      g.fillText('Ag', 5, 45);
      return Buffer.from(g.getImageData(0, 0, 60, 60).data);
    };
    const ours = draw(family);
    expect(ours.some((v) => v > 0)).toBe(true);
    // Without the shipped font the text would be drawn in a fallback (here) or not at all (a machine without fonts).
    expect(ours.equals(draw('NoSuchFontFamily'))).toBe(false);
  });

  it('the simplest solver reads the plain rendering and the SVG, but at most 3 of 100 captchas', () => {
    // The solver works: it reads the answer drawn plainly in the same font and layout...
    let plain = 0;
    for (let i = 0; i < 50; i++) {
      const answer = captchaText();
      if (solves(`data:image/png;base64,${plainPng(answer).toString('base64')}`, answer)) plain++;
    }
    expect(plain).toBeGreaterThanOrEqual(35);
    // ...and any SVG that carries its answer as text (what getImgCode answered before).
    expect(solves(`data:image/svg+xml;base64,${Buffer.from('<svg><text>A</text><text>b</text><text>3</text><text>k</text></svg>').toString('base64')}`, 'Ab3k')).toBe(true);
    // The real pictures: measured 0 of 100 (about 19% of single characters, 3% by chance).
    let solved = 0;
    for (let i = 0; i < 100; i++) {
      const answer = captchaText();
      if (solves(captchaDataUrl(answer), answer)) solved++;
    }
    expect(solved).toBeLessThanOrEqual(3);
  });

  it('costs a few milliseconds of CPU each (well under 20)', () => {
    captchaPng(captchaText());
    const before = process.cpuUsage();
    for (let i = 0; i < 50; i++) captchaPng(captchaText());
    const used = process.cpuUsage(before);
    // CPU time, not wall time: other processes on a loaded machine do not count.
    expect((used.user + used.system) / 1000 / 50).toBeLessThan(20);
  });

  it('compares without regard to case', () => {
    expect(captchaMatches('ab3K', 'Ab3k')).toBe(true);
    expect(captchaMatches('ab3', 'Ab3k')).toBe(false);
    expect(captchaMatches('ab3x', 'Ab3k')).toBe(false);
  });
});
