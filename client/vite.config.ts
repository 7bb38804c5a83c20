import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// The dev server forwards API calls and the Socket.IO upgrade to the Fastify server, so the browser
// sees one origin in development as in production (the CSP allows only 'self').
const api = process.env.VOLTSCOPE_API ?? 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: api },
  '/socket.io': { target: api, ws: true },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Split the big, rarely changing libraries from the app so a deploy re-downloads only the app.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            // Everything else the entry needs before its first render, in one file: a dozen small shared
            // modules as one request, not twelve (each costs a round trip and its headers on a thin link).
            { name: 'boot', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: { proxy },
  // `vite preview` serves the build under the server's CSP, so a stray inline script shows up here.
  preview: {
    proxy,
    headers: {
      'Content-Security-Policy':
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'",
    },
  },
});
