// Builds the two wall benchmark pages (not part of the app's build): `npm run bench -- wall` builds
// them into a temporary folder that the benchmark's hub serves. The pages differ only in the script they
// run, so their HTML is written here, once, rather than kept as two files.
import { defineConfig, type Plugin } from 'vite';

const pages = ['wall', 'baseline'] as const;
const pageFile = (name: string) => `${import.meta.dirname}/${name}.html`;

const pageHtml = (name: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Voltscope wall benchmark: ${name}</title>
  </head>
  <body>
    <script type="module" src="./${name}.ts"></script>
  </body>
</html>
`;

/** Serves `<page>.html` from pageHtml, as if the file were there. */
const benchPages: Plugin = {
  name: 'voltscope-bench-pages',
  enforce: 'pre',
  resolveId: (id) => pages.map(pageFile).find((file) => file === id),
  load(id) {
    const name = pages.find((page) => pageFile(page) === id);
    return name && pageHtml(name);
  },
};

export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  plugins: [benchPages],
  build: {
    emptyOutDir: true,
    target: 'es2024',
    rolldownOptions: {
      input: Object.fromEntries(pages.map((name) => [name, pageFile(name)])),
    },
  },
});
