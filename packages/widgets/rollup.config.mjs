// The script-tag files (dist/standalone/*.js): one self-registering IIFE per entry, rendered by preact/compat, our
// packages bundled from source. rollup's scope hoisting and tree-shaking, then terser; esbuild only compiles each module
// (TypeScript and JSX to ES2020), it does not bundle. The packages' ESM entries and types are tsup's (tsup.config.ts).
// docs/decisions.md compares the files as rollup and as esbuild build them.
import { readFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { transform, transformSync } from 'esbuild';

const SRC = resolve(import.meta.dirname, 'src');

// The global hooks and the modules the engine and extras files take from the main file, as the sources name them.
const { ENGINE_HOOK, ENGINE_SHARED, EXTRAS_HOOK, EXTRAS_SHARED } = await import(
  `data:text/javascript,${encodeURIComponent(transformSync(readFileSync(resolve(SRC, 'loan-calculator/extras-shared.ts'), 'utf8'), { loader: 'ts' }).code)}`
);

/** How our packages and their dependencies are found: from source (`gjj-source`), as a browser build. */
const resolveModules = () =>
  nodeResolve({
    exportConditions: ['gjj-source', 'browser', 'module', 'import'],
    browser: true,
    extensions: ['.ts', '.tsx', '.mjs', '.js'],
  });

// issue 19: @r2wc/core's class fields are left as they are (Chrome 72, Firefox 69, Safari 14: older than the optional
// chaining ES2020 output has anyway) rather than emulated with a helper, 50 bytes gzipped a file.
const targetOf = (id) => (id.includes('/node_modules/@r2wc/') ? 'es2022' : 'es2020');

/** Each module compiled to ES2020 by esbuild (TypeScript, JSX with the automatic runtime), NODE_ENV production. */
const compile = {
  name: 'gjj-compile',
  async transform(code, id) {
    const loader = { '.ts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js' }[extname(id)];
    if (!loader || id.startsWith('\0')) return null;
    const result = await transform(code, {
      loader,
      target: targetOf(id),
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      sourcemap: true,
      sourcefile: id,
    });
    return { code: result.code, map: result.map };
  },
};

/**
 * React, as the components import it, is preact with the little of React's behaviour they rely on
 * (shared/react.standalone.ts), not all of preact/compat; react-dom is never imported by a component. dayjs's ES modules rather than its UMD file (rollup bundles ES
 * modules only; dayjs comes in through @gjj-hall/sdk/format and is dropped unused). decimal.js has an ES module of its
 * own (its `import` condition).
 */
const ALIASES = {
  react: resolve(SRC, 'shared/react.standalone.ts'),
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  dayjs: 'dayjs/esm/index.js',
};
const aliases = {
  name: 'gjj-aliases',
  resolveId(source, importer) {
    const target = ALIASES[source];
    return target ? this.resolve(target, importer, { skipSelf: true }) : null;
  },
};

/**
 * A script-tag file has no chunks, so the calculator's dynamic imports (load-extras.ts, load-modules.ts) are replaced
 * by their `.standalone.ts` twins: the engine and the extras become companion files loaded later (the engine while
 * the page is idle, the extras on first use), and the other modules (request client, server-answer mapping) are
 * simply inside.
 */
const scriptTagLoaders = {
  name: 'gjj-script-tag-loaders',
  resolveId(source, importer) {
    if (!importer || !/\/load-(extras|modules)$/.test(source)) return null;
    return resolve(dirname(importer), `${source}.standalone.ts`);
  },
};

/**
 * issue 19: the elements are r2wc's (shared/r2wc.ts, @r2wc/react-to-web-component); a script-tag file takes its twin
 * shared/r2wc.standalone.ts, @r2wc/core with a preact renderer (docs/decisions.md compares it with aliasing React).
 */
const r2wcPreact = {
  name: 'gjj-r2wc-preact',
  resolveId(source, importer) {
    if (!importer || source !== './r2wc' || !importer.startsWith(resolve(SRC, 'shared'))) return null;
    return resolve(SRC, 'shared/r2wc.standalone.ts');
  },
};

/**
 * A companion file takes its shared modules (EXTRAS_SHARED, ENGINE_SHARED) from the main file that loads it (one
 * preact, one engine), through the global hook that file sets: each such import becomes a module whose named exports
 * are read off the hook's object. Any other React or preact import is an error, as a second copy would break hooks.
 */
export const sharedFromMainFile = (hookName = EXTRAS_HOOK, sharedKeys = EXTRAS_SHARED, listName = 'EXTRAS_SHARED') => {
  const calculator = resolve(SRC, 'loan-calculator');
  const shared = new Map(sharedKeys.map((key) => [key.startsWith('.') ? resolve(calculator, key) : key, key]));
  const PREFIX = '\0gjj-main-file:';
  const HOOK = '\0gjj-main-file-hook';
  return {
    name: 'gjj-shared-from-main-file',
    resolveId(source, importer) {
      if (source === HOOK) return HOOK;
      if (!importer) return null;
      const key = shared.get(source.startsWith('.') ? resolve(dirname(importer), source) : source);
      if (key) return `${PREFIX}${key}`;
      if (/^(react|react-dom|preact)(\/|$)/.test(source)) this.error(`${source} must come from the main file: add it to ${listName}`);
      return null;
    },
    load(id) {
      if (id === HOOK) return `export default globalThis[${JSON.stringify(hookName)}];\n`;
      if (!id.startsWith(PREFIX)) return null;
      // Named imports are read off the default export (syntheticNamedExports), when they are used.
      return {
        code: `import hook from ${JSON.stringify(HOOK)};\nexport default hook ? hook.shared[${JSON.stringify(id.slice(PREFIX.length))}] : {};\n`,
        syntheticNamedExports: true,
      };
    },
  };
};

/** One script-tag file: its entry, its global (if it exports anything) and its plugins. */
function scriptTag(input, file, name, plugins) {
  return {
    input: resolve(SRC, input),
    plugins,
    // rollup's default tree-shaking: the `smallest` preset gained 3 bytes a file (docs/decisions.md).
    treeshake: { preset: 'recommended' },
    onwarn(warning) {
      // A warning is a build that may not do what it says: fail rather than ship it.
      if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((id) => id.includes('/node_modules/'))) return;
      throw new Error(`${file}: ${warning.message}`);
    },
    output: {
      file: `dist/standalone/${file}`,
      format: 'iife',
      name,
      sourcemap: true,
      // ES2015 code for rollup's own glue; no Symbol.toStringTag on namespace objects nobody prints.
      generatedCode: { preset: 'es2015', symbols: false },
      freeze: false,
      esModule: false,
      // The policy detail's sanitizer, a chunk where there are chunks, is inside.
      inlineDynamicImports: true,
      plugins: [terser({ ecma: 2020, compress: { passes: 2 }, format: { comments: false } })],
    },
  };
}

const main = () => [scriptTagLoaders, r2wcPreact, aliases, resolveModules(), compile];

export default [
  scriptTag('standalone.ts', 'gjj-widgets.js', 'GjjWidgets', main()),
  scriptTag('standalone-loan-calculator.ts', 'gjj-loan-calculator.js', 'GjjWidgets', main()),
  scriptTag('standalone-complaint-form.ts', 'gjj-complaint-form.js', 'GjjWidgets', main()),
  scriptTag('standalone-policy-list.ts', 'gjj-policy-list.js', 'GjjWidgets', main()),
  scriptTag('standalone-rate-table.ts', 'gjj-rate-table.js', 'GjjWidgets', main()),
  scriptTag('standalone-archive-collector.ts', 'gjj-archive-collector.js', 'GjjWidgets', main()),
  scriptTag('standalone-qr-signing.ts', 'gjj-qr-signing.js', 'GjjWidgets', main()),
  // The calculator's engine with decimal.js, loaded by either calculator file above while the page is idle or on the
  // first 计算, whichever comes first; and its parts used less often, loaded on first use.
  scriptTag('standalone-loan-calculator-engine.ts', 'gjj-loan-calculator.engine.js', undefined, [
    sharedFromMainFile(ENGINE_HOOK, ENGINE_SHARED, 'ENGINE_SHARED'),
    resolveModules(),
    compile,
  ]),
  scriptTag('standalone-loan-calculator-extras.ts', 'gjj-loan-calculator.extras.js', undefined, [sharedFromMainFile(), resolveModules(), compile]),
];
