import type { SubscribeResult } from '@voltscope/shared/events';
import { decodeFrame, type Frame, frameKinds } from '@voltscope/shared/frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, nextEvent, startTestServer, type TestServer, type TestSocket } from '../helper.ts';

let server: TestServer;
let clientToken: string;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({ live: { ...(await defaults()), frameMs: 50 } });
  clientToken = (await server.login(demo.client.email, demo.client.password)).accessToken;
  adminToken = (await server.login(demo.admin.email, demo.admin.password)).accessToken;
});
afterAll(() => server.close());

async function defaults() {
  const { loadConfig } = await import('../../src/config.ts');
  return loadConfig({}).live;
}

const seriesId = (key: string) => server.app.services.registry.seriesIdByKey(key) as number;

function framesOf(socket: TestSocket): { siteId: string; frame: Frame }[] {
  const frames: { siteId: string; frame: Frame }[] = [];
  socket.on('live:frame', (siteId, bytes) => frames.push({ siteId, frame: decodeFrame(bytes) }));
  return frames;
}

async function subscribe(socket: TestSocket, sites: (string | { id: string; lastSeq?: number; lastTs?: number })[]) {
  const ack = await socket
    .timeout(5000)
    .emitWithAck('live:subscribe', { sites: sites.map((s) => (typeof s === 'string' ? { id: s } : s)) });
  if ('error' in ack) throw new Error(ack.error.message);
  return ack.data as SubscribeResult;
}

const ingest: TestServer['ingest'] = (samples) => server.ingest(samples);

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('live subscriptions', () => {
  it('grants a client its own site, refuses another, and sends it nothing of the refused one', async () => {
    const socket = server.connect(clientToken);
    await nextEvent(socket, 'connect');
    const frames = framesOf(socket);
    const result = await subscribe(socket, ['fr-occitanie', 'ma-ouarzazate', 'atlantis']);
    expect(result.granted.map((g) => g.siteId)).toEqual(['fr-occitanie']);
    expect(result.refused).toEqual([
      { siteId: 'ma-ouarzazate', code: 'NOT_FOUND', reason: 'no such site' },
      { siteId: 'atlantis', code: 'NOT_FOUND', reason: 'no such site' },
    ]);
    const now = Date.now();
    const own = seriesId('fr-occitanie.inv03/ac_power');
    const foreign = seriesId('ma-ouarzazate.inv03/ac_power');
    await ingest([
      { series: own, ts: now - 100, value: 201.25 },
      { series: foreign, ts: now - 100, value: 444 },
      { series: own, ts: now, value: 202.5 },
    ]);
    expect(await until(() => frames.some((f) => f.frame.kind === frameKinds.live))).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    const live = frames.filter((f) => f.frame.kind === frameKinds.live);
    expect(live.every((f) => f.siteId === 'fr-occitanie')).toBe(true);
    const samples = live.flatMap((f) => Array.from(f.frame.series, (s, i) => [s, f.frame.ts[i], f.frame.values[i]]));
    expect(samples).toEqual([
      [own, now - 100, 201.25],
      [own, now, 202.5],
    ]);
    expect(frames.flatMap((f) => Array.from(f.frame.series)).includes(foreign)).toBe(false);
    socket.disconnect();
  });

  it('answers a malformed subscription with an error ack', async () => {
    const socket = server.connect(adminToken);
    await nextEvent(socket, 'connect');
    const bad = [{ sites: 'everything' }, { sites: [{ id: { $ne: null } }] }, { sites: [] }, null];
    for (const request of bad) {
      const ack = await socket.timeout(5000).emitWithAck('live:subscribe', request as never);
      expect(ack).toMatchObject({ error: { code: 'VALIDATION' } });
    }
    socket.disconnect();
  });

  it('sends a snapshot of the latest values on subscribe', async () => {
    const power = seriesId('es-tarifa.wtg04/active_power');
    const pitch = seriesId('es-tarifa.wtg04/pitch_angle');
    const now = Date.now();
    await ingest([
      { series: power, ts: now - 2000, value: 1500 },
      { series: power, ts: now - 1000, value: 1600 },
      { series: pitch, ts: now - 1000, value: 3.5 },
    ]);
    const socket = server.connect(adminToken);
    await nextEvent(socket, 'connect');
    const frames = framesOf(socket);
    const result = await subscribe(socket, ['es-tarifa']);
    expect(result.granted[0]?.via).toBe('snapshot');
    const snapshot = frames.find((f) => f.frame.kind === frameKinds.snapshot)?.frame;
    expect(snapshot).toBeDefined();
    const pick = (id: number) =>
      Array.from(snapshot?.series ?? []).flatMap((s, i) => (s === id ? [snapshot?.values[i]] : []));
    expect(pick(power)).toEqual([1500, 1600]);
    expect(pick(pitch)).toEqual([3.5]);
    socket.disconnect();
  });

  it('resumes after a dropped connection with every missed frame exactly once, or reports the gap', async () => {
    const series = seriesId('ir-yazd.inv05/ac_power');
    const first = server.connect(adminToken);
    await nextEvent(first, 'connect');
    const before = framesOf(first);
    await subscribe(first, ['ir-yazd']);
    const t0 = Date.now() - 10_000;
    await ingest([{ series, ts: t0, value: 1 }]);
    expect(await until(() => before.some((f) => f.frame.kind === frameKinds.live))).toBe(true);
    const last = before.filter((f) => f.frame.kind === frameKinds.live).at(-1)?.frame as Frame;
    first.disconnect();

    for (let i = 1; i <= 3; i++) {
      await ingest([{ series, ts: t0 + i * 1000, value: 1 + i }]);
      await new Promise((r) => setTimeout(r, 80));
    }
    const second = server.connect(adminToken);
    await nextEvent(second, 'connect');
    const after = framesOf(second);
    const resumed = await subscribe(second, [{ id: 'ir-yazd', lastSeq: last.seq, lastTs: t0 }]);
    expect(resumed.granted[0]).toMatchObject({ via: 'replay', gap: null });
    await new Promise((r) => setTimeout(r, 100));
    const seqs = after.map((f) => f.frame.seq);
    expect(seqs).toEqual([last.seq + 1, last.seq + 2, last.seq + 3]);
    expect(after.flatMap((f) => Array.from(f.frame.values))).toEqual([2, 3, 4]);

    const third = server.connect(adminToken);
    await nextEvent(third, 'connect');
    // A frame number the hub does not know (it restarted since, say): a snapshot, and the span to fetch.
    const stale = await subscribe(third, [{ id: 'ir-yazd', lastSeq: last.seq + 1000, lastTs: t0 - 3_600_000 }]);
    expect(stale.granted[0]?.via).toBe('snapshot');
    expect(stale.granted[0]?.gap?.from).toBe(t0 - 3_600_000);
    second.disconnect();
    third.disconnect();
  });

  it('takes a revoked session out of its rooms at once', async () => {
    const { accessToken } = await server.login(demo.client.email, demo.client.password);
    const socket = server.connect(accessToken);
    await nextEvent(socket, 'connect');
    await subscribe(socket, ['fr-occitanie']);
    const frames = framesOf(socket);
    const disconnected = nextEvent(socket, 'disconnect');
    await server.request('POST', '/api/auth/logout', { token: accessToken });
    await disconnected;
    await ingest([{ series: seriesId('fr-occitanie.inv07/ac_power'), ts: Date.now(), value: 5 }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(frames.length).toBe(0);
    expect(server.app.services.io.sockets.adapter.rooms.get('site:fr-occitanie')?.size ?? 0).toBe(0);
  });
});

describe('a change of rights', () => {
  it("moves a user's sockets out of a site taken away from them, at once, and keeps the others", async () => {
    const login = await server.login(demo.client.email, demo.client.password);
    const userId = login.userData.id;
    const socket = server.connect(login.accessToken);
    await nextEvent(socket, 'connect');
    await subscribe(socket, ['fr-occitanie', 'es-tarifa']);
    const frames = framesOf(socket);
    const revoked = nextEvent(socket, 'live:revoked');
    const taken = await server.request('PUT', `/api/users/${userId}/sites`, {
      token: adminToken,
      body: { siteIds: ['es-tarifa'] },
    });
    expect(taken.status).toBe(200);
    expect((await taken.json()).siteIds).toEqual(['es-tarifa']);
    expect(await revoked).toEqual({ sites: ['fr-occitanie'] });

    const now = Date.now();
    await ingest([
      { series: seriesId('fr-occitanie.inv02/ac_power'), ts: now, value: 7 },
      { series: seriesId('es-tarifa.wtg02/active_power'), ts: now, value: 8 },
    ]);
    expect(await until(() => frames.some((f) => f.siteId === 'es-tarifa'))).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    expect(frames.some((f) => f.siteId === 'fr-occitanie')).toBe(false);
    // The same token is refused the site over HTTP and on a new subscription.
    expect((await server.request('GET', '/api/sites/fr-occitanie', { token: login.accessToken })).status).toBe(404);
    expect((await subscribe(socket, ['fr-occitanie'])).refused).toEqual([
      { siteId: 'fr-occitanie', code: 'NOT_FOUND', reason: 'no such site' },
    ]);

    const given = await server.request('PUT', `/api/users/${userId}/sites`, {
      token: adminToken,
      body: { siteIds: ['fr-occitanie', 'es-tarifa'] },
    });
    expect(given.status).toBe(200);
    expect((await subscribe(socket, ['fr-occitanie'])).granted.map((g) => g.siteId)).toEqual(['fr-occitanie']);
    socket.disconnect();
  });

  it('lets only an admin set sites, and only sites that exist', async () => {
    const operator = (await server.login(demo.operator.email, demo.operator.password)).accessToken;
    const put = (token: string, id: number | string, siteIds: unknown) =>
      server.request('PUT', `/api/users/${id}/sites`, { token, body: { siteIds } });
    expect((await put(operator, 1, ['es-tarifa'])).status).toBe(403);
    expect((await put(clientToken, 1, [])).status).toBe(403);
    const unknown = await put(adminToken, 3, ['atlantis']);
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ code: 'VALIDATION', message: 'No such site: atlantis' });
    expect((await put(adminToken, 9999, [])).status).toBe(404);
    expect((await put(adminToken, 'me', [])).status).toBe(400);
    expect((await put(adminToken, 3, { all: true })).status).toBe(400);
  });
});

describe('GET /metrics', () => {
  it('reports sockets, frames, skips and ingest in Prometheus text format', async () => {
    const response = await server.request('GET', '/metrics');
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const name of [
      'voltscope_sockets_connected',
      'voltscope_subscriptions',
      'voltscope_frames_sent_total',
      'voltscope_frame_bytes_sent_total',
      'voltscope_frames_skipped_total',
      'voltscope_ingest_samples_total',
      'voltscope_store_write_seconds_bucket',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('asks for the metrics token when one is configured', async () => {
    const guarded = await startTestServer({ metricsToken: 'scrape-me' });
    try {
      expect((await guarded.request('GET', '/metrics')).status).toBe(401);
      expect((await guarded.request('GET', '/metrics', { token: 'wrong' })).status).toBe(401);
      expect((await guarded.request('GET', '/metrics', { token: 'scrape-me' })).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
