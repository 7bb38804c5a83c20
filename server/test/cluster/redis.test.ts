// Two hubs over one Redis and one PostgreSQL schema, as two nodes of a cluster (REDIS_URL, a REDIS_PREFIX
// of this run's own): live frames of samples ingested on one node reach the other's sockets once, from
// the relayed samples; alarms, session ends and rights changes reach sockets on every node. A third hub
// whose Redis is unreachable still serves its own live path; a hub without REDIS_URL works as it always has.
import { randomBytes } from 'node:crypto';
import type { SubscribeResult } from '@voltscope/shared/events';
import { decodeFrame, type Frame, frameKinds } from '@voltscope/shared/frames';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleRelay } from '../../src/cluster/sampleRelay.ts';
import { loadConfig } from '../../src/config.ts';
import { alarmTools, steady, until } from '../alarms/tools.ts';
import { newTransformer } from '../devices.ts';
import { demo, nextEvent, startTestServer, type TestServer, type TestSocket } from '../helper.ts';
import { freePort as closedPort } from '../ports.ts';
import { batchOf, testDatabaseUrl } from '../stores.ts';
import { TcpProxy } from '../tcpProxy.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = randomBytes(5).toString('hex');

const nodeConfig = (nodeId: string, redisUrl: string) => ({
  cluster: { ...loadConfig({}).cluster, nodeId, redisUrl, redisPrefix: `vs_test_${run}` },
});

function framesOf(socket: TestSocket): { siteId: string; frame: Frame }[] {
  const frames: { siteId: string; frame: Frame }[] = [];
  socket.on('live:frame', (siteId, bytes) => frames.push({ siteId, frame: decodeFrame(bytes) }));
  return frames;
}

async function follow(server: TestServer, token: string, sites: string[]) {
  const socket = server.connect(token);
  await nextEvent(socket, 'connect');
  const frames = framesOf(socket);
  const ack = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: sites.map((id) => ({ id })) });
  if ('error' in ack) throw new Error(ack.error.message);
  expect((ack.data as SubscribeResult).granted.map((g) => g.siteId)).toEqual(sites);
  return { socket, frames };
}

/** Every live sample a socket received, as [series, ts, value]. */
const liveSamples = (frames: { frame: Frame }[]) =>
  frames
    .filter((f) => f.frame.kind === frameKinds.live)
    .flatMap(({ frame }) => Array.from(frame.series, (s, i) => [s, frame.ts[i], frame.values[i]]));

/** Polls until `check` holds (the test's own assertions follow; the bound only ends a hopeless wait). */
const waitFor = (check: () => boolean) => until(() => (check() ? true : undefined), 15_000);

describe('two nodes over Redis', () => {
  const schema = `vs_test_redis_${run}`;
  const store = { databaseUrl: testDatabaseUrl, databaseSchema: schema };
  let a: TestServer;
  let b: TestServer;
  let admin: string;

  // Node A reaches Redis through a proxy that the outage test cuts.
  const proxy = new TcpProxy(new URL(REDIS_URL).hostname, Number(new URL(REDIS_URL).port || 6379));

  beforeAll(async () => {
    await proxy.open();
    // One after the other: the second node finds the schema migrated and seeded.
    a = await startTestServer({ ...store, ...nodeConfig('a', `redis://127.0.0.1:${proxy.port}`) });
    b = await startTestServer({ ...store, ...nodeConfig('b', REDIS_URL) });
    admin = (await a.login(demo.admin.email, demo.admin.password)).accessToken;
    // One leader judges the stored samples of both (a hub alone leads itself: B steps down).
    const nodes = [a, b].map((s) => s.app.services.leadership);
    if (nodes.every((l) => l.isLeader())) await b.app.services.leadership.stop();
    // Both nodes listen on Redis before the first test.
    await waitFor(() => [a, b].every((s) => s.app.services.relay !== null && redisReady(s)));
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await proxy.close();
    const sql = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
    await sql.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await sql.end();
  }, 60_000);

  const seriesId = (key: string) => a.app.services.registry.seriesIdByKey(key) as number;

  it('sends a socket on one node the live frame of samples ingested on the other, once, with their values', async () => {
    const client = (await b.login(demo.client.email, demo.client.password)).accessToken;
    const { socket, frames } = await follow(b, client, ['fr-occitanie']);
    const onA = await follow(a, client, ['fr-occitanie']);
    const series = seriesId('fr-occitanie.inv03/ac_power');
    const now = Date.now();
    await a.ingest([
      { series, ts: now - 500, value: 201.25 },
      { series, ts: now, value: 202.5 },
    ]);
    await waitFor(() => liveSamples(frames).length >= 2);
    // A marker sent after them: once it is in, anything sent twice would have come before it.
    await a.ingest([{ series, ts: now + 1, value: 7 }]);
    await waitFor(() => [frames, onA.frames].every((f) => liveSamples(f).some(([, ts]) => ts === now + 1)));
    // On both nodes: the ingesting one is not fed its own batches back.
    for (const received of [frames, onA.frames]) {
      expect(liveSamples(received)).toEqual([
        [series, now - 500, 201.25],
        [series, now, 202.5],
        [series, now + 1, 7],
      ]);
    }
    // Node B's own state follows: its latest value is the relayed one.
    expect(b.app.services.latest.get(series)?.value).toBe(7);
    socket.disconnect();
    onA.socket.disconnect();
  });

  it('judges stored samples of a follower node on the leader only, and pushes its alarm to sockets on every node', async () => {
    const [leader, follower] = a.app.services.leadership.isLeader() ? [a, b] : [b, a];
    const operator = (await follower.login(demo.operator.email, demo.operator.password)).accessToken;
    const watcher = await alarmTools(() => follower).follow(operator, [{ id: 'fr-occitanie' }]);
    // 12 s above 75 °C, ingested on the follower: past the 10 s on-delay of the default rule.
    await follower.ingest(steady('fr-occitanie.inv04/temperature', Date.now() - 120_000, 12, 82));
    const raised = await until(() =>
      watcher.events.find((e) => e.event.type === 'alarm_raised' && e.alarm?.message.en.includes('temperature')),
    );
    expect(raised.alarm).toMatchObject({ deviceId: 'fr-occitanie.inv04', siteId: 'fr-occitanie', value: 82 });
    // Raised once, by the leader: the store holds one open alarm of that rule, on both nodes' reading.
    for (const node of [leader, follower]) {
      const open = await alarmTools(() => node).active(operator);
      const same = open.filter((x) => x.deviceId === 'fr-occitanie.inv04' && x.ruleId === raised.alarm?.ruleId);
      expect(same.map((x) => x.id)).toEqual([raised.alarm?.id]);
    }
    watcher.socket.disconnect();
  });

  it("takes a user's socket on one node out of a site taken away from them on the other", async () => {
    const login = await b.login(demo.client.email, demo.client.password);
    const { socket } = await follow(b, login.accessToken, ['fr-occitanie', 'es-tarifa']);
    const revoked = nextEvent(socket, 'live:revoked');
    const taken = await a.request('PUT', `/api/users/${login.userData.id}/sites`, {
      token: admin,
      body: { siteIds: ['es-tarifa'] },
    });
    expect(taken.status).toBe(200);
    expect(await revoked).toEqual({ sites: ['fr-occitanie'] });
    socket.disconnect();
  });

  it("disconnects a user's socket on one node when an admin disables them on the other", async () => {
    const login = await b.login(demo.operator.email, demo.operator.password);
    const socket = b.connect(login.accessToken);
    await nextEvent(socket, 'connect');
    const ended = nextEvent<{ reason: string }>(socket, 'session:ended');
    const gone = nextEvent(socket, 'disconnect');
    expect((await a.request('POST', `/api/users/${login.userData.id}/disable`, { token: admin })).status).toBe(200);
    expect(await ended).toEqual({ reason: 'revoked' });
    await gone;
    expect((await b.request('GET', '/api/auth/me', { token: login.accessToken })).status).toBe(401);
  });

  it("goes on with a node's own live frames while its Redis is away, and across nodes once it is back", async () => {
    const onA = await follow(a, admin, ['es-tarifa']);
    const onB = await follow(b, admin, ['es-tarifa']);
    const series = seriesId('es-tarifa.wtg02/active_power');
    const t0 = Date.now();
    await proxy.cut();
    await waitFor(() => !(a.app.services.relay?.ready ?? true));
    await a.ingest([{ series, ts: t0, value: 11 }]);
    await waitFor(() => liveSamples(onA.frames).length > 0);
    expect(liveSamples(onA.frames)).toEqual([[series, t0, 11]]);

    await proxy.open();
    await waitFor(() => a.app.services.relay?.ready ?? false);
    await a.ingest([{ series, ts: t0 + 1, value: 12 }]);
    await waitFor(() => liveSamples(onB.frames).length > 0);
    // What A took in while Redis was away never reached B; what came after did.
    expect(liveSamples(onB.frames)).toEqual([[series, t0 + 1, 12]]);
    await waitFor(() => liveSamples(onA.frames).length > 1);
    expect(liveSamples(onA.frames)).toEqual([
      [series, t0, 11],
      [series, t0 + 1, 12],
    ]);
    onA.socket.disconnect();
    onB.socket.disconnect();
  });

  it('sends a socket on one node the frames of a device added on the other', async () => {
    const made = await a.request('POST', '/api/sites/ma-ouarzazate/devices', {
      token: admin,
      body: newTransformer(),
    });
    expect(made.status).toBe(201);
    const series = seriesId('ma-ouarzazate.tr99/load');
    const { socket, frames } = await follow(b, admin, ['ma-ouarzazate']);
    await waitFor(() => b.app.services.registry.seriesIdByKey('ma-ouarzazate.tr99/load') === series);
    const now = Date.now();
    await a.ingest([{ series, ts: now, value: 42 }]);
    await waitFor(() => liveSamples(frames).length > 0);
    expect(liveSamples(frames)).toEqual([[series, now, 42]]);
    socket.disconnect();
  });

  it("keeps a node's own frames while its Redis hangs, bounds what waits for it, and relays again once it answers", async () => {
    const onA = await follow(a, admin, ['es-tarifa']);
    const onB = await follow(b, admin, ['es-tarifa']);
    const relay = a.app.services.relay as SampleRelay;
    const series = seriesId('es-tarifa.wtg03/active_power');
    const t0 = Date.now();
    proxy.hang();
    const dropped = relay.counters.dropped;
    // More batches than may wait for Redis (the hub's own sources hand their batches in like this).
    for (let i = 0; i < 300; i++) await a.app.services.ingest.accept(batchOf([[series, t0 + i, i]]));
    await waitFor(() => liveSamples(onA.frames).some(([, ts]) => ts === t0 + 299));
    expect(liveSamples(onA.frames)).toHaveLength(300);
    expect(relay.counters.dropped).toBeGreaterThan(dropped);
    expect(liveSamples(onB.frames)).toEqual([]);

    proxy.resume();
    // Once Redis answers, new batches reach the other node again. One handed in while the backlog still
    // drains may be dropped like those while Redis hung (the next carries a newer value): send until one
    // arrives.
    let k = 0;
    const arrived = await until(async () => {
      await a.ingest([{ series, ts: t0 + 1000 + k, value: 1000 + k }]);
      k++;
      return liveSamples(onB.frames).find(([, ts]) => (ts as number) >= t0 + 1000);
    }, 15_000);
    expect(arrived, 'a sample relayed after Redis answered again').toBeDefined();
    // What had waited went first, each sample once, in order.
    const times = liveSamples(onB.frames).map(([, ts]) => ts as number);
    expect(times).toEqual([...new Set(times)].sort((x, y) => x - y));
    onA.socket.disconnect();
    onB.socket.disconnect();
  });

  it('takes the sockets on the other node out of a site decommissioned on one', async () => {
    const { socket } = await follow(b, admin, ['es-tarifa']);
    const revoked = nextEvent(socket, 'live:revoked');
    expect((await a.request('POST', '/api/sites/es-tarifa/decommission', { token: admin })).status).toBe(200);
    expect(await revoked).toEqual({ sites: ['es-tarifa'] });
    socket.disconnect();
  });
});

describe('a node whose Redis is unreachable', () => {
  let c: TestServer;

  beforeAll(async () => {
    c = await startTestServer(nodeConfig('c', `redis://127.0.0.1:${await closedPort()}`));
  });
  afterAll(() => c?.close());

  it('still sends its own sockets the live frames of what it ingests', async () => {
    const client = (await c.login(demo.client.email, demo.client.password)).accessToken;
    const { socket, frames } = await follow(c, client, ['fr-occitanie']);
    const series = c.app.services.registry.seriesIdByKey('fr-occitanie.inv03/ac_power') as number;
    const now = Date.now();
    await c.ingest([{ series, ts: now, value: 123.5 }]);
    await waitFor(() => liveSamples(frames).length > 0);
    expect(liveSamples(frames)).toEqual([[series, now, 123.5]]);
    expect(c.app.services.relay?.counters.published).toBe(0);
    socket.disconnect();
  });
});

function redisReady(server: TestServer): boolean {
  return server.app.services.relay?.ready ?? false;
}

describe('a hub alone (no REDIS_URL)', () => {
  let solo: TestServer;

  beforeAll(async () => {
    solo = await startTestServer();
  });
  afterAll(() => solo?.close());

  it('has no relay, sends its live frames, and still takes a socket out of a site taken away', async () => {
    expect(solo.app.services.relay).toBeNull();
    const login = await solo.login(demo.client.email, demo.client.password);
    const { socket, frames } = await follow(solo, login.accessToken, ['fr-occitanie']);
    const series = solo.app.services.registry.seriesIdByKey('fr-occitanie.inv03/ac_power') as number;
    const now = Date.now();
    await solo.ingest([{ series, ts: now, value: 5 }]);
    await waitFor(() => liveSamples(frames).length > 0);
    expect(liveSamples(frames)).toEqual([[series, now, 5]]);
    const admin = (await solo.login(demo.admin.email, demo.admin.password)).accessToken;
    const revoked = nextEvent(socket, 'live:revoked');
    const taken = await solo.request('PUT', `/api/users/${login.userData.id}/sites`, {
      token: admin,
      body: { siteIds: ['es-tarifa'] },
    });
    expect(taken.status).toBe(200);
    expect(await revoked).toEqual({ sites: ['fr-occitanie'] });
    socket.disconnect();
  });
});
