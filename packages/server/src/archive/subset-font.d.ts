// subset-font ships no types; the one call the server makes.
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: {
      targetFormat?: 'truetype' | 'woff' | 'woff2' | 'sfnt';
      keepFeatures?: string[];
      noLayoutClosure?: boolean;
      noHinting?: boolean;
    },
  ): Promise<Buffer>;
}
