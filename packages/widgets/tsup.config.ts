import { defineConfig } from 'tsup';

const preactAliases = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

export default defineConfig([
  {
    // The package: React components and the element registry, as ESM with types; dependencies stay external.
    entry: { index: 'src/index.ts', elements: 'src/elements.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    target: 'es2022',
    treeshake: true,
    splitting: true,
  },
  {
    // The script-tag bundle: one self-registering file with everything inside, rendered by preact/compat.
    entry: { 'gjj-widgets': 'src/standalone.ts', 'gjj-loan-calculator': 'src/standalone-loan-calculator.ts' },
    outDir: 'dist/standalone',
    format: ['iife'],
    globalName: 'GjjWidgets',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    sourcemap: true,
    noExternal: [/.*/],
    outExtension: () => ({ js: '.js' }),
    esbuildOptions(options) {
      options.conditions = ['gjj-source', 'browser', 'module', 'import'];
      options.alias = preactAliases;
      options.define = { 'process.env.NODE_ENV': '"production"' };
      options.legalComments = 'none';
    },
  },
]);
