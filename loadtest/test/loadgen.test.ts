// The Node load generator against a stub hub and a real one: its scenarios, pacing, reports and usage
// errors. Over 300 lines because each scenario needs its own server set-up; they share the helpers here.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeFrame, frameKinds } from '@voltscope/shared/frames';
import { Server } from 'socket.io';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/test/helper.ts';
import { Histogram, RELATIVE_ERROR } from '../src/histogram.ts';
import { runLoad } from '../src/loadgenRun.ts';
import type { Summary } from '../src/loadgenStats.ts';
import { count, ms } from '../src/loadgenText.ts';
import { runScript } from './command.ts';

const root = path.resolve(import.meta.dirname, '../..');
const loadgen = path.join(root, 'loadtest/src/loadgen.ts');
const SITE = 'synthetic';
/** Each frame carries one sample per delay: 1,000 to 3,000 ms in steps of 10, set by the test. */
const DELAYS = Array.from({ length: 201 }, (_, i) => 1000 + 10 * i);
/** How late a frame may reach a client on a busy machine; the delays are far larger. */
const TRANSIT_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nearest rank, as the histogram defines a percentile. */
function exactPercentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] as number;
}

/**
 * A bare Socket.IO hub that grants every subscription with a snapshot, then, once `clients` have
 * subscribed, sends `frames` live frames to all of them, every sample stamped `delay` ms in the past,
 * and skips one seq (after the third frame) so every client sees exactly one gap.
 */
async function startSyntheticHub(clients: number, frames: number, everyMs: number) {
  const http = createServer((_request, response) => {
    response.statusCode = 404;
    response.end();
  });
  const io = new Server(http);
  let subscribed = 0;
  const sent = { frames: 0, samples: 0 };
  const done = (async () => {
    while (subscribed < clients) await sleep(10);
    for (let i = 1; i <= frames; i++) {
      const now = Date.now();
      const frame = encodeFrame(
        frameKinds.live,
        i <= 3 ? i : i + 1,
        DELAYS.map((_, j) => j),
        DELAYS.map((d) => now - d),
        DELAYS.map(() => 1),
      );
      io.to(SITE).emit('live:frame', SITE, frame);
      sent.frames++;
      sent.samples += DELAYS.length;
      await sleep(everyMs);
    }
  })();
  io.on('connection', (socket) => {
    socket.on('live:subscribe', (_request, ack) => {
      socket.emit('live:frame', SITE, encodeFrame(frameKinds.snapshot, 0, [], [], []));
      void socket.join(SITE);
      ack({ data: { granted: [{ siteId: SITE, seq: 0, via: 'snapshot', gap: null }], refused: [] } });
      subscribed++;
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { url, sent, done, close: () => new Promise((resolve) => io.close(resolve)) };
}

const run = (args: string[]) => runScript(loadgen, args, { cwd: root });

const temporary: string[] = [];
afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

describe('histogram', () => {
  it('gives whole values below 128 exactly', () => {
    const h = new Histogram();
    for (let v = 1; v <= 100; v++) h.record(v);
    expect([h.percentile(50), h.percentile(99), h.percentile(100)]).toEqual([50, 99, 100]);
    expect([h.count, h.min, h.max, h.mean]).toEqual([100, 1, 100, 50.5]);
  });

  it('keeps percentiles of a wide range within its stated relative error', () => {
    const h = new Histogram();
    const values: number[] = [];
    for (let v = 0; v < 200_000; v += 7) {
      h.record(v);
      values.push(v);
    }
    for (const p of [1, 10, 50, 90, 95, 99, 99.9]) {
      const exact = exactPercentile(values, p);
      expect(Math.abs(h.percentile(p) - exact)).toBeLessThanOrEqual(exact * RELATIVE_ERROR + 1);
    }
    expect(h.percentile(100)).toBe(values.at(-1));
  });

  it('merges into the histogram of all the values, and hands its data over empty', () => {
    const whole = new Histogram();
    const parts = [new Histogram(), new Histogram(), new Histogram()];
    for (let i = 0; i < 30_000; i++) {
      const v = (i * 7919) % 50_000;
      whole.record(v);
      parts[i % 3]?.record(v);
    }
    const merged = new Histogram();
    for (const part of parts) merged.merge(part.take());
    expect(Array.from(merged.counts)).toEqual(Array.from(whole.counts));
    expect([merged.count, merged.sum, merged.min, merged.max]).toEqual([whole.count, whole.sum, whole.min, whole.max]);
    expect(merged.percentile(99)).toBe(whole.percentile(99));
    expect([parts[0]?.count, parts[0]?.percentile(50)]).toEqual([0, Number.NaN]);
  });

  it('counts a negative value as 0 and clamps a huge one, with min and max exact', () => {
    const h = new Histogram();
    h.record(-5);
    h.record(1e12);
    expect([h.percentile(1), h.min, h.max, h.percentile(100)]).toEqual([0, -5, 1e12, 1e12]);
  });
});

describe('load generator against a synthetic hub', () => {
  it('measures known delays, counts every frame and sample, and notices a skipped seq', async () => {
    const clients = 4;
    const frames = 10;
    const hub = await startSyntheticHub(clients, frames, 30);
    const expected = clients * frames * DELAYS.length;
    const stop = new AbortController();
    let summary: Summary;
    try {
      summary = await runLoad(
        { url: hub.url, clients, rampMs: 0, durationMs: 15_000, sites: [SITE], token: 'synthetic', threads: 2 },
        { signal: stop.signal, onSecond: (_second, totals) => totals.samples >= expected && stop.abort() },
      );
    } finally {
      await hub.close();
    }
    expect(hub.sent).toEqual({ frames, samples: frames * DELAYS.length });
    expect(summary.totals).toMatchObject({
      frames: clients * frames,
      samples: expected,
      snapshotFrames: clients,
      seqGaps: clients,
      duplicates: 0,
      connects: clients,
      refused: 0,
      connectErrors: 0,
    });
    expect(summary.clients.peakConnected).toBe(clients);
    const latency = summary.latencyMs.run;
    expect(latency.count).toBe(expected);
    const sorted = [...DELAYS].sort((a, b) => a - b);
    for (const [p, measured] of [
      [50, latency.p50],
      [95, latency.p95],
      [99, latency.p99],
    ] as const) {
      const exact = exactPercentile(sorted, p);
      // A sample can only arrive after its timestamp plus the test's delay; transit adds a little.
      expect(measured).toBeGreaterThanOrEqual(exact * (1 - RELATIVE_ERROR) - 1);
      expect(measured).toBeLessThanOrEqual(exact + TRANSIT_MS);
    }
    expect(summary.parameters).toMatchObject({ clients, threads: 2, auth: 'token', sites: [SITE] });
  }, 30_000);

  it('resumes after drops with the last seq and time of its site, and does not time replayed frames', async () => {
    const http = createServer((_request, response) => {
      response.statusCode = 404;
      response.end();
    });
    const io = new Server(http);
    const requests: unknown[] = [];
    const live = (seq: number, ts: number) => encodeFrame(frameKinds.live, seq, [1, 2], [ts, ts], [1, 2]);
    const snapshot = (seq: number) => encodeFrame(frameKinds.snapshot, seq, [], [], []);
    const granted = (seq: number, gap: { from: number; to: number } | null) => ({
      data: { granted: [{ siteId: SITE, seq, via: gap ? 'snapshot' : 'replay', gap }], refused: [] },
    });
    let ts3 = 0;
    io.on('connection', (socket) => {
      const drop = () => setTimeout(() => socket.conn.close(), 100);
      socket.on('live:subscribe', (request, ack) => {
        requests.push(request);
        if (requests.length === 1) {
          socket.emit('live:frame', SITE, snapshot(0));
          ack(granted(0, null));
          ts3 = Date.now() - 50;
          for (const seq of [1, 2, 3]) socket.emit('live:frame', SITE, live(seq, ts3));
          drop();
        } else if (requests.length === 2) {
          // The frames sent while the client was away, replayed before the ack as the hub does.
          socket.emit('live:frame', SITE, live(4, ts3 + 100));
          socket.emit('live:frame', SITE, live(5, ts3 + 200));
          ack(granted(5, null));
          drop();
        } else {
          // Too late to replay: a snapshot with the room's seq, and the span to fetch from history.
          socket.emit('live:frame', SITE, snapshot(9));
          ack(granted(9, { from: ts3 + 200, to: ts3 + 1000 }));
          socket.emit('live:frame', SITE, live(10, Date.now() - 50));
        }
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const address = http.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const stop = new AbortController();
    let summary: Summary;
    try {
      summary = await runLoad(
        { url, clients: 1, rampMs: 0, durationMs: 15_000, sites: [SITE], token: 'synthetic', threads: 1 },
        { signal: stop.signal, onSecond: (_second, totals) => totals.frames >= 6 && stop.abort() },
      );
    } finally {
      await new Promise((resolve) => io.close(resolve));
    }
    expect(requests).toEqual([
      { sites: [{ id: SITE }] },
      { sites: [{ id: SITE, lastSeq: 3, lastTs: ts3 }] },
      { sites: [{ id: SITE, lastSeq: 5, lastTs: ts3 + 200 }] },
    ]);
    expect(summary.totals).toMatchObject({
      frames: 6,
      samples: 12,
      replayedFrames: 2,
      snapshotFrames: 2,
      seqGaps: 0,
      resumeGaps: 1,
      duplicates: 0,
      connects: 1,
      reconnects: 2,
      disconnects: 2,
      droppedByHub: 0,
    });
    expect(summary.gaps).toBe(1);
    expect(summary.latencyMs.run.count).toBe(8);
  }, 30_000);

  it('writes a self-contained HTML report with its charts and summary, and JSON alone on stdout', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'voltscope-loadgen-'));
    temporary.push(dir);
    const out = path.join(dir, 'report.html');
    const hub = await startSyntheticHub(2, 60, 50);
    let result: Awaited<ReturnType<typeof run>>;
    try {
      result = await run(
        ['--to', hub.url, '--token', 't', '--sites', SITE, '--clients', '2', '--threads', '1'].concat([
          '--ramp',
          '0',
          '--duration',
          '3s',
          '--json',
          '--out',
          out,
        ]),
      );
    } finally {
      await hub.close();
    }
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as Summary;
    expect(summary.totals.samples).toBeGreaterThan(0);
    expect(summary.seconds.length).toBeGreaterThanOrEqual(3);
    const html = await readFile(out, 'utf8');
    expect(html.match(/<svg /g)?.length).toBeGreaterThanOrEqual(5);
    expect(html).toMatch(/<path d="M[\d.]+,[\d.]+L/);
    for (const title of [
      'Latency, sample time to arrival',
      'Samples received per second',
      'Frames received per second',
      'Clients',
    ]) {
      expect(html).toContain(title);
    }
    expect(html).toContain(`${count(summary.totals.samples)} live`);
    expect(html).toContain(`p50 ${ms(summary.latencyMs.hold.p50)}`);
    // Nothing is fetched: no script, stylesheet or image from elsewhere.
    expect(html).not.toMatch(/\s(src|href)=/);
  }, 30_000);
});

describe('load generator against the real hub', () => {
  it('connects every client, refuses none, and delivers every ingested sample to each', async () => {
    const server = await startTestServer();
    const clients = 10;
    const ingested = 5;
    const stop = new AbortController();
    let sent: Promise<number> | null = null;
    let summary: Summary;
    try {
      summary = await runLoad(
        { url: server.url, clients, rampMs: 0, durationMs: 15_000, sites: ['es-tarifa'], threads: 2 },
        {
          signal: stop.signal,
          onSecond: (second, totals) => {
            if (second.subscribed === clients && !sent) {
              const now = Date.now();
              const samples = Array.from({ length: ingested }, (_, i) => ({
                series: 'es-tarifa.wtg02/active_power',
                ts: now - ingested + i,
                value: i,
              }));
              sent = server
                .request('POST', '/api/ingest', {
                  body: { samples },
                  headers: { 'x-ingest-key': 'vsk_demo_fleet_ingest_key' },
                })
                .then((response) => response.status);
            }
            if (totals.samples >= clients * ingested) stop.abort();
          },
        },
      );
    } finally {
      await server.close();
    }
    expect(await sent).toBe(200);
    expect(summary.clients).toMatchObject({ peakConnected: clients, subscribedAtEnd: clients });
    expect(summary.totals).toMatchObject({
      samples: clients * ingested,
      refused: 0,
      connectErrors: 0,
      subscribeErrors: 0,
      seqGaps: 0,
    });
    expect(summary.latencyMs.run.count).toBe(clients * ingested);
  }, 30_000);
});

describe('load generator command line', () => {
  it.each([
    [['--clients', '0', '--to', 'http://x'], '--clients'],
    [['--clients', '5', '--to', 'not a url'], '--to'],
    [['--to', 'http://x', '--duration', 'soon'], '--duration'],
    [['--to', 'http://x', '--speed', '2'], "'--speed'"],
  ])('refuses %j with exit code 2 and names the flag', async (args, flag) => {
    const { code, stderr, stdout } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toContain(flag);
    expect(stderr).toContain('Usage: npm run loadtest');
    expect(stdout).toBe('');
  });
});
