// The host app's own Vite configuration. Nothing here is special to gjj-hall except the `/api` proxy: the widgets
// call the centre's server at the page's own origin (see configure() in src/main.tsx), and the host forwards `/api`
// to the centre, as its production web server would.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The centre's server the `/api` requests go to (the reference server of this repository by default). */
const GJJ_SERVER = process.env.GJJ_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5174,
    proxy: { '/api': { target: GJJ_SERVER, changeOrigin: true } },
  },
  preview: {
    port: 4174,
    proxy: { '/api': { target: GJJ_SERVER, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
  },
});
