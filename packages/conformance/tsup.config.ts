import { defineConfig } from 'tsup';

// The library (runConformance) and the command (bin gjj-conformance), for Node 20.
export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  splitting: true,
  target: 'node20',
  platform: 'node',
});
