// Reads an NDJSON ingest body as it arrives: each line is parsed as soon as it is whole, so a big body is
// never held or parsed in one piece (the event loop turns between chunks). A line longer than
// `maxLineBytes` stops the read with a 413 that names it, a body longer than `maxBytes` with the usual 413;
// a line that is not JSON becomes `malformed`, to be reported at its index like any other refused sample.
import type { Readable } from 'node:stream';
import { HttpError } from '../errors.ts';

export interface NdjsonLimits {
  maxBytes: number;
  maxLineBytes: number;
}

const NEWLINE = 0x0a;

export const bodyTooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');

export function readNdjson(stream: Readable, limits: NdjsonLimits, malformed: unknown): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const samples: unknown[] = [];
    let total = 0;
    let line = 0;
    // The start of the line still arriving (copies: the chunks may be views over a shared buffer).
    let pending: Buffer[] = [];
    let pendingBytes = 0;

    const take = (bytes: Buffer) => {
      line++;
      const text = bytes.toString('utf8');
      if (text.trim() === '') return;
      try {
        samples.push(JSON.parse(text));
      } catch {
        samples.push(malformed);
      }
    };
    const stop = (error: Error) => {
      stream.off('data', onData).off('end', onEnd).off('error', onError);
      reject(error);
    };
    const lineTooLong = () =>
      new HttpError(
        413,
        'PAYLOAD_TOO_LARGE',
        `Line ${line + 1} of the NDJSON body is longer than ${limits.maxLineBytes} bytes`,
      );

    function onData(chunk: Buffer) {
      total += chunk.length;
      if (total > limits.maxBytes) return stop(bodyTooLarge());
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        const piece = chunk.subarray(start, end);
        if (pendingBytes + piece.length > limits.maxLineBytes) return stop(lineTooLong());
        take(pendingBytes === 0 ? piece : Buffer.concat([...pending, piece]));
        pending = [];
        pendingBytes = 0;
        start = end + 1;
      }
      if (start < chunk.length) {
        pendingBytes += chunk.length - start;
        if (pendingBytes > limits.maxLineBytes) return stop(lineTooLong());
        pending.push(Buffer.from(chunk.subarray(start)));
      }
    }
    function onEnd() {
      stream.off('data', onData).off('error', onError);
      if (pendingBytes > 0) take(Buffer.concat(pending));
      resolve(samples);
    }
    function onError(error: Error) {
      stop(Object.assign(error, { statusCode: 400 }));
    }

    stream.on('data', onData).on('end', onEnd).on('error', onError);
  });
}
