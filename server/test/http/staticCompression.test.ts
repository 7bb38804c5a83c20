// The built client as a browser on a thin link gets it: the brotli or gzip copy the build made (as
// client/build/precompress.ts does: beside the file, none for a tiny one), chosen by Accept-Encoding and
// marked Vary, hashed assets cached for good, pages (index.html) always revalidated. The real build, in
// a browser: client/test/browser/firstLoad.test.ts.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helper.ts';

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const page = `<!doctype html><html><head><title>Voltscope</title></head><body>${'<p>hello</p>'.repeat(200)}</body></html>`;

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'voltscope-dist-'));
  await mkdir(path.join(dist, 'assets'));
  for (const [file, text] of [
    ['index.html', page],
    ['assets/app-Ab12Cd34.js', script],
  ] as const) {
    await writeFile(path.join(dist, file), text);
    await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${file}.gz`), gzipSync(text));
  }
  await writeFile(path.join(dist, 'assets', 'tiny-Ef56.js'), 'export {};\n');
  server = await startTestServer({ clientDist: dist });
});

afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding: string) =>
  fetch(server.url + url, { headers: { 'accept-encoding': acceptEncoding } });
/** The raw bytes on the wire (fetch would undo the Content-Encoding itself). */
const wire = (url: string, acceptEncoding: string) =>
  new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(server.url + url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });

describe('the built client, pre-compressed', () => {
  it('sends a hashed script as brotli to a browser that takes it, cached for a year and varying by encoding', async () => {
    const { headers, body } = await wire('/assets/app-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(headers['content-encoding']).toBe('br');
    expect(headers['content-type']).toMatch(/javascript/);
    expect(headers.vary).toMatch(/accept-encoding/i);
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(body).toString()).toBe(script);
    // Headers that act on documents only are left off a script; those that guard it stay.
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends gzip to a browser without brotli, and the plain file to one that takes neither', async () => {
    const gzipped = await wire('/assets/app-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(script);

    const plain = await wire('/assets/app-Ab12Cd34.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(script);
  });

  it('sends a file too small to gain from compression as it is', async () => {
    const { headers, body } = await wire('/assets/tiny-Ef56.js', 'br, gzip');
    expect(headers['content-encoding']).toBeUndefined();
    expect(body.toString()).toBe('export {};\n');
  });

  it('answers a page (and the root) with the compressed index.html, revalidated on every visit', async () => {
    for (const url of ['/', '/dashboards/solar']) {
      const { headers, body } = await wire(url, 'br');
      expect(headers['content-encoding'], url).toBe('br');
      expect(headers['content-type'], url).toMatch(/text\/html/);
      expect(headers['cache-control'], url).toBe('no-cache');
      expect(headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(body).toString(), url).toBe(page);
      expect(headers['content-security-policy'], url).toMatch(/default-src 'self'/);
    }
    // fetch, as a browser, undoes the encoding: the page reads the same.
    expect(await (await get('/dashboards/solar', 'gzip')).text()).toBe(page);
  });

  it('still answers a missing asset 404, in any encoding', async () => {
    expect((await get('/assets/gone-0000.js', 'br')).status).toBe(404);
  });
});
