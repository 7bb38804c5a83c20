// Fault matrix (issue 22): Mosquitto restarted while it holds messages the hub has not acknowledged (the
// store was failing). The broker keeps them in its persistence file across the restart, the hub's session
// (clean start off) finds them when it reconnects, and once the store is back every message the broker
// acknowledged to the logger is stored, each once (I1, I2).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { SampleBatch } from '../../src/store/telemetry/types.ts';
import { startTestServer, type TestServer } from '../helper.ts';
import { hasMosquitto, type TestBroker, testBroker } from './mqttBroker.ts';

const SERIES = 'fr-occitanie.inv01/ac_power';
const N = 5;

describe.skipIf(!hasMosquitto)('Mosquitto restarted with messages unacknowledged', () => {
  let dir: string;
  let broker: TestBroker;
  let server: TestServer;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voltscope-mqtt-'));
    broker = await testBroker(dir, `allow_anonymous true\npersistence true\npersistence_location ${dir}/`);
    await broker.start();
    server = await startTestServer({
      mqtt: { url: broker.url, shareGroup: 'hub', topicPrefix: 'voltscope', username: null, password: null },
      cluster: { ...loadConfig({}).cluster, nodeId: 'restart-test' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await broker?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const until = async (check: () => boolean | Promise<boolean>, ms = 20_000) => {
    const end = Date.now() + ms;
    while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    return check();
  };
  const connected = async () => (await (await server.request('GET', '/api/health')).json()).broker?.connected === true;

  it('stores every message the broker took, after the restart and the store coming back', async () => {
    expect(await until(connected)).toBe(true);
    const { telemetry, registry } = server.app.services;
    const series = registry.seriesIdByKey(SERIES) as number;
    const t = Date.now() - 60_000;
    const write = telemetry.write.bind(telemetry);
    let storeDown = true;
    let refused = 0;
    telemetry.write = async (batch: SampleBatch) => {
      if (storeDown && batch.ts.some((ts) => ts >= t && ts < t + N)) {
        refused++;
        throw new Error('the store is down');
      }
      return write(batch);
    };
    try {
      const logger = await mqtt.connectAsync(broker.url, { protocolVersion: 5, reconnectPeriod: 0 });
      for (let i = 0; i < N; i++) {
        await logger.publishAsync(`voltscope/fr-occitanie/inv01/ac_power`, JSON.stringify({ ts: t + i, value: i }), {
          qos: 1,
        });
      }
      await logger.endAsync();
      // The hub has seen a message and withheld its acknowledgement: the broker holds them all.
      expect(await until(() => refused >= 1)).toBe(true);

      await broker.stop();
      expect(await until(async () => !(await connected()))).toBe(true);
      await broker.start();
      storeDown = false;

      const stored = async () => {
        const history = await telemetry.history({ seriesIds: [series], from: t, to: t + N, maxPoints: 100 });
        return history.ts.filter((_, i) => history.series[0]?.avg[i] !== null);
      };
      expect(await until(async () => (await stored()).length === N, 30_000)).toBe(true);
      expect(await stored()).toEqual(Array.from({ length: N }, (_, i) => t + i));
      expect(await until(connected)).toBe(true);
      console.log(`broker restart: ${refused} deliveries refused by the failing store, then all ${N} stored`);
    } finally {
      telemetry.write = write;
    }
  });
});
