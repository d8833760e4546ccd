import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // Our own packages are built from source, so the hall never needs their dist/ first.
    conditions: ['gjj-source', ...defaultClientConditions],
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
});
