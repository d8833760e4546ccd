import { defineConfig } from 'tsup';

// The package: React components and the element registry, as ESM with types; dependencies stay external. The
// script-tag files (dist/standalone/*.js) are rollup's: rollup.config.mjs.
export default defineConfig({
  entry: { index: 'src/index.ts', elements: 'src/elements.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
  splitting: true,
});
