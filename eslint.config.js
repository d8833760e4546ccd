// Lint for every package. Beyond the usual rules it enforces the layering of docs/architecture.md:
// imports run hall -> widgets -> sdk and server -> sdk only, no cycles, and hall features never import each other.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const features = readdirSync('packages/hall/src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Which packages each package may not import, by name and by path. */
const forbidden = {
  sdk: ['widgets', 'hall', 'server'],
  widgets: ['hall', 'server'],
  hall: ['server'],
  server: ['widgets', 'hall'],
  // The kit uses the sdk (SM2, the message catalogue); its test starts the reference server in process.
  conformance: ['widgets', 'hall'],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Lets import-x parse the TypeScript files it follows (no-cycle reads the imported modules).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'packages/*/tsconfig.json'],
          conditionNames: ['gjj-source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...Object.entries(forbidden).flatMap(([target, from]) =>
              from.map((f) => ({
                target: `./packages/${target}`,
                from: `./packages/${f}`,
                message: `${target} 不能依赖 ${f}（依赖方向：hall -> widgets -> sdk，server -> sdk）`,
              })),
            ),
            ...features.map((feature) => ({
              target: `./packages/hall/src/features/${feature}`,
              from: './packages/hall/src/features',
              except: [`./${feature}`],
              message: '大厅的各功能模块之间不能相互引用：共用的代码放到 shared/ 或 widgets 中',
            })),
          ],
        },
      ],
      'no-console': 'off',
    },
  },
  // The same layering by package name, which holds even where a path cannot be resolved.
  ...Object.entries(forbidden).map(([target, from]) => ({
    files: [`packages/${target}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: from.map((f) => ({ group: [`@gjj-hall/${f}`, `@gjj-hall/${f}/*`], message: `${target} 不能依赖 @gjj-hall/${f}` })) },
      ],
    },
  })),
  {
    files: ['packages/widgets/**/*.tsx', 'packages/hall/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  {
    // The examples' React apps are held to the same hooks and accessibility rules as the hall.
    files: ['examples/*/src/**/*.tsx', 'examples/*/typetest/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  {
    // The sdk runs in any host page and on servers: no React, no DOM rendering.
    files: ['packages/sdk/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'preact'].map((name) => ({ name, message: 'sdk 与框架无关，不能依赖 React/Preact' })),
          patterns: [{ group: ['@gjj-hall/*'], message: 'sdk 不依赖本仓库的其他包' }],
        },
      ],
    },
  },
);
