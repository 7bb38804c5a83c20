// Which client build the hub serves: a short hash of `<clientDist>/index.html` (every build names its
// hashed bundles there), read again when the file's time changes, so that a build deployed while the hub
// runs is announced to the walls (they reload at their next playlist turn). 'dev' without a built client.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export function clientBuild(clientDist: string): () => Promise<string> {
  const index = path.join(clientDist, 'index.html');
  let known: { mtimeMs: number; id: string } | undefined;
  return async () => {
    try {
      const { mtimeMs } = await stat(index);
      if (known?.mtimeMs !== mtimeMs) {
        const id = createHash('sha256')
          .update(await readFile(index))
          .digest('hex')
          .slice(0, 16);
        known = { mtimeMs, id };
      }
      return known.id;
    } catch {
      known = undefined;
      return 'dev';
    }
  };
}
