import { defineConfig } from 'tsup';

// The package: React components and the element registry, as ESM with types; dependencies stay external. The
// script-tag files (dist/standalone/*.js) are rollup's: rollup.config.mjs.
export default defineConfig({
  entry: { index: 'src/index.ts', elements: 'src/elements.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  target: 'es2022',
  // As in the sdk (tsup.config.ts there says why): no bare imports of chunks, which register nothing.
  treeshake: { preset: 'recommended', moduleSideEffects: 'no-external' },
  splitting: true,
});
