// MQTT ingest against this machine's Mosquitto (127.0.0.1:1883): samples published by a real MQTT 5 client
// are stored and reach the live sockets; what cannot be stored is acknowledged with a reason code and does
// not stop what follows; a share group spreads messages over two hubs, each stored once; the simulator can
// publish through the broker; and a message the store did not commit is not acknowledged, so the broker
// sends it again and it is stored once the store is back (I1). Each run has its own topic prefix and share
// group, so parallel runs do not see each other's messages.
import { randomBytes } from 'node:crypto';
import { decodeFrame, type Frame, frameKinds } from '@voltscope/shared/frames';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.ts';
import type { SampleBatch } from '../../src/store/telemetry/types.ts';
import { demo, nextEvent, settles, startTestServer, type TestServer } from '../helper.ts';
import { storeCases } from '../stores.ts';

const run = randomBytes(4).toString('hex');
const prefix = `vs${run}`;
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const SITE = 'fr-occitanie';
const POWER = `${SITE}.inv01/ac_power`;

/** A hub taking MQTT ingest in `group`, under this run's prefix. */
const mqttHub = (node: string, group: string, more: Partial<Config> = {}): Partial<Config> => {
  const defaults = loadConfig({});
  return {
    mqtt: { url: BROKER, shareGroup: `${group}${run}`, topicPrefix: prefix, username: null, password: null },
    cluster: { ...defaults.cluster, nodeId: `test-${run}-${node}` },
    live: { ...defaults.live, frameMs: 50 },
    ...more,
  };
};

/** Waits until the hub reports itself subscribed: a message published earlier would reach no one. */
async function subscribed(server: TestServer) {
  const connected = async () => (await (await server.request('GET', '/api/health')).json()).broker?.connected === true;
  expect(await settles(connected), 'the hub subscribed at the broker').toBe(true);
}

const clients: MqttClient[] = [];
async function logger(): Promise<MqttClient> {
  const client = await mqtt.connectAsync(BROKER, {
    protocolVersion: 5,
    clientId: `test-logger-${randomBytes(4).toString('hex')}`,
  });
  clients.push(client);
  return client;
}
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync()));
});

/** The reason code the broker answers a QoS 1 publish with (0 when accepted). */
const publish = (client: MqttClient, topic: string, payload: string) =>
  client.publishAsync(`${prefix}/${topic}`, payload, { qos: 1 }).then(
    () => 0,
    (error: { code?: number }) => error.code ?? -1,
  );

async function storedValues(server: TestServer, series: number, from: number, to: number) {
  const history = await server.app.services.telemetry.history({
    seriesIds: [series],
    from,
    to: to + 1,
    maxPoints: 10_000,
  });
  const values = history.series[0]?.avg ?? [];
  return history.ts.flatMap((ts, i) => (values[i] === null || values[i] === undefined ? [] : [[ts, values[i]]]));
}

describe('MQTT ingest on one hub', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(mqttHub('solo', 'solo'));
    token = (await server.login(demo.admin.email, demo.admin.password)).accessToken;
    await subscribed(server);
  });
  afterAll(() => server.close());
  const id = (key: string) => server.app.services.registry.seriesIdByKey(key) as number;

  it('stores single samples and batches, and sends them to the live sockets', async () => {
    const socket = server.connect(token);
    await nextEvent(socket, 'connect');
    const frames: Frame[] = [];
    socket.on('live:frame', (siteId, bytes) => siteId === SITE && frames.push(decodeFrame(bytes)));
    const ack = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: [{ id: SITE }] });
    expect('data' in ack).toBe(true);

    const client = await logger();
    const t = Date.now() - 60_000;
    const other = id(`${SITE}.inv02/ac_power`);
    expect(await publish(client, `${SITE}/${SITE}.inv01/ac_power`, JSON.stringify({ ts: t, value: 101.5 }))).toBe(0);
    expect(
      await publish(
        client,
        `${SITE}/inv01/ac_power`,
        JSON.stringify({ ts: new Date(t + 1000).toISOString(), value: 102.5 }),
      ),
    ).toBe(0);
    const lines = [
      { series: POWER, ts: t + 2000, value: 103.5 },
      { series: other, ts: t + 2000, value: 55 },
      { series: `${SITE}.inv02/ac_power`, ts: t + 3000, value: 56 },
    ];
    expect(await publish(client, `${SITE}/batch`, lines.map((l) => JSON.stringify(l)).join('\n'))).toBe(0);

    // Acknowledged by the hub only after the commit: stored, each once, read back through the history API.
    expect(await settles(async () => (await storedValues(server, id(POWER), t, t + 3000)).length === 3)).toBe(true);
    const response = await server.request(
      'GET',
      `/api/series/history?ids=${id(POWER)},${other}&from=${t}&to=${t + 3001}`,
      { token },
    );
    const history = await response.json();
    expect(history.series.map((s: { avg: (number | null)[] }) => s.avg.filter((v) => v !== null))).toEqual([
      [101.5, 102.5, 103.5],
      [55, 56],
    ]);
    // And live, to a socket following the site.
    const live = () =>
      frames
        .filter((f) => f.kind === frameKinds.live)
        .flatMap((f) => Array.from(f.series, (s, i) => `${s}@${f.ts[i]}=${f.values[i]}`));
    expect(await settles(() => live().length >= 5)).toBe(true);
    expect(live()).toEqual(
      expect.arrayContaining([`${id(POWER)}@${t}=101.5`, `${id(POWER)}@${t + 2000}=103.5`, `${other}@${t + 3000}=56`]),
    );
    socket.disconnect();
  });

  it('refuses bad payloads and unknown names without stopping, and takes the good ones after them', async () => {
    const client = await logger();
    const { counters } = server.app.services.ingest;
    const rejectedBefore = counters.rejected;
    const t = Date.now() - 30_000;
    const foreign = JSON.stringify({ series: 'es-tarifa.wtg01/active_power', ts: t, value: 10 });
    const bad = [
      [`${SITE}/inv01/ac_power`, 'not a number'],
      [`${SITE}/inv01/ac_power`, JSON.stringify({ ts: t, value: 1e12 })],
      [`${SITE}/inv01/ac_power`, JSON.stringify({ ts: t / 1000, value: 1 })],
      // Another site's series on this site's topic: what its logger may publish is its own site's only.
      [`${SITE}/batch`, foreign],
      [`${SITE}/inv99/ac_power`, '5'],
      ['atlantis/inv01/ac_power', '5'],
    ];
    for (const [topic, payload] of bad) expect(await publish(client, topic as string, payload as string)).toBe(0);
    // A batch half good: the good lines kept.
    const half = [
      JSON.stringify({ series: POWER, ts: t + 1, value: 7 }),
      '{broken',
      JSON.stringify({ series: POWER, ts: t + 2, value: 8 }),
    ];
    expect(await publish(client, `${SITE}/batch`, half.join('\n'))).toBe(0);
    expect(await publish(client, `${SITE}/inv01/ac_power`, JSON.stringify({ ts: t + 3, value: 9 }))).toBe(0);
    expect(await settles(async () => (await storedValues(server, id(POWER), t, t + 3)).length === 3)).toBe(true);
    expect(await storedValues(server, id(POWER), t, t + 3)).toEqual([
      [t + 1, 7],
      [t + 2, 8],
      [t + 3, 9],
    ]);
    // The hub takes messages in order: each refused one was judged once (acknowledged with its reason code,
    // so not sent again), and counted with POST /api/ingest's refusals.
    expect(counters.rejected - rejectedBefore).toBe(bad.length + 1);
  });

  it('takes QoS 0 samples too', async () => {
    const client = await logger();
    const t = Date.now() - 25_000;
    await client.publishAsync(`${prefix}/${SITE}/inv01/ac_power`, JSON.stringify({ ts: t, value: 11 }), { qos: 0 });
    expect(await settles(async () => (await storedValues(server, id(POWER), t, t)).length === 1)).toBe(true);
    expect(await storedValues(server, id(POWER), t, t)).toEqual([[t, 11]]);
  });

  it('does not acknowledge what the store did not commit, and stores it once the store is back (I1)', async () => {
    const { telemetry } = server.app.services;
    const write = telemetry.write.bind(telemetry);
    const t = Date.now() - 20_000;
    let failures = 0;
    telemetry.write = async (batch: SampleBatch) => {
      if (batch.ts.includes(t)) {
        failures++;
        if (failures <= 2) throw new Error('the store is down');
      }
      return write(batch);
    };
    try {
      const client = await logger();
      // The broker took it (its PUBACK to the logger); the hub's to the broker waits for the commit.
      expect(await publish(client, `${SITE}/inv01/ac_power`, JSON.stringify({ ts: t, value: 42 }))).toBe(0);
      expect(await settles(() => failures >= 1)).toBe(true);
      expect(await storedValues(server, id(POWER), t, t)).toEqual([]);
      // Sent again by the broker after the hub renews its connection, until a write commits it.
      expect(await settles(async () => (await storedValues(server, id(POWER), t, t)).length === 1, 15_000)).toBe(true);
      expect(failures).toBe(3);
      expect(await storedValues(server, id(POWER), t, t)).toEqual([[t, 42]]);
      await subscribed(server);
    } finally {
      telemetry.write = write;
    }
  });
});

describe.each(storeCases('vs_mqtt').filter((c) => c.driver === 'postgres'))(
  'two hubs in one share group ($driver)',
  ({ overrides, drop }) => {
    const hubs: TestServer[] = [];
    beforeAll(async () => {
      // One after the other: the first migrates and seeds the shared schema.
      for (const node of ['a', 'b']) hubs.push(await startTestServer({ ...overrides, ...mqttHub(node, 'pair') }));
      for (const hub of hubs) await subscribed(hub);
    }, 60_000);
    afterAll(async () => {
      for (const hub of hubs) await hub.close();
      await drop();
    });

    it('stores each message once, and both hubs take some', async () => {
      const [a, b] = hubs as [TestServer, TestServer];
      const series = a.app.services.registry.seriesIdByKey(POWER) as number;
      const client = await logger();
      const t = Date.now() - 120_000;
      const N = 40;
      for (let i = 0; i < N; i++) {
        expect(await publish(client, `${SITE}/inv01/ac_power`, JSON.stringify({ ts: t + i, value: i }))).toBe(0);
      }
      expect(await settles(async () => (await storedValues(a, series, t, t + N)).length === N)).toBe(true);
      const stored = await storedValues(a, series, t, t + N);
      expect(stored).toEqual(Array.from({ length: N }, (_, i) => [t + i, i]));
      const taken = hubs.map((hub) => hub.app.services.ingest.counters);
      // Each message went to one hub: no resent duplicates, and the two shares add up.
      expect(taken[0]?.accepted ?? 0).toBeGreaterThan(0);
      expect(taken[1]?.accepted ?? 0).toBeGreaterThan(0);
      expect((taken[0]?.accepted ?? 0) + (taken[1]?.accepted ?? 0)).toBe(N);
      expect((taken[0]?.duplicates ?? 0) + (taken[1]?.duplicates ?? 0)).toBe(0);
      console.log(`share group: hub a took ${taken[0]?.accepted}, hub b ${taken[1]?.accepted} of ${N} messages`);

      // Hub b stops: it leaves the group first, so that the broker sends everything to hub a.
      await b.close();
      hubs.pop();
      const after = a.app.services.ingest.counters.accepted;
      for (let i = N; i < 2 * N; i++) {
        expect(await publish(client, `${SITE}/inv01/ac_power`, JSON.stringify({ ts: t + i, value: i }))).toBe(0);
      }
      expect(await settles(async () => (await storedValues(a, series, t, t + 2 * N)).length === 2 * N)).toBe(true);
      expect(a.app.services.ingest.counters.accepted - after).toBe(N);
    });
  },
);

describe('SIM_TRANSPORT=mqtt', () => {
  let server: TestServer;
  beforeAll(async () => {
    const defaults = loadConfig({});
    server = await startTestServer(
      mqttHub('sim', 'sim', {
        simulator: { ...defaults.simulator, enabled: true, backfillDays: 0, periodMs: 500 },
        simulatorTransport: 'mqtt',
      }),
    );
    await subscribed(server);
  });
  afterAll(() => server.close());

  it("sends the simulator's samples through the broker to the ingest", async () => {
    // A listener of its own on the simulator's topics: what the broker sees.
    const spy = await logger();
    const published: { series: number; ts: number; value: number }[] = [];
    spy.on('message', (topic, payload) => {
      if (topic !== `${prefix}/${SITE}/batch`) return;
      for (const line of payload.toString().split('\n')) published.push(JSON.parse(line));
    });
    await spy.subscribeAsync(`${prefix}/+/batch`, { qos: 1 });
    expect(await settles(() => published.length > 0)).toBe(true);
    const sample = published[0] as { series: number; ts: number; value: number };
    // What the simulator published is what the hub stored, having taken it from the broker.
    expect(
      await settles(async () => (await storedValues(server, sample.series, sample.ts, sample.ts)).length === 1),
    ).toBe(true);
    expect(await storedValues(server, sample.series, sample.ts, sample.ts)).toEqual([[sample.ts, sample.value]]);
  });
});
