// Finding 3: one socket may not amplify its requests or pin the hub's memory. A subscription naming a
// site many times is served once; subscriptions are capped per socket and per user; a snapshot stays
// within its byte cap; sockets that stop reading are dropped once their unsent bytes pass the limit
// (and their connection closed, so the bytes are freed); a socket flooding events gets error acks,
// then is disconnected.
import type { SubscribeResult } from '@voltscope/shared/events';
import { decodeFrame, type Frame, frameKinds } from '@voltscope/shared/frames';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { nextEvent, type TestServer, type TestSocket } from '../helper.ts';
import { hubForTests } from '../hub.ts';

const live = loadConfig({}).live;

function framesOf(socket: TestSocket): { siteId: string; frame: Frame; bytes: number }[] {
  const frames: { siteId: string; frame: Frame; bytes: number }[] = [];
  socket.on('live:frame', (siteId, bytes) =>
    frames.push({ siteId, frame: decodeFrame(bytes), bytes: (bytes as ArrayBufferView).byteLength }),
  );
  return frames;
}

async function connected(server: TestServer, token: string): Promise<TestSocket> {
  const socket = server.connect(token);
  await nextEvent(socket, 'connect');
  return socket;
}

function subscribe(socket: TestSocket, sites: string[]) {
  return socket.timeout(5000).emitWithAck('live:subscribe', { sites: sites.map((id) => ({ id })) });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await sleep(20);
  return check();
};

/** Samples of every trend series of a site over the last minutes: a snapshot near its byte cap. */
async function fillTrends(server: TestServer, siteId: string, samples: number): Promise<void> {
  const { registry } = server.app.services;
  const ids = registry
    .devicesOfSite(siteId)
    .flatMap((d) => registry.seriesOfDevice(d.id).filter((s) => s.key === 'ac_power' || s.key === 'dc_power'))
    .map((s) => s.id);
  const start = Date.now() - 120_000;
  await server.ingest(
    Array.from({ length: samples }, (_, k) => ({
      series: ids[k % ids.length] as number,
      ts: start + Math.floor(k / ids.length) * 100,
      value: k % 500,
    })),
  );
}

describe('subscriptions', () => {
  const hub = hubForTests({
    overrides: { live: { ...live, maxSitesPerSocket: 2, maxSitesPerUser: 3, snapshotMaxBytes: 4096 } },
    signIn: ['admin', 'operator'],
  });

  it('serves a site named 100 times in one subscribe once: one grant, one snapshot', async () => {
    const socket = await connected(hub.server, hub.tokens.admin);
    const frames = framesOf(socket);
    const ack = await subscribe(
      socket,
      Array.from({ length: 100 }, () => 'fr-occitanie'),
    );
    if ('error' in ack) throw new Error(ack.error.message);
    expect((ack.data as SubscribeResult).granted.map((g) => g.siteId)).toEqual(['fr-occitanie']);
    await sleep(300);
    expect(frames.filter((f) => f.frame.kind === frameKinds.snapshot)).toHaveLength(1);
    socket.disconnect();
  });

  it('refuses a subscription past the cap of sites per socket with an error ack, keeping those granted', async () => {
    const socket = await connected(hub.server, hub.tokens.admin);
    const first = await subscribe(socket, ['fr-occitanie', 'es-tarifa']);
    expect('data' in first).toBe(true);
    const frames = framesOf(socket);
    const over = await subscribe(socket, ['ir-yazd']);
    expect(over).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: 'at most 2 live sites per connection' },
    });
    // Nothing of the refused site, and a site already followed still counts once.
    const again = await subscribe(socket, ['es-tarifa']);
    expect('data' in again).toBe(true);
    await sleep(200);
    expect(frames.some((f) => f.siteId === 'ir-yazd')).toBe(false);
    socket.disconnect();
  });

  it('refuses a subscription past the cap of sites per user across sockets; another user is not affected', async () => {
    const one = await connected(hub.server, hub.tokens.admin);
    const two = await connected(hub.server, hub.tokens.admin);
    expect('data' in (await subscribe(one, ['fr-occitanie', 'es-tarifa']))).toBe(true);
    expect('data' in (await subscribe(two, ['ir-yazd']))).toBe(true);
    expect(await subscribe(two, ['ma-ouarzazate'])).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: 'at most 3 live sites per user' },
    });
    const other = await connected(hub.server, hub.tokens.operator);
    expect('data' in (await subscribe(other, ['ma-ouarzazate', 'ir-yazd']))).toBe(true);
    // Leaving a site frees its place.
    await one.timeout(5000).emitWithAck('live:unsubscribe', { sites: ['es-tarifa'] });
    expect('data' in (await subscribe(two, ['ma-ouarzazate']))).toBe(true);
    for (const s of [one, two, other]) s.disconnect();
  });

  it('keeps a snapshot within SNAPSHOT_MAX_BYTES', async () => {
    await fillTrends(hub.server, 'ma-ouarzazate', 20_000);
    const socket = await connected(hub.server, hub.tokens.operator);
    const frames = framesOf(socket);
    expect('data' in (await subscribe(socket, ['ma-ouarzazate']))).toBe(true);
    expect(await until(() => frames.length > 0)).toBe(true);
    const snapshot = frames.find((f) => f.frame.kind === frameKinds.snapshot);
    expect(snapshot?.frame.series.length).toBeGreaterThan(10);
    expect(snapshot?.bytes).toBeLessThanOrEqual(4096);
    socket.disconnect();
  });
});

describe('sockets that stop reading', () => {
  const hub = hubForTests({
    overrides: {
      live: {
        ...live,
        ...{ frameMs: 50, slowBytes: 128 * 1024, dropBytes: 1024 * 1024, bulkBytes: 1024 * 1024 },
        socketEventBurst: 10_000,
      },
    },
    signIn: ['admin', 'operator'],
  });

  it('are dropped once their unsent bytes pass DROP_SOCKET_BYTES, and their connections closed', async () => {
    const { server } = hub;
    await fillTrends(server, 'ma-ouarzazate', 30_000);
    const healthy = await connected(server, hub.tokens.operator);
    const healthyFrames = framesOf(healthy);
    expect('data' in (await subscribe(healthy, ['ma-ouarzazate']))).toBe(true);
    const { io, fanout } = server.app.services;
    const droppedBefore = fanout.counters.droppedSlow;

    const stalled = await Promise.all(Array.from({ length: 10 }, () => connected(server, hub.tokens.admin)));
    const disconnected = stalled.map((s) => nextEvent(s, 'disconnect', 60_000));
    for (const socket of stalled) {
      (socket.io.engine.transport as unknown as { ws: { _socket: { pause(): void } } }).ws._socket.pause();
      // Each request is small; each answer is a snapshot of about 256 KiB the socket never reads.
      for (let i = 0; i < 80; i++) socket.emit('live:subscribe', { sites: [{ id: 'ma-ouarzazate' }] }, () => {});
    }
    // Live frames too, as a running hub sends them.
    await fillTrends(server, 'ma-ouarzazate', 5_000);
    expect(await until(() => io.engine.clientsCount === 1, 20_000)).toBe(true);
    expect(fanout.counters.droppedSlow - droppedBefore).toBe(10);
    // The healthy client still gets its live frames.
    const seen = healthyFrames.length;
    await fillTrends(server, 'ma-ouarzazate', 1_000);
    expect(await until(() => healthyFrames.length > seen)).toBe(true);
    expect(healthy.connected).toBe(true);
    // What the stalled ones see once they read again: the connection was closed.
    for (const socket of stalled) {
      (socket.io.engine.transport as unknown as { ws?: { _socket: { resume(): void } } }).ws?._socket.resume();
    }
    expect(await Promise.all(disconnected)).toEqual(Array(10).fill('transport close'));
    healthy.disconnect();
  }, 90_000);
});

describe('a socket flooding events', () => {
  const hub = hubForTests({
    overrides: { live: { ...live, socketEventsPerSecond: 1, socketEventBurst: 5 } },
    signIn: ['admin'],
  });

  it('gets error acks past its rate, then is disconnected; another socket of the user is not', async () => {
    const flooder = await connected(hub.server, hub.tokens.admin);
    const bystander = await connected(hub.server, hub.tokens.admin);
    const acks = await Promise.all(Array.from({ length: 8 }, () => subscribe(flooder, ['fr-occitanie'])));
    const refused = acks.filter((a) => 'error' in a);
    expect(acks.filter((a) => 'data' in a).length).toBeGreaterThanOrEqual(5);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: 'too many requests on this connection: slow down' },
    });
    const dropped = nextEvent(flooder, 'disconnect');
    for (let i = 0; i < 50; i++) flooder.emit('live:subscribe', { sites: [{ id: 'fr-occitanie' }] }, () => {});
    expect(await dropped).toBe('io server disconnect');
    expect('data' in (await subscribe(bystander, ['fr-occitanie']))).toBe(true);
    bystander.disconnect();
  });
});
