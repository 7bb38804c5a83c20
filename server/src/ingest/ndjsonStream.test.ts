import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readNdjson } from './ndjsonStream.ts';

const BAD = Symbol('malformed');
const read = (chunks: string[], maxLineBytes = 64, maxBytes = 1024) =>
  readNdjson(Readable.from(chunks.map((c) => Buffer.from(c))), { maxBytes, maxLineBytes }, BAD);

describe('readNdjson', () => {
  it('parses lines split anywhere across chunks, a multibyte character included, with or without CR and a last newline', async () => {
    const text = '{"a":1}\r\n\n  \n{"b":"é€"}\nnope\n{"c":3}';
    const bytes = Buffer.from(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const stream = Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(await readNdjson(stream, { maxBytes: 1024, maxLineBytes: 64 }, BAD)).toEqual([
        { a: 1 },
        { b: 'é€' },
        BAD,
        { c: 3 },
      ]);
    }
  });

  it('refuses a line past the line limit with a 413 naming it, whether it ends or not', async () => {
    const long = `{"a":"${'x'.repeat(60)}"}`;
    for (const chunks of [
      ['{"a":1}\n', '\n', long, '\n{}'],
      ['{"a":1}\n\n', long.slice(0, 30), long.slice(30)],
    ]) {
      await expect(read(chunks)).rejects.toMatchObject({
        status: 413,
        message: 'Line 3 of the NDJSON body is longer than 64 bytes',
      });
    }
    expect(await read([`${'1'.repeat(64)}\n`])).toEqual([Number('1'.repeat(64))]);
  });

  it('refuses a body past the total limit', async () => {
    await expect(read(['{"a":1}\n'.repeat(100)], 64, 512)).rejects.toMatchObject({
      status: 413,
      message: 'The request body is too large',
    });
  });
});
