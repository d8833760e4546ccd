import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    main: 'src/main.ts',
    index: 'src/index.ts',
    centre: 'src/applications/centre-cli.ts',
    // The worker threads that decode and draw PDFs (src/archive/heavy.ts looks for it beside the entries).
    'heavy-worker': 'src/archive/heavy-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
  // Our own packages are bundled from source; third-party dependencies stay in node_modules.
  noExternal: [/^@gjj-hall\//],
  esbuildOptions(options) {
    options.conditions = ['gjj-source'];
  },
});
