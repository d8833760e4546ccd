import { inflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { PNG } from 'pngjs';
import { CAPTCHA_ALPHABET, CAPTCHA_HEIGHT, CAPTCHA_MARGIN, CAPTCHA_WIDTH, registerCaptchaFont } from '../auth/captcha';

// The simplest captcha solver we could write, in the order a cheap bot would try things (issue 18, item 1):
//   1. an SVG: read its <text> nodes;
//   2. a PNG: read its text chunks (tEXt, zTXt, iTXt) (the test checks apart that the answer is nowhere in the bytes);
//   3. OCR by template matching: keep the dark pixels, drop specks, cut the text band into equal cells (the bot
//      knows the layout), and match each cell against every character drawn in the captcha's own font.
// It is a test tool: the test proves it reads the old SVG captcha and a plain rendering, and not the real picture.

export type SolveMethod = 'svg-text' | 'png-chunk' | 'template';

export interface Solved {
  answer: string;
  method: SolveMethod;
}

const GRID = 20;
const ANSWER = /^[A-Za-z0-9]{4,6}$/;

/** The PNG's chunks, in order. */
export function pngChunks(bytes: Buffer): Array<{ type: string; data: Buffer }> {
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    chunks.push({ type: bytes.toString('latin1', at + 4, at + 8), data: bytes.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
}

/** Shrinks the ink inside a box of a mask to GRID × GRID cells, each the share of ink in it. */
function shrink(mask: Uint8Array, width: number, box: { x0: number; y0: number; x1: number; y1: number }): Float64Array {
  const out = new Float64Array(GRID * GRID);
  const w = box.x1 - box.x0 + 1;
  const h = box.y1 - box.y0 + 1;
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      if (!mask[y * width + x]) continue;
      const cell = Math.floor(((y - box.y0) * GRID) / h) * GRID + Math.floor(((x - box.x0) * GRID) / w);
      out[cell] = (out[cell] ?? 0) + 1;
    }
  }
  const norm = Math.hypot(...out) || 1;
  return out.map((v) => v / norm);
}

/** The box around the ink of a mask within columns [from, to). */
function inkBox(mask: Uint8Array, width: number, height: number, from: number, to: number) {
  let x0 = to;
  let y0 = height;
  let x1 = from - 1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = from; x < to; x++) {
      if (!mask[y * width + x]) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  return x1 < x0 ? null : { x0, y0, x1, y1 };
}

let templates: Array<{ char: string; shape: Float64Array }> | undefined;

/** Every character of the alphabet in the captcha's font, upright, as a GRID × GRID shape. */
function glyphTemplates(): Array<{ char: string; shape: Float64Array }> {
  if (templates) return templates;
  const family = registerCaptchaFont();
  templates = [...CAPTCHA_ALPHABET].map((char) => {
    const canvas = createCanvas(80, 80);
    const g = canvas.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, 80, 80);
    g.fillStyle = '#000';
    g.font = `55px ${family}`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(char, 40, 40);
    const { data } = g.getImageData(0, 0, 80, 80);
    const mask = new Uint8Array(80 * 80).map((_, i) => ((data[i * 4] ?? 255) < 128 ? 1 : 0));
    const box = inkBox(mask, 80, 80, 0, 80);
    return { char, shape: box ? shrink(mask, 80, box) : new Float64Array(GRID * GRID) };
  });
  return templates;
}

/** Drops 8-connected groups of fewer than `min` pixels (specks). */
function dropSpecks(mask: Uint8Array, width: number, height: number, min: number): void {
  const seen = new Uint8Array(mask.length);
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const group = [start];
    seen[start] = 1;
    for (let k = 0; k < group.length; k++) {
      const p = group[k] ?? 0;
      const px = p % width;
      const py = (p - px) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = px + dx;
          const y = py + dy;
          const q = y * width + x;
          if (x >= 0 && y >= 0 && x < width && y < height && mask[q] && !seen[q]) {
            seen[q] = 1;
            group.push(q);
          }
        }
      }
    }
    if (group.length < min) for (const p of group) mask[p] = 0;
  }
}

/** OCR of a PNG of the captcha's layout by template matching, `length` characters. */
export function templateSolve(png: Buffer, length = 4): string {
  const image = PNG.sync.read(png);
  const { width, height, data } = image;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) {
    const lum = 0.299 * (data[i * 4] ?? 0) + 0.587 * (data[i * 4 + 1] ?? 0) + 0.114 * (data[i * 4 + 2] ?? 0);
    mask[i] = lum < 120 ? 1 : 0;
  }
  dropSpecks(mask, width, height, 30);
  const margin = (CAPTCHA_MARGIN * width) / CAPTCHA_WIDTH;
  const cell = (width - 2 * margin) / length;
  let answer = '';
  for (let i = 0; i < length; i++) {
    const box = inkBox(mask, width, height, Math.round(margin + i * cell), Math.round(margin + (i + 1) * cell));
    if (!box) {
      answer += '?';
      continue;
    }
    const shape = shrink(mask, width, box);
    let best = { char: '?', score: -1 };
    for (const t of glyphTemplates()) {
      let score = 0;
      for (let k = 0; k < shape.length; k++) score += (shape[k] ?? 0) * (t.shape[k] ?? 0);
      if (score > best.score) best = { char: t.char, score };
    }
    answer += best.char;
  }
  return answer;
}

/**
 * Every way's answer for a getImgCode `img` data URL: the SVG's text, the PNG's text chunks, and the template OCR.
 * A bot has one try per captcha (each is single use); counting a captcha solved when any way is right is generous.
 */
export function solveCaptcha(dataUrl: string, length = 4): Solved[] {
  const [head = '', base64 = ''] = dataUrl.split(',');
  const bytes = Buffer.from(base64, 'base64');
  if (head.startsWith('data:image/svg+xml')) {
    const text = [...bytes.toString().matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('');
    return [{ answer: text, method: 'svg-text' }];
  }
  if (!head.startsWith('data:image/png')) return [];
  const found: Solved[] = [];
  for (const { type, data } of pngChunks(bytes)) {
    if (!['tEXt', 'zTXt', 'iTXt'].includes(type)) continue;
    const text = type === 'zTXt' ? inflateSync(data.subarray(data.indexOf(0) + 2)).toString('latin1') : data.toString('latin1');
    const token = text.split(/[^A-Za-z0-9]+/).find((t) => ANSWER.test(t) && t.length === length);
    if (token) found.push({ answer: token, method: 'png-chunk' });
  }
  found.push({ answer: templateSolve(bytes, length), method: 'template' });
  return found;
}

/** Whether any way of {@link solveCaptcha} finds `answer` (without regard to case, as the server compares). */
export function solves(dataUrl: string, answer: string): boolean {
  return solveCaptcha(dataUrl, answer.length).some((s) => s.answer.toLowerCase() === answer.toLowerCase());
}

/** The answer drawn plainly in the captcha's font and layout: upright, one colour, no noise (to calibrate the OCR). */
export function plainPng(text: string): Buffer {
  const family = registerCaptchaFont();
  const canvas = createCanvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f4f6fa';
  g.fillRect(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  g.fillStyle = '#2a3f6b';
  g.font = `55px ${family}`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  const step = (CAPTCHA_WIDTH - 2 * CAPTCHA_MARGIN) / text.length;
  [...text].forEach((char, i) => g.fillText(char, CAPTCHA_MARGIN + step * (i + 0.5), CAPTCHA_HEIGHT / 2));
  return canvas.toBuffer('image/png');
}
