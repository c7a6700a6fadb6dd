import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { API_BASES } from '@tp/contracts/endpoint';
import { LOCAL_PORTS } from '@tp/contracts/platform';
import { SPA_BASENAME } from '@tp/contracts/spa-routes';

// `npm run dev -w web` proxies the API bases to the local gateway (`npm start`), so the dev server
// behaves like the same-origin deployment (the auth cookie is first-party either way).
const gateway = `http://127.0.0.1:${LOCAL_PORTS.gateway}`;

export default defineConfig({
  base: `${SPA_BASENAME}/`,
  plugins: [react()],
  build: {
    // WEB_OUT_DIR lets parallel work build to its own folder (tests read it back through WEB_DIST).
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Report gzip sizes: the initial-JS budget (170 KB gzipped) is checked against this output.
    reportCompressedSize: true,
  },
  server: {
    proxy: Object.fromEntries(Object.values(API_BASES).map((base) => [base.replace(/\/$/, ''), gateway])),
  },
});
