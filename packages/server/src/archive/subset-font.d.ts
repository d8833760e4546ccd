// subset-font ships no types; the one call the server makes.
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: { targetFormat?: 'truetype' | 'woff' | 'woff2' | 'sfnt'; preserveNameIds?: number[]; variationAxes?: Record<string, number> },
  ): Promise<Buffer>;
}
