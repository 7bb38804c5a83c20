// The JSON API's answers travel compressed to a client that accepts it (the solar dashboard fetches ~177 KB
// of it per load): a large answer as brotli or gzip, marked Vary; a small one, a CSV export and a client
// that accepts no encoding get the plain bytes. Static files: staticCompression.test.ts.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';

const SITE = 'fr-occitanie';

describe('JSON answers, compressed', () => {
  const hub = hubForTests({ signIn: ['admin'] });
  /** The raw bytes on the wire (fetch would undo the Content-Encoding itself). */
  const wire = (url: string, acceptEncoding?: string) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const headers: Record<string, string> = { authorization: `Bearer ${hub.tokens.admin}` };
        if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
        request(hub.server.url + url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        })
          .on('error', reject)
          .end();
      },
    );
  const plain = async (url: string) => (await wire(url)).body.toString();

  it('sends a large answer as brotli to a browser that takes it, varying by encoding, the same JSON inside', async () => {
    const expected = await plain(`/api/sites/${SITE}/series`);
    expect(expected.length).toBeGreaterThan(1024);
    const { status, headers, body } = await wire(`/api/sites/${SITE}/series`, 'gzip, deflate, br, zstd');
    expect(status).toBe(200);
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toMatch(/accept-encoding/i);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(body.length).toBeLessThan(expected.length);
    expect(JSON.parse(brotliDecompressSync(body).toString())).toEqual(JSON.parse(expected));
  });

  it('sends gzip to a client without brotli, and plain JSON (still varying) to one that takes none', async () => {
    const gz = await wire(`/api/sites/${SITE}/series`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(await plain(`/api/sites/${SITE}/series`)));
    for (const refusing of ['identity', 'br;q=0, gzip;q=0']) {
      const none = await wire(`/api/sites/${SITE}/series`, refusing);
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.headers.vary).toMatch(/accept-encoding/i);
      expect(() => JSON.parse(none.body.toString())).not.toThrow();
    }
  });

  it('sends a small answer as it is', async () => {
    const { status, headers, body } = await wire('/api/health', 'gzip, br');
    expect(status).toBe(200);
    expect(body.length).toBeLessThan(1024);
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers.vary ?? '').not.toMatch(/accept-encoding/i);
    expect(() => JSON.parse(body.toString())).not.toThrow();
  });

  it('leaves a CSV export alone', async () => {
    const { status, headers, body } = await wire(`/api/sites/${SITE}/devices/export`, 'gzip, br');
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^text\/csv/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(body.toString()).toMatch(/^id,type,name/);
  });
});
