// Every page fetches its translation namespaces beside its code (`ns` in the route table). A component on
// the page that reads one more suspends when it first renders, and the page's Suspense boundary then swaps
// the whole page for the loader until it arrives: a page that blinks out after it has shown. This walks
// each page's static imports and checks that its route names every namespace they read (or its layout,
// already on screen, has fetched).
import { describe, expect, it } from 'vitest';
import { routeTable } from './routes.tsx';

/** Every client module's text, by its path under src/ ("./app/router.tsx"). */
const sources: Record<string, string> = import.meta.glob(['./**/*.ts', './**/*.tsx', '!./**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const layoutFiles = { blank: './app/layouts/BlankLayout.tsx', default: './app/layouts/DefaultLayout.tsx' } as const;

/** `from` (a module's path) joined with a relative import, as "./a/b.tsx". */
function join(from: string, relative: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The namespaces a module's own `useTranslation` calls ask for, and the modules it imports statically. */
function readModule(file: string): { ns: string[]; imports: string[] } {
  const text = sources[file] ?? '';
  const ns: string[] = [];
  for (const [, args = ''] of text.matchAll(/useTranslation\(([^)]*)\)/g)) {
    if (/useSuspense:\s*false/.test(args)) continue;
    for (const [, name = ''] of args.matchAll(/'([A-Za-z]+)'/g)) ns.push(name);
  }
  const imports = [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+\.tsx?)'/gms)].map(([, path = '']) =>
    join(file, path),
  );
  return { ns, imports };
}

/** Each namespace read by a module that `entry` reaches, with the first module found reading it. */
function namespacesReadFrom(entry: string): Map<string, string> {
  const read = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const { ns, imports } = readModule(file);
    for (const name of ns) if (!read.has(name)) read.set(name, file);
    queue.push(...imports);
  }
  return read;
}

describe('the route table', () => {
  const pages = routeTable.filter((route) => route.page);
  it.each(pages.map((route) => [route.name, route] as const))(
    '%s fetches every namespace its page reads',
    (_, route) => {
      // The page's module, as the route's loader imports it (Vite writes it from the project's root).
      const page = route.page
        ?.toString()
        .match(/import_*\(\s*["']([^"']+)["']/)?.[1]
        ?.replace(/^(\/client\/src|\.)\//, './');
      expect(page && page in sources, `the page module ${page}`).toBe(true);
      const layout = namespacesReadFrom(layoutFiles[route.layout]).keys();
      const declared = new Set(['common', ...layout, ...(route.ns ?? [])]);
      const missing = [...namespacesReadFrom(page as string)].filter(([name]) => !declared.has(name));
      expect(missing.map(([name, file]) => `${name} (read in ${file})`)).toEqual([]);
    },
  );
});
