// The fan-out as real pages use it: one socket on several sites gets every live frame and one snapshot
// per site; a stalled socket is skipped and catches up with the latest values while a healthy one on the
// same sites misses nothing; what it did is counted on /metrics.
import { decodeFrame, type Frame, frameKinds } from '@voltscope/shared/frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, nextEvent, startTestServer, type TestServer, type TestSocket } from '../helper.ts';
import { syntheticFanout } from './syntheticFanout.ts';

const SITES = ['ma-ouarzazate', 'es-tarifa', 'fr-occitanie', 'ir-yazd'];

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Received = { siteId: string; frame: Frame }[];
function framesOf(socket: {
  on(event: 'live:frame', listener: (siteId: string, bytes: ArrayBuffer) => void): unknown;
}) {
  const frames: Received = [];
  socket.on('live:frame', (siteId, bytes) => frames.push({ siteId, frame: decodeFrame(bytes) }));
  return frames;
}
const ofKind = (frames: Received, siteId: string, kind: number) =>
  frames.filter((f) => f.siteId === siteId && f.frame.kind === kind).map((f) => f.frame);
const isRun = (seqs: number[]) => seqs.every((s, i) => i === 0 || s === (seqs[i - 1] as number) + 1);

describe('the hub with its simulator', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({
      simulator: {
        enabled: true,
        seed: 7,
        warp: 1,
        faultRate: 0,
        periodMs: 200,
        backfillDays: 0,
        backfillStepSeconds: 900,
      },
      // A small limit, so that a stalled socket shows within a few megabytes.
      live: { ...(await liveDefaults()), slowBytes: 32 * 1024 },
    });
    token = (await server.login(demo.operator.email, demo.operator.password)).accessToken;
  });
  afterAll(() => server.close());

  async function subscribed(sites: string[]) {
    const socket = server.connect(token);
    await nextEvent(socket, 'connect');
    const frames = framesOf(socket);
    const ack = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: sites.map((id) => ({ id })) });
    expect(ack).toMatchObject({ data: { refused: [] } });
    return { socket, frames };
  }

  it('sends one socket on four sites every live frame of every site and one snapshot per site', async () => {
    const skippedBefore = server.app.services.fanout.counters.skipped;
    const { socket, frames } = await subscribed(SITES);
    await sleep(10_000);
    const last = new Map(SITES.map((site) => [site, server.app.services.fanout.seqOf(site)]));
    const caughtUp = () => SITES.every((site) => ofKind(frames, site, frameKinds.live).at(-1)?.seq === last.get(site));
    expect(await until(caughtUp, 2000)).toBe(true);
    for (const site of SITES) {
      const snapshots = ofKind(frames, site, frameKinds.snapshot);
      expect(snapshots.length, site).toBe(1);
      expect(ofKind(frames, site, frameKinds.catchUp), site).toEqual([]);
      const seqs = ofKind(frames, site, frameKinds.live).map((f) => f.seq);
      // From the frame after the snapshot to the hub's last, each exactly once: about five a second.
      expect(seqs[0], site).toBe((snapshots[0] as Frame).seq + 1);
      expect(isRun(seqs), site).toBe(true);
      expect(seqs.length, site).toBeGreaterThanOrEqual(40);
    }
    expect(server.app.services.fanout.counters.skipped).toBe(skippedBefore);
    socket.disconnect();
  });

  it('skips a stalled socket, then catches it up with the latest values, while a healthy one misses nothing', async () => {
    const healthy = await subscribed(SITES);
    const stalled = await subscribed(SITES);
    // Stop reading: the socket's TCP buffers fill, then the hub's buffer for it grows.
    const tcp = (
      stalled.socket.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } }
    ).ws._socket;
    tcp.pause();
    const { registry } = server.app.services;
    const ids = registry
      .devicesOfSite('ma-ouarzazate')
      .flatMap((d) => registry.seriesOfDevice(d.id).filter((s) => s.key === 'ac_power'))
      .map((s) => s.id);
    const start = Date.now() - 60_000;
    const skippedBefore = server.app.services.fanout.counters.skipped;
    // About 400 KB a frame beside the simulator's, until the hub has skipped the stalled socket for a while.
    for (let round = 0; round < 60 && server.app.services.fanout.counters.skipped < skippedBefore + 10; round++) {
      const samples = Array.from({ length: 25_000 }, (_, k) => ({
        series: ids[k % ids.length] as number,
        ts: start + round * 500 + Math.floor(k / ids.length),
        value: k % 500,
      }));
      await server.ingest(samples);
      await sleep(60);
    }
    expect(server.app.services.fanout.counters.skipped).toBeGreaterThan(skippedBefore);
    const received = stalled.frames.length;
    tcp.resume();
    expect(await until(() => SITES.some((s) => ofKind(stalled.frames, s, frameKinds.catchUp).length > 0), 10_000)).toBe(
      true,
    );
    await sleep(1000);

    for (const site of SITES) {
      const live = ofKind(healthy.frames, site, frameKinds.live);
      expect(isRun(live.map((f) => f.seq)), site).toBe(true);
      expect(ofKind(healthy.frames, site, frameKinds.catchUp), site).toEqual([]);
      expect(ofKind(healthy.frames, site, frameKinds.snapshot).length, site).toBe(1);
      expect(ofKind(stalled.frames, site, frameKinds.snapshot).length, site).toBe(1);
    }
    const catchUp = stalled.frames.slice(received).find((f) => f.frame.kind === frameKinds.catchUp) as Received[0];
    const site = catchUp.siteId;
    // What it got before the stall, and the newest sample of each series in the frames it missed.
    const before = ofKind(stalled.frames.slice(0, received), site, frameKinds.live).at(-1)?.seq ?? 0;
    const missed = ofKind(healthy.frames, site, frameKinds.live).filter(
      (f) => f.seq > before && f.seq <= catchUp.frame.seq,
    );
    expect(missed.length).toBeGreaterThan(1);
    const newest = new Map<number, [number, number]>();
    for (const f of missed)
      f.series.forEach((id, i) => {
        const ts = f.ts[i] as number;
        if (ts >= (newest.get(id)?.[0] ?? -1)) newest.set(id, [ts, f.values[i] as number]);
      });
    const got = new Map(
      Array.from(catchUp.frame.series, (id, i) => [id, [catchUp.frame.ts[i], catchUp.frame.values[i]]]),
    );
    expect(got).toEqual(newest);
    // Small: one sample per series, not minutes of trends.
    expect(catchUp.frame.series.length).toBeLessThanOrEqual(registry.devicesOfSite(site).length * 40);
    // Then live again, from the frame after the catch-up.
    const after = stalled.frames.slice(stalled.frames.indexOf(catchUp) + 1);
    const next = after.filter((f) => f.siteId === site && f.frame.kind === frameKinds.live).map((f) => f.frame.seq);
    expect(next[0]).toBe(catchUp.frame.seq + 1);
    expect(isRun(next)).toBe(true);
    healthy.socket.disconnect();
    stalled.socket.disconnect();
  });

  it('counts snapshots by reason, skipped frames and sockets by class on /metrics', async () => {
    const text = await (await server.request('GET', '/metrics')).text();
    const value = (pattern: string) => Number(new RegExp(`^${pattern} (\\d+)`, 'm').exec(text)?.[1]);
    expect(value('voltscope_snapshots_total\\{reason="subscribe"\\}')).toBe(
      server.app.services.fanout.counters.snapshots.subscribe,
    );
    expect(value('voltscope_snapshots_total\\{reason="catch_up"\\}')).toBeGreaterThan(0);
    expect(value('voltscope_frames_skipped_total')).toBeGreaterThan(0);
    expect(value('voltscope_live_bytes_sent_total\\{kind="catch_up"\\}')).toBeGreaterThan(0);
    expect(text).toMatch(/^voltscope_live_sockets\{class="slow"\} \d+/m);
    expect(text).toMatch(/^voltscope_live_buffered_bytes\{class="keeping_up"\} \d+/m);
  });
});

async function liveDefaults() {
  const { loadConfig } = await import('../../src/config.ts');
  return loadConfig({}).live;
}

/** The hub's fan-out over `sites` synthetic sites of 40 series each, every series every 100 ms. */
async function fanoutOver(sites: number) {
  const hub = await syntheticFanout({
    sites: Array.from({ length: sites }, (_, s) => `site${s}`),
    seriesPerSite: 40,
    frameMs: 100,
    clientOptions: { transports: ['websocket'] },
  });
  return { ...hub, frames: framesOf(hub.client as unknown as TestSocket) };
}

describe('a socket that keeps up', () => {
  it.each([1, 4, 50])('is never skipped on %i sites', async (sites) => {
    const hub = await fanoutOver(sites);
    try {
      await sleep(2500);
      const ids = Array.from({ length: sites }, (_, s) => `site${s}`);
      await until(() =>
        ids.every((id) => ofKind(hub.frames, id, frameKinds.live).at(-1)?.seq === hub.fanout.seqOf(id)),
      );
      expect(hub.fanout.counters.skipped).toBe(0);
      for (const id of ids) {
        expect(ofKind(hub.frames, id, frameKinds.snapshot).length).toBe(1);
        const seqs = ofKind(hub.frames, id, frameKinds.live).map((f) => f.seq);
        expect(seqs.length).toBeGreaterThanOrEqual(15);
        expect(isRun(seqs)).toBe(true);
      }
    } finally {
      await hub.close();
    }
  });
});
