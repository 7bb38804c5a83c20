// POST /api/ingest against anyone on the network: the key is checked from the headers before a byte of
// the body is read, NDJSON is parsed as it arrives with a limit per line, and a flood of big bodies leaves
// the health route and keyed clients answered (the event-loop lag is measured in this process, the hub's).
import { request as httpRequest } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { DEMO_INGEST_KEY } from '../helper.ts';
import { hubForTests } from '../hub.ts';

const hub = hubForTests();

const MiB = 1024 * 1024;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are asserted, not trusted.
  body: any;
  /** Bytes of the body this client had written when the answer came. */
  sentBeforeAnswer: number;
}

/**
 * POSTs to /api/ingest as a raw HTTP client. `body: 'after-answer'` sends the headers only (the declared
 * length is 8 MiB) and waits for the answer before it would send a byte; a Buffer is sent at once, whole
 * (an answer that comes while it is still being written is kept, and the write errors that follow are not).
 */
function post(headers: Record<string, string>, body: Buffer | 'after-answer'): Promise<Answer> {
  const { port } = new URL(hub.server.url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const length = body === 'after-answer' ? 8 * MiB : body.length;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/ingest',
      // A chunked body declares no length.
      headers: headers['transfer-encoding'] ? headers : { 'content-length': String(length), ...headers },
    });
    req.on('response', (response) => {
      answered = true;
      const sentBeforeAnswer = sent;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null, sentBeforeAnswer });
        req.destroy();
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (body === 'after-answer') {
      req.flushHeaders();
      const timer = setTimeout(() => {
        reject(new Error('no answer to the headers alone: the hub waits for the body'));
        req.destroy();
      }, 5_000);
      req.on('response', () => clearTimeout(timer));
      return;
    }
    // In slices, so that an answer that comes early is seen while the rest is still to send.
    const write = (offset: number) => {
      if (answered || req.destroyed) return;
      if (offset >= body.length) {
        req.end();
        return;
      }
      const slice = body.subarray(offset, offset + 256 * 1024);
      sent = offset + slice.length;
      if (req.write(slice)) setImmediate(() => write(offset + slice.length));
      else req.once('drain', () => write(offset + slice.length));
    };
    write(0);
  });
}

/** About `bytes` of NDJSON samples, all of one valid shape. */
function ndjsonOf(bytes: number, series: number, ts: number): Buffer {
  const line = `${JSON.stringify({ series, ts, value: 12.5 })}\n`;
  return Buffer.from(line.repeat(Math.floor(bytes / line.length)));
}

const ndjson = { 'content-type': 'application/x-ndjson' };
const json = { 'content-type': 'application/json' };

describe('POST /api/ingest from anyone on the network', () => {
  it('answers a request without a valid key 401 from its headers, before a byte of its body is sent', async () => {
    for (const type of [ndjson, json]) {
      for (const key of [{}, { 'x-ingest-key': 'vsk_forged' }, { 'x-ingest-key': 'x'.repeat(10_000) }]) {
        const answer = await post({ ...type, ...key }, 'after-answer');
        expect(answer).toEqual({
          status: 401,
          body: {
            code: 'UNAUTHENTICATED',
            message: 'A valid ingest key is required in the x-ingest-key header',
          },
          sentBeforeAnswer: 0,
        });
      }
    }
    // The hub still answers, and a keyed client is served as before.
    expect((await hub.server.request('GET', '/api/health')).status).toBe(200);
  });

  it('refuses an NDJSON line past the line limit with 413 naming the line, and keeps the rest of the batch out', async () => {
    const series = hub.server.app.services.registry.seriesIdByKey('fr-occitanie.inv01/ac_power') as number;
    const ts = Date.now() - 60_000;
    const good = JSON.stringify({ series, ts, value: 1 });
    const huge = JSON.stringify({
      series,
      ts: ts + 1,
      value: 2,
      note: 'x'.repeat(hub.server.config.ingestMaxLineBytes),
    });
    const answer = await post(
      { ...ndjson, 'x-ingest-key': DEMO_INGEST_KEY },
      Buffer.from(`${good}\n\n${huge}\n${good}\n`),
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: `Line 3 of the NDJSON body is longer than ${hub.server.config.ingestMaxLineBytes} bytes`,
    });
    // Nothing of a refused body is kept: the first line, valid, was not stored.
    const resent = await post({ ...ndjson, 'x-ingest-key': DEMO_INGEST_KEY }, Buffer.from(good));
    expect(resent).toMatchObject({ status: 200, body: { accepted: 1, inserted: 1, duplicates: 0, rejected: [] } });
  });

  it('answers 413 for an NDJSON body past the total limit, declared or streamed', async () => {
    const limit = hub.server.config.ingestMaxBytes;
    const tooLong = { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' };
    const declared = await post(
      { ...ndjson, 'x-ingest-key': DEMO_INGEST_KEY, 'content-length': String(limit + 1) },
      'after-answer',
    );
    expect(declared).toMatchObject({ status: 413, body: tooLong, sentBeforeAnswer: 0 });
    const streamed = await post(
      { ...ndjson, 'x-ingest-key': DEMO_INGEST_KEY, 'transfer-encoding': 'chunked' },
      ndjsonOf(limit + MiB, 1, Date.now()),
    );
    expect(streamed).toMatchObject({ status: 413, body: tooLong });
  });

  it('keeps answering health and keyed clients while anonymous 8 MiB bodies and huge lines arrive', async () => {
    const registry = hub.server.app.services.registry;
    const series = registry.seriesIdByKey('es-tarifa.wtg01/wind_speed') as number;
    const anonymous = ndjsonOf(8 * MiB - 1024, series, Date.now() - 1000);
    const hugeLine = Buffer.from(
      `${JSON.stringify({ series, ts: Date.now(), value: 1 })}\n{"series":${series},"note":"${'y'.repeat(4 * MiB)}"}\n`,
    );
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const floods = [
      ...Array.from({ length: 6 }, (_, i) =>
        post({ ...ndjson, ...(i % 2 ? { 'x-ingest-key': 'vsk_x' } : {}) }, anonymous),
      ),
      ...Array.from({ length: 3 }, () => post({ ...ndjson, 'x-ingest-key': DEMO_INGEST_KEY }, hugeLine)),
    ];
    const healthy = (async () => {
      const answers: { health: number; ingest: number; accepted: number }[] = [];
      for (let i = 0; i < 5; i++) {
        const health = await hub.server.request('GET', '/api/health');
        const ingest = await hub.server.request('POST', '/api/ingest', {
          body: JSON.stringify({ series, ts: Date.now() - 10_000 - i, value: 7 }),
          headers: { ...ndjson, 'x-ingest-key': DEMO_INGEST_KEY },
        });
        answers.push({ health: health.status, ingest: ingest.status, accepted: (await ingest.json()).accepted });
      }
      return answers;
    })();
    const [flooded, served] = await Promise.all([Promise.all(floods), healthy]);
    lag.disable();
    console.info(
      `event-loop lag under the ingest flood: p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, max ${(lag.max / 1e6).toFixed(1)} ms`,
    );
    for (const answer of flooded.slice(0, 6)) expect(answer.status).toBe(401);
    for (const answer of flooded.slice(6)) {
      expect(answer.status).toBe(413);
      expect(answer.body.message).toMatch(/^Line 2 of the NDJSON body is longer than/);
    }
    expect(served).toEqual(Array.from({ length: 5 }, () => ({ health: 200, ingest: 200, accepted: 1 })));
  });
});
