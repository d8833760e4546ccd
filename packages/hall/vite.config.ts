import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { precompress } from './precompress';

const require = createRequire(import.meta.url);

// React Router's build calls React.forwardRef, React.memo and React.createContext at module level without a
// /* @__PURE__ */ mark, so the bundler keeps every such component (Form, the data routers' routes, the framework's
// contexts) even when nothing imports it. Marking those calls pure lets tree-shaking drop what the hall never uses.
function pureRouterWrappers(): Plugin {
  return {
    name: 'gjj-pure-router-wrappers',
    apply: 'build',
    transform: {
      filter: { id: /node_modules\/react-router\/dist\/production\/.*\.mjs$/ },
      handler(code) {
        const pure = code.replace(/(?<!@__PURE__ \*\/ )\b(React\d*\.(?:forwardRef|memo|createContext)\()/g, '/* @__PURE__ */ $1');
        // `Form.displayName = "Form";` is a write the bundler must keep, and with it Form; the names are for the
        // React developer tools only. Blanked, not removed, so the lines (and the source map) stay where they were.
        const named = pure.replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
        return { code: named, map: null };
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), pureRouterWrappers()],
  resolve: {
    // Our own packages are built from source, so the hall never needs their dist/ first.
    conditions: ['gjj-source', ...defaultClientConditions],
    // React Router's package exports only its development build (warnings and checks included); the production
    // build beside it is what a built hall ships (issue 35 item 4). Tests and the dev server keep the warnings.
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: require.resolve('react-router').replace(/development\/index\.m?js$/, 'production/index.mjs') }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2020',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: 'home.html',
      output: {
        codeSplitting: {
          // Everything the entry needs before it can start goes into one chunk beside it, rather than into the
          // small common chunks that automatic splitting makes of modules the lazy pages share with it.
          groups: [
            { name: 'initial', tags: ['$initial'] },
            // Six modules of under 1 KB each that both /login and the signed-in home load (issue 23): one request, not
            // six. Only modules both paths need, so neither loads more bytes than before.
            {
              name: 'signin-common',
              test: /sdk\/src\/menu\/(areas|normalise)\.ts$|sdk\/src\/auth\/(display-name|sms-login)\.ts$|hall\/src\/shared\/(session-flags\.ts|ui\/tabs\.tsx)$/,
            },
            // What every signed-in page loads once the session is known, and nothing before sign-in: the session's
            // loading and routes, the shell with its dialogs, the idle and token timers, the menu page every business
            // page opens in, the homes' tiles. Twenty chunks of 0.2–10 KB had made it, each with ~0.5 KB of response
            // headers: one request now. Modules a public page also uses (dialog, breadcrumb, sign-out, mask, the
            // not-open notice) stay out, and so do the captured modules' dependencies (includeDependenciesRecursively).
            {
              name: 'signed-in',
              // Only these modules: their shared dependencies (the dialog, sign-out) stay where public pages find them.
              includeDependenciesRecursively: false,
              test: /sdk\/src\/timers\/idle\.ts$|sdk\/src\/auth\/(token-refresh|bootstrap|prompts|switch)\.ts$|sdk\/src\/menu\/(permissions|routes|enable|status)\.ts$|hall\/src\/app\/(idle-watcher\.tsx|session-loader\.ts)$|hall\/src\/app\/shell\/(logout-dialog|password-dialogs|switch-account-dialog|account-menu|keep-alive|login-prompts|notice-banner|shell|current-route)\.tsx?$|hall\/src\/shared\/(ui\/prompt-dialog\.tsx|menu-view\.ts|use-menu-tree\.ts)$|hall\/src\/app\/pages\/menu-page\.tsx$|hall\/src\/shared\/(use-close-page\.tsx|close-target\.ts|ui\/two-check-gate\.tsx|ui\/menu-tiles\.tsx|use-open-menu\.tsx|menu-open\.ts|ui\/home-view\.tsx)$/,
            },
            // SM2 (sm-crypto) with the sign-in forms' text field, as automatic splitting grouped them before GJ0313's
            // password path (issue 24) loaded the crypto entry on its own: one request on /login, not two (0.7 KB
            // less there); GJ0313 takes the 0.5 KB field along on that path only.
            { name: 'sm2', test: /node_modules\/(sm-crypto|jsbn)\/|sdk\/src\/crypto\/(index|sm2)\.ts$|hall\/src\/features\/auth\/components\/text-field\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': process.env.GJJ_API ?? 'http://127.0.0.1:8080' },
  },
}));
