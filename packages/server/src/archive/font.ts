import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

/**
 * The CJK font of the server's PDFs: Noto Sans SC Regular (TrueType, SIL Open Font License) from the npm package
 * @expo-google-fonts/noto-sans-sc, read from node_modules on first use and never fetched. Each document embeds only
 * the characters it draws, subset with HarfBuzz (subset-font): @pdf-lib/fontkit's own subsetting drops most glyphs of
 * this font (docs/decisions.md).
 */

const require = createRequire(import.meta.url);
const FONT_PATH = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

let full: Promise<Buffer> | null = null;

/** The whole font file (10 MB), read once. */
export function cjkFont(): Promise<Buffer> {
  full ??= readFile(require.resolve(FONT_PATH)).catch((error: unknown) => {
    full = null;
    throw error;
  });
  return full;
}

/**
 * A TrueType font holding just the glyphs of `text` (plus digits, Latin letters and common punctuation, so that
 * numbers and dates always render), to embed with pdf-lib's `embedFont(bytes, { subset: false })`.
 *
 * @example
 * const font = await doc.embedFont(await cjkSubset('授权委托书 张三'))
 */
export async function cjkSubset(text: string): Promise<Uint8Array> {
  const base = ' \u30000123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-:：，。、（）()*/.年月日';
  // No layout features: pdf-lib lays text out with fontkit, which applied this font's GSUB to digits after Latin
  // letters (GJ0302… came out in full-width forms); plain Chinese text needs none of them.
  const bytes = await subsetFont(await cjkFont(), `${base}${text}`, { targetFormat: 'truetype', keepFeatures: [], noLayoutClosure: true, noHinting: true });
  return new Uint8Array(bytes);
}
