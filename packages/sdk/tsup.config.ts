import { defineConfig } from 'tsup';

// One file per public entry; shared code goes to chunks, so an app that imports two entries loads it once.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    validate: 'src/validate/index.ts',
    format: 'src/format/index.ts',
    input: 'src/input/index.ts',
    crypto: 'src/crypto/index.ts',
    loan: 'src/loan/index.ts',
    'loan-fast': 'src/loan/fast.ts',
    rates: 'src/rates/index.ts',
    public: 'src/public/index.ts',
    host: 'src/host/index.ts',
    archive: 'src/archive/index.ts',
    // Not a public entry (package.json does not export it): the engine as an entry of its own makes it, with its
    // import of decimal.js, a chunk of its own, which a bundler drops when only the rates or rules are used.
    'loan-engine': 'src/loan/engine.ts',
    menu: 'src/menu/index.ts',
    // Types only (the contract generated from the OpenAPI document): its JavaScript file is empty.
    api: 'src/api/index.ts',
    auth: 'src/auth/index.ts',
    testing: 'src/testing/index.ts',
  },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  splitting: true,
  target: 'es2022',
  // tsup's rollup pass over each output file, which sees every other chunk as external: chunks register nothing
  // (the one module that does, host/config.ts, is imported for its exports wherever it is used), so an unused import
  // of one is dropped rather than left as a bare import './chunk-….js', which an integrator's bundler reports as an
  // ignored side-effect import.
  treeshake: { preset: 'recommended', moduleSideEffects: 'no-external' },
});
