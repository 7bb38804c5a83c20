// Builds the client when its sources are newer than the last build (`npm start`, `npm run cluster`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sources = [
  'client/src',
  'client/public',
  'client/index.html',
  'client/vite.config.ts',
  'client/package.json',
  'shared/src',
];

function newest(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

/** Builds the client if it is stale; exits the process when the build fails. */
export function buildClientIfStale(): void {
  const built = fs.statSync(path.join(root, 'client/dist/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built >= Math.max(...sources.map((s) => newest(path.join(root, s))))) return;
  console.log(built ? 'The client changed since its last build: building it…' : 'Building the client (first start)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'client'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
