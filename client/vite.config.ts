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
    // Split the big, rarely changing libraries from the app so a deploy re-downloads only the app, and
    // keep what a page does not use out of its download: Mantine's components other than the entry's go
    // with the pages that use them (sign-in fetches 49 KB of Mantine, not 97).
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The tiny chunks shared by a few pages (a Mantine component, a hook) are copied into each page's
          // chunk (one module state kept by rolldown's runtime): sign-in makes about half the requests, each
          // of which costs a round trip and ~900 bytes of headers on a thin link. Chunks with styles stay
          // files (Vite emits a chunk's CSS once per chunk that lists its modules).
          experimentalInlineCommonChunks: {
            maxSize: 8192,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, tags: ['$initial'] },
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
