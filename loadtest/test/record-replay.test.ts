// The recorder and the replayer against real hubs (and, where only the replayer's pacing matters, a
// stub ingest endpoint that answers at once), plus the commands' usage errors.
// Over 300 lines because recording and replaying are tested as one round trip against the same hubs.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { demo, startTestServer, type TestServer } from '../../server/test/helper.ts';
import { type RecordOptions, type RecordSummary, record } from '../src/recorder.ts';
import { openRecording, RecordingWriter, type Sample } from '../src/recording.ts';
import { DEMO_INGEST_KEY, ReplayError, replay } from '../src/replayer.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const admin = { email: demo.admin.email, password: demo.admin.password };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'voltscope-replay-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function ingest(server: TestServer, samples: Sample[]): Promise<void> {
  const response = await server.request('POST', '/api/ingest', {
    body: { samples },
    headers: { 'x-ingest-key': DEMO_INGEST_KEY },
  });
  expect(await response.json()).toMatchObject({ accepted: samples.length, rejected: [] });
}

async function readAll(file: string) {
  const reader = await openRecording(file);
  const samples: Sample[] = [];
  for await (const sample of reader.samples) samples.push(sample);
  return { header: reader.header, samples };
}

const byTime = <T extends Sample>(samples: T[]) => [...samples].sort((a, b) => a.ts - b.ts);

/** Every sample a hub's ingest hands to the live path, by `deviceId/key`, with the hub's clock when it came. */
function received(server: TestServer): (Sample & { at: number })[] {
  const seen: (Sample & { at: number })[] = [];
  const { fanout } = server.app.services;
  const accept = fanout.accept.bind(fanout);
  fanout.accept = (batch) => {
    accept(batch);
    const at = Date.now();
    for (let i = 0; i < batch.series.length; i++) {
      const series = server.app.services.registry.seriesById(batch.series[i] as number);
      seen.push({
        series: `${series?.deviceId}/${series?.key}`,
        ts: batch.ts[i] as number,
        value: batch.values[i] as number,
        at,
      });
    }
  };
  return seen;
}

/** Starts `record`; resolves once subscribed with its summary's promise (wrapped: await would adopt it). */
async function startRecording(options: Omit<RecordOptions, 'credentials'>): Promise<{ done: Promise<RecordSummary> }> {
  let started: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    started = resolve;
  });
  const summary = record({ credentials: admin, ...options, onStart: () => started() });
  await Promise.race([ready, summary]);
  return { done: summary };
}

/** An ingest endpoint that answers at once, noting when each request came and the samples it held. */
async function stubHub(status = 200) {
  const requests: { at: number; samples: Sample[] }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const samples = body
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Sample);
      requests.push({ at: Date.now(), samples });
      const n = samples.length;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ accepted: n, inserted: n, duplicates: 0, rejected: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A recording of `series` sampled every `stepMs` over `spanMs`, written with the recorder's writer. */
async function synthetic(name: string, series: string[], stepMs: number, spanMs: number): Promise<string> {
  const file = path.join(dir, name);
  const writer = await RecordingWriter.create(file, { recording: 1, from: 'synthetic', sites: [], startedAt: 0 });
  const base = Date.now() - 3_600_000;
  for (let t = 0; t <= spanMs; t += stepMs) {
    series.forEach((s, i) => {
      writer.write(s, base + t, i + t / 1000);
    });
    await writer.drain();
  }
  await writer.close();
  return file;
}

describe('record and replay between two hubs', () => {
  let hubA: TestServer;
  let hubB: TestServer;
  beforeAll(async () => {
    // These hubs are timed against the recorder and the replayer, not against the load-shedding guard (tested on
    // its own): on a two-core machine running other test files beside them, a starved loop must not shed
    // the samples the round trip counts.
    const calm = { maxEventLoopDelayMs: 60_000 };
    [hubA, hubB] = await Promise.all([startTestServer(calm), startTestServer(calm)]);
  });
  afterAll(async () => {
    await Promise.all([hubA.close(), hubB.close()]);
  });

  it('replays exactly the samples recorded, with their relative timing scaled by the speed', async () => {
    const file = path.join(dir, 'roundtrip.ndjson.gz');
    const series = ['es-tarifa.wtg01/wind_speed', 'es-tarifa.wtg02/active_power', 'fr-occitanie.inv01/ac_power'];
    const t0 = Date.now() - 10_000;
    const batches = [0, 1, 2, 3].map((k) =>
      series.map((s, j) => ({ series: s, ts: t0 + k * 250 + j * 20, value: 10 + k * 3 + j + 0.125 })),
    );
    const { done: recording } = await startRecording({
      from: hubA.url,
      sites: ['es-tarifa', 'fr-occitanie'],
      durationMs: 2000,
      out: file,
    });
    for (const batch of batches) {
      await ingest(hubA, batch);
      await sleep(250);
    }
    const recorded = await recording;
    expect(recorded).toMatchObject({ samples: 12, gaps: [], reconnects: 0, stoppedBy: 'duration' });
    const { header, samples } = await readAll(file);
    expect(header).toMatchObject({ recording: 1, from: hubA.url, sites: ['es-tarifa', 'fr-occitanie'] });
    expect(byTime(samples)).toEqual(batches.flat());

    const speed = 2;
    const seen = received(hubB);
    const replayed = await replay({ file, to: hubB.url, speed });
    expect(replayed).toMatchObject({ sent: 12, accepted: 12, inserted: 12, rejected: 0, failed: 0, stoppedBy: 'end' });
    const got = byTime(seen);
    expect(got.map(({ series, value }) => ({ series, value }))).toEqual(
      batches.flat().map(({ series, value }) => ({ series, value })),
    );
    const first = got[0] as Sample & { at: number };
    got.forEach((sample, i) => {
      const original = batches.flat()[i] as Sample;
      expect(Math.abs(sample.ts - first.ts - (original.ts - t0) / speed)).toBeLessThanOrEqual(1);
      // Stamped with the moment it was due: never there before it, and not long after.
      expect(sample.at).toBeGreaterThanOrEqual(sample.ts - 2);
      expect(sample.at - sample.ts).toBeLessThan(250);
    });
  });

  it('counts the samples a hub refuses, by reason', async () => {
    const file = await synthetic('unknown.ndjson.gz', ['es-tarifa.wtg01/wind_speed', 'es-tarifa.nope/x'], 100, 400);
    const problems: string[] = [];
    const summary = await replay({ file, to: hubB.url, speed: 100, onProblem: (p) => problems.push(p) });
    expect(summary).toMatchObject({ sent: 10, accepted: 5, rejected: 5, failed: 0 });
    expect(problems).toEqual(['refused: unknown series "es-tarifa.nope/x"']);
    expect(summary.problems).toEqual({ 'refused: unknown series "es-tarifa.nope/x"': 5 });
  });
});

describe('the recorder after a dropped connection', () => {
  const site = 'es-tarifa';
  const batch = (k: number) => [{ series: 'es-tarifa.wtg01/wind_speed', ts: Date.now() - 1000 + k, value: k }];

  /** Records while the hub drops the recorder's connection and a batch comes in before it is back. */
  async function dropMidway(hub: TestServer) {
    const file = path.join(dir, `drop-${hub.url.split(':').at(-1)}.ndjson.gz`);
    const controller = new AbortController();
    const { done: recording } = await startRecording({
      from: hub.url,
      sites: [site],
      durationMs: 60_000,
      out: file,
      signal: controller.signal,
    });
    const members = () => hub.app.services.io.sockets.adapter.rooms.get(`site:${site}`)?.size ?? 0;
    await ingest(hub, batch(1));
    await sleep(200);
    for (const socket of hub.app.services.io.sockets.sockets.values()) socket.conn.close();
    await vi.waitFor(() => expect(members()).toBe(0));
    // Made into a frame while the recorder is away: the client waits about a second before coming back.
    await ingest(hub, batch(2));
    await vi.waitFor(() => expect(members()).toBe(1), { timeout: 5000 });
    await ingest(hub, batch(3));
    await sleep(200);
    controller.abort();
    const summary = await recording;
    return { summary, values: (await readAll(file)).samples.map((s) => s.value) };
  }

  it('resumes with the last frame number and misses nothing the hub still holds', async () => {
    const hub = await startTestServer();
    try {
      const { summary, values } = await dropMidway(hub);
      expect(summary).toMatchObject({ reconnects: 1, gaps: [], stoppedBy: 'signal' });
      expect(values).toEqual([1, 2, 3]);
    } finally {
      await hub.close();
    }
  });

  it('notes a gap when the hub no longer holds the frames it missed', async () => {
    const hub = await startTestServer({ live: { ...loadConfig({}).live, resumeMs: 1 } });
    try {
      const { summary, values } = await dropMidway(hub);
      expect(summary).toMatchObject({ reconnects: 1, gaps: [{ siteId: site, frames: 1 }] });
      expect(values).toEqual([1, 3]);
    } finally {
      await hub.close();
    }
  });
});

describe('the replayer against a stub ingest endpoint', () => {
  it('holds the rate at 10×: 20 s of samples take 2 s, at the expected samples/s', async () => {
    const series = Array.from({ length: 50 }, (_, i) => `steady.dev${i}/power`);
    // 50 series every 100 ms over 20 s: 201 steps, 500 samples/s recorded, 5,000/s at 10×.
    const file = await synthetic('steady.ndjson.gz', series, 100, 20_000);
    const hub = await stubHub();
    const rates: number[] = [];
    try {
      const started = performance.now();
      const summary = await replay({ file, to: hub.url, speed: 10, onSecond: (p) => rates.push(p.sentRate) });
      const wallSeconds = (performance.now() - started) / 1000;
      expect(summary.sent).toBe(201 * 50);
      expect(hub.requests.reduce((n, r) => n + r.samples.length, 0)).toBe(201 * 50);
      expect(summary.sendSeconds).toBeGreaterThanOrEqual(2 * 0.95);
      expect(summary.sendSeconds).toBeLessThanOrEqual(2 * 1.05);
      expect(wallSeconds).toBeGreaterThanOrEqual(2 * 0.95);
      expect(summary.rate).toBeGreaterThanOrEqual(((201 * 50) / 2) * 0.95);
      expect(summary.rate).toBeLessThanOrEqual(((201 * 50) / 2) * 1.05);
      expect(rates[0]).toBeGreaterThan(5000 * 0.9);
      expect(rates[0]).toBeLessThan(5000 * 1.1);
      // Against the schedule rather than a stopwatch: no request came before its newest sample was due.
      for (const r of hub.requests) expect(r.at).toBeGreaterThanOrEqual(Math.max(...r.samples.map((s) => s.ts)) - 2);
    } finally {
      await hub.close();
    }
  });

  it('loops with each pass after the previous one, one sampling period on, and stops cleanly', async () => {
    const file = await synthetic('loop.ndjson.gz', ['a.d1/x', 'a.d2/x', 'a.d3/x'], 100, 400);
    const hub = await stubHub();
    const controller = new AbortController();
    try {
      setTimeout(() => controller.abort(), 400);
      const summary = await replay({ file, to: hub.url, speed: 10, loop: true, signal: controller.signal });
      expect(summary.stoppedBy).toBe('signal');
      expect(summary.passes).toBeGreaterThanOrEqual(4);
      const samples = hub.requests.flatMap((r) => r.samples);
      expect(samples.length).toBe(summary.sent);
      const stamps = samples.filter((s) => s.series === 'a.d1/x').map((s) => s.ts);
      // Recorded 100 ms apart, so 10 ms at 10×, across the seams between passes too.
      for (let i = 1; i < stamps.length; i++) expect((stamps[i] as number) - (stamps[i - 1] as number)).toBe(10);
    } finally {
      await hub.close();
    }
  });

  it('stops with a clear message when the ingest key is refused', async () => {
    const file = await synthetic('refused.ndjson.gz', ['a.d1/x'], 100, 1000);
    const hub = await stubHub(401);
    try {
      const replaying = replay({ file, to: hub.url, speed: 10, key: 'vsk_wrong' });
      await expect(replaying).rejects.toThrow(ReplayError);
      await expect(replaying).rejects.toThrow(/refused the ingest key \(401\).*--key/);
    } finally {
      await hub.close();
    }
  });
});

describe('the commands', () => {
  const node = path.join(root, 'node_modules/.bin/node');
  const fails = (script: string, args: string[]) =>
    run(node, [path.join(root, 'loadtest/src', script), ...args], { cwd: root }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it('refuses a speed that is not a number, naming the flag', async () => {
    const { code, stderr } = await fails('replay.ts', ['--speed', 'fast']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--speed must be a positive number \(got "fast"\)/);
    expect(stderr).toMatch(/Usage: npm run replay/);
  });

  it('refuses to record without --from', async () => {
    const { code, stderr } = await fails('record.ts', ['--out', path.join(dir, 'never.ndjson.gz')]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--from is required/);
    expect(stderr).toMatch(/Usage: npm run record/);
  });
});
