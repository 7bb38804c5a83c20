// A Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the
// build, once, at the highest levels: the hub serves them as they are (@fastify/static `preCompressed`),
// so no request pays for compression and a thin link gets the smallest bytes we can make.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats only: fonts (woff2), images and video are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map|wasm|ico)$/i;
/** Below this, headers outweigh what compression saves (the static plugin skips such files too). */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressFile(file: string): Promise<void> {
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that saves little is not worth a second representation (and its Content-Encoding).
  if (br.length < data.length * 0.9) await writeFile(`${file}.br`, br);
  if (gzipped.length < data.length * 0.9) await writeFile(`${file}.gz`, gzipped);
}

/** Compresses every text file under `dir` (the build's outDir, public files included). */
export async function precompressDir(dir: string): Promise<void> {
  const files: string[] = [];
  for await (const file of filesUnder(dir)) if (COMPRESSIBLE.test(file)) files.push(file);
  // zlib's async calls run on libuv's thread pool: a handful at a time keeps every core busy.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) await compressFile(file);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'voltscope:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After every file (the public folder's too) is written.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(path.resolve(config.root, config.build.outDir));
      },
    },
  };
}
