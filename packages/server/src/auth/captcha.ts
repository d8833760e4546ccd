import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

/** Letters and digits that cannot be mistaken for one another: no 0/O/o, 1/I/l. */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';

/** How long a captcha may be used. */
export const CAPTCHA_TTL_MS = 2 * 60_000;

/** The picture's size in pixels: drawn at twice the 120 × 40 the hall shows it at, so it stays sharp on any screen. */
export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 80;
/** The characters are spread evenly between this margin and the same on the right. */
export const CAPTCHA_MARGIN = 20;

/**
 * The font the characters are drawn in, shipped in an npm package (PT Sans Bold, SIL Open Font License) so that the
 * picture is the same on a machine without any system font. Registered on first use under a family name of our own.
 */
export const CAPTCHA_FONT_FILE = '@fontsource/pt-sans/files/pt-sans-latin-700-normal.woff2';
export const CAPTCHA_FONT_FAMILY = 'GjjCaptchaSans';

let fontRegistered = false;

/** Registers {@link CAPTCHA_FONT_FILE} once; throws if the font cannot be loaded (never draws in a fallback font). */
export function registerCaptchaFont(): string {
  if (!fontRegistered) {
    const file = createRequire(import.meta.url).resolve(CAPTCHA_FONT_FILE);
    if (!GlobalFonts.registerFromPath(file, CAPTCHA_FONT_FAMILY)) throw new Error(`验证码字体无法加载：${file}`);
    fontRegistered = true;
  }
  return CAPTCHA_FONT_FAMILY;
}

/** A random answer of `length` characters (4 to 6) from {@link CAPTCHA_ALPHABET}. */
export function captchaText(length = 4): string {
  if (!Number.isInteger(length) || length < 4 || length > 6) throw new RangeError('验证码长度应为 4 到 6 位');
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

// The geometry (angles, offsets, noise) needs no cryptographic strength: the answer alone is secret, and it comes
// from randomInt above. Knowing the jitter of one picture tells nothing about the characters in it.
const between = (min: number, max: number): number => min + Math.random() * (max - min);
const hsl = (h: number, s: number, l: number, a = 1): string => `hsla(${Math.round(h) % 360}, ${Math.round(s)}%, ${Math.round(l)}%, ${a})`;

/** A curve from the left edge to the right one, through the band where the characters are. */
function curve(g: SKRSContext2D, colour: string, width: number): void {
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  g.beginPath();
  g.moveTo(-5, between(H * 0.25, H * 0.75));
  g.bezierCurveTo(between(W * 0.2, W * 0.4), between(0, H), between(W * 0.6, W * 0.8), between(0, H), W + 5, between(H * 0.25, H * 0.75));
  g.strokeStyle = colour;
  g.lineWidth = width;
  g.stroke();
}

/**
 * Moves every pixel along two sine waves (x by y, y by x), which bends each character and every line differently,
 * so that no glyph keeps the shape of the font. Bilinear, on the raw RGBA bytes.
 */
function wave(src: Uint8ClampedArray): Uint8ClampedArray {
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const out = new Uint8ClampedArray(src.length);
  const ax = between(3, 5);
  const px = between(50, 80);
  const phx = between(0, Math.PI * 2);
  const ay = between(4, 7);
  const py = between(90, 140);
  const phy = between(0, Math.PI * 2);
  const shiftX = new Float64Array(H);
  for (let y = 0; y < H; y++) shiftX[y] = ax * Math.sin((2 * Math.PI * y) / px + phx);
  const shiftY = new Float64Array(W);
  for (let x = 0; x < W; x++) shiftY[x] = ay * Math.sin((2 * Math.PI * x) / py + phy);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const sx = Math.min(W - 1.001, Math.max(0, x + (shiftX[y] ?? 0)));
      const sy = Math.min(H - 1.001, Math.max(0, y + (shiftY[x] ?? 0)));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * W + x0) * 4;
      const i10 = i00 + 4;
      const i01 = i00 + W * 4;
      const i11 = i01 + 4;
      const o = (y * W + x) * 4;
      for (let c = 0; c < 4; c++) {
        const top = (src[i00 + c] ?? 0) * (1 - fx) + (src[i10 + c] ?? 0) * fx;
        const bottom = (src[i01 + c] ?? 0) * (1 - fx) + (src[i11 + c] ?? 0) * fx;
        out[o + c] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return out;
}

/**
 * The captcha picture, a PNG: the characters in one family of colours, each at its own size, rotation and slant,
 * packed so that neighbours overlap; two curves of the same colours through them and a few fainter ones behind;
 * the whole picture bent by a wave; speckles on top. Nothing in the file names the characters: it is pixels only,
 * without text chunks.
 */
export function captchaPng(text: string): Buffer {
  if (![...text].every((c) => CAPTCHA_ALPHABET.includes(c))) throw new RangeError('验证码含有不允许的字符');
  const family = registerCaptchaFont();
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const canvas = createCanvas(W, H);
  const g = canvas.getContext('2d');

  // Background: a light gradient with faint blobs, in colours near the characters' hue so they cannot be keyed out.
  const hue = between(0, 360);
  const back = g.createLinearGradient(0, 0, W, H);
  back.addColorStop(0, hsl(hue + between(-60, 60), between(30, 60), between(90, 96)));
  back.addColorStop(1, hsl(hue + between(-60, 60), between(30, 60), between(88, 95)));
  g.fillStyle = back;
  g.fillRect(0, 0, W, H);
  for (let i = 0; i < 14; i++) {
    g.beginPath();
    g.ellipse(between(0, W), between(0, H), between(6, 22), between(4, 14), between(0, Math.PI), 0, Math.PI * 2);
    g.fillStyle = hsl(hue + between(-90, 90), between(30, 70), between(70, 88), between(0.3, 0.6));
    g.fill();
  }
  for (let i = 0; i < 3; i++) curve(g, hsl(hue + between(-60, 60), between(30, 60), between(55, 75), 0.8), between(1.5, 3));

  // The characters: each about 60% of a character's width after the previous one, so that neighbours overlap.
  const chars = [...text];
  const scale = Math.min(1, 4.5 / chars.length);
  const step = (W - 2 * CAPTCHA_MARGIN) / chars.length;
  let x = CAPTCHA_MARGIN + step / 2 + between(-4, 4);
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  for (const char of chars) {
    g.save();
    g.translate(x, H / 2 + between(-4, 4));
    g.rotate(between(-0.35, 0.35));
    g.transform(1, 0, between(-0.25, 0.25), 1, 0, 0);
    g.scale(between(0.9, 1.15), between(0.95, 1.1));
    g.font = `${Math.round(between(58, 68) * scale)}px ${family}`;
    g.fillStyle = hsl(hue + between(-40, 40), between(45, 75), between(22, 38));
    g.fillText(char, 0, 0);
    g.restore();
    x += step + between(-4, 2);
  }

  // Curves through the characters, about as thick as their strokes and of the same colours.
  for (let i = 0; i < 2; i++) curve(g, hsl(hue + between(-40, 40), between(45, 75), between(22, 38)), between(2.5, 3.5));

  const image = g.getImageData(0, 0, W, H);
  const bent = wave(image.data);
  // Speckles, dark and light, after the wave so that they stay sharp (straight into the bytes: cheaper than drawing).
  for (let i = 0; i < 220; i++) {
    const o = (Math.floor(between(0, H)) * W + Math.floor(between(0, W))) * 4;
    const dark = Math.random() < 0.5;
    for (let c = 0; c < 3; c++) bent[o + c] = dark ? between(20, 110) : between(200, 255);
  }
  return encodePng(bent, W, H);
}

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * RGBA bytes as an 8-bit RGB PNG of exactly three chunks (IHDR, IDAT, IEND): no text, time or any other chunk.
 * Encoded here rather than by the canvas because zlib's level 4 with the Sub filter is several times faster on a
 * noisy picture, for a file of about the same size.
 */
function encodePng(rgba: Uint8ClampedArray, width: number, height: number): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 1; // filter Sub: each byte minus the same channel of the pixel to its left
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const o = y * row + 1 + x * 3;
      for (let c = 0; c < 3; c++) raw[o + c] = ((rgba[i + c] ?? 0) - (x > 0 ? (rgba[i - 4 + c] ?? 0) : 0)) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 4 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The picture as the `img` of getImgCode: a base64 PNG data URL. */
export function captchaDataUrl(text: string): string {
  return `data:image/png;base64,${captchaPng(text).toString('base64')}`;
}

/** Case-insensitive comparison of an entered captcha with its answer. */
export function captchaMatches(entered: string, answer: string): boolean {
  return entered.length === answer.length && entered.toLowerCase() === answer.toLowerCase();
}
