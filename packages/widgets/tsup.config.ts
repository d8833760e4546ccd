import { resolve } from 'node:path';
import { defineConfig, type Options } from 'tsup';
import { EXTRAS_HOOK, EXTRAS_SHARED } from './src/loan-calculator/extras-shared';

const preactAliases = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * A script-tag bundle has no chunks, so the calculator's dynamic imports (load-extras.ts, load-modules.ts) are replaced
 * by their `.standalone.ts` twins: the extras become a second script loaded on first use, and the other modules (engine,
 * request client, server-answer mapping) are simply inside.
 */
const scriptTagLoaders: Plugin = {
  name: 'gjj-script-tag-loaders',
  setup(build) {
    build.onResolve({ filter: /\/load-(extras|modules)$/ }, (args) => ({ path: resolve(args.resolveDir, `${args.path}.standalone.ts`) }));
  },
};

/**
 * The extras file takes EXTRAS_SHARED from the main bundle that loads it (one preact, one engine), through the global
 * hook that bundle sets: each such import becomes a module reading the hook. Any other React or preact import is an
 * error, as a second copy would break hooks.
 */
const sharedFromMainBundle: Plugin = {
  name: 'gjj-shared-from-main-bundle',
  setup(build) {
    const calculator = resolve('src/loan-calculator');
    const shared = new Map<string, string>(
      EXTRAS_SHARED.map((key) => [key.startsWith('.') ? resolve(calculator, key) : key, key]),
    );
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const key = shared.get(args.path.startsWith('.') ? resolve(args.resolveDir, args.path) : args.path);
      if (key) return { path: key, namespace: 'gjj-main-bundle' };
      if (/^(react|react-dom|preact)(\/|$)/.test(args.path)) {
        return { errors: [{ text: `${args.path} must come from the main bundle: add it to EXTRAS_SHARED` }] };
      }
      return undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'gjj-main-bundle' }, (args) => ({
      contents: `var hook = globalThis[${JSON.stringify(EXTRAS_HOOK)}]; module.exports = hook ? hook.shared[${JSON.stringify(args.path)}] : {};`,
      loader: 'js',
    }));
  },
};

/** What every script-tag file shares: one minified IIFE per entry, our packages bundled from source. */
const scriptTag: Options = {
  outDir: 'dist/standalone',
  format: ['iife'],
  platform: 'browser',
  target: 'es2020',
  // Terser after esbuild: about 2.5 % smaller again, which the script-tag budgets need.
  minify: 'terser',
  terserOptions: { ecma: 2020, compress: { passes: 2 } },
  sourcemap: true,
  noExternal: [/.*/],
  outExtension: () => ({ js: '.js' }),
  // Rollup's tree-shaking after esbuild's drops a little more (about 0.15 KB gzipped per file).
  treeshake: true,
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
    // The script-tag bundles: one self-registering file each, rendered by preact/compat.
    ...scriptTag,
    entry: {
      'gjj-widgets': 'src/standalone.ts',
      'gjj-loan-calculator': 'src/standalone-loan-calculator.ts',
      'gjj-complaint-form': 'src/standalone-complaint-form.ts',
      'gjj-policy-list': 'src/standalone-policy-list.ts',
      'gjj-rate-table': 'src/standalone-rate-table.ts',
    },
    globalName: 'GjjWidgets',
    esbuildPlugins: [scriptTagLoaders],
    esbuildOptions(options) {
      options.conditions = ['gjj-source', 'browser', 'module', 'import'];
      // decimal.js-light's "browser" file is a UMD wrapper; its ES module is the same code, smaller once bundled.
      options.alias = { ...preactAliases, 'decimal.js-light': 'decimal.js-light/decimal.mjs' };
      options.define = { 'process.env.NODE_ENV': '"production"' };
      options.legalComments = 'none';
    },
  },
  {
    // The calculator's parts used less often, loaded by either bundle above on first use.
    ...scriptTag,
    entry: { 'gjj-loan-calculator.extras': 'src/standalone-loan-calculator-extras.ts' },
    esbuildPlugins: [sharedFromMainBundle],
    esbuildOptions(options) {
      options.conditions = ['gjj-source', 'browser', 'module', 'import'];
      options.define = { 'process.env.NODE_ENV': '"production"' };
      options.legalComments = 'none';
    },
  },
]);
