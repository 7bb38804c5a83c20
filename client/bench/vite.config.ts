// Builds the two wall benchmark pages (not part of the app's build): `npm run bench -- wall` builds
// them into a temporary folder that the benchmark's hub serves.
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  build: {
    emptyOutDir: true,
    target: 'es2024',
    rolldownOptions: {
      input: { wall: `${import.meta.dirname}/wall.html`, baseline: `${import.meta.dirname}/baseline.html` },
    },
  },
});
