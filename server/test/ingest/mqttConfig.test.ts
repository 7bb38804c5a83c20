// `npm run mqtt:config`'s files in a real Mosquitto of the test's own (a private port and directory): each
// site's logger signs in with its generated password and may publish under its own site only, the hub's
// user reads every site through the share group, a wrong password is refused, and a hub signed in with
// its credentials stores what a site's logger publishes.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMqttConfig } from '../../src/cli/mqttConfig.ts';
import { startTestServer } from '../helper.ts';
import { hasMosquitto, type TestBroker, testBroker } from './mqttBroker.ts';

const SITES = ['fr-occitanie', 'es-tarifa'];
const HUB = { user: 'voltscope-hub', password: 'hub-secret' };

describe.skipIf(!hasMosquitto)('npm run mqtt:config in a real Mosquitto', () => {
  let dir: string;
  let url: string;
  let broker: TestBroker;
  let passwords: Map<string, string>;
  const clients: MqttClient[] = [];
  const connect = async (username: string, password: string) => {
    const client = await mqtt.connectAsync(url, { protocolVersion: 5, username, password, reconnectPeriod: 0 });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voltscope-mqtt-'));
    const options = { out: dir, prefix: 'voltscope', hubUser: HUB.user, hubPassword: HUB.password, sites: SITES };
    // The listener is the test broker's own (a free port, loopback only): the rest is mqtt:config's.
    passwords = await writeMqttConfig(options);
    const conf = (await readFile(path.join(dir, 'mosquitto.conf'), 'utf8')).replace(/^listener .*$/m, '');
    broker = await testBroker(dir, conf, { username: HUB.user, password: HUB.password });
    url = broker.url;
    await broker.start();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync()));
    await broker?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('prints a password for each site once, and keeps them when generated again', async () => {
    expect([...passwords.keys()]).toEqual(SITES.map((s) => `site-${s}`));
    const again = await writeMqttConfig({
      out: dir,
      prefix: 'voltscope',
      hubUser: HUB.user,
      hubPassword: HUB.password,
      sites: [...SITES, 'de-lausitz'],
    });
    expect([...again.keys()]).toEqual(['site-de-lausitz']);
    // The broker still reads the files as they were when it started.
    await writeMqttConfig({
      out: dir,
      prefix: 'voltscope',
      hubUser: HUB.user,
      hubPassword: HUB.password,
      sites: SITES,
    });
  });

  it("lets a site's logger publish under its own site only", async () => {
    const logger = await connect('site-fr-occitanie', passwords.get('site-fr-occitanie') as string);
    await expect(logger.publishAsync('voltscope/fr-occitanie/batch', '', { qos: 1 })).resolves.toBeDefined();
    await expect(logger.publishAsync('voltscope/es-tarifa/batch', '', { qos: 1 })).rejects.toMatchObject({
      code: 0x87,
    });
  });

  it('refuses a wrong password', async () => {
    // Mosquitto 2.0 answers "not authorized" (0x87) where MQTT 5 also allows "bad user name or password" (0x86).
    const refused = await connect('site-es-tarifa', 'not its password').then(
      () => 0,
      (error: { code?: number }) => error.code,
    );
    expect([0x86, 0x87]).toContain(refused);
  });

  it("stores what a site's logger publishes, taken by a hub signed in as the hub's user", async () => {
    const server = await startTestServer({
      mqtt: { url, shareGroup: 'hub', topicPrefix: 'voltscope', username: HUB.user, password: HUB.password },
    });
    try {
      const health = async () => (await (await server.request('GET', '/api/health')).json()).broker?.connected;
      for (let i = 0; i < 100 && !(await health()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await health()).toBe(true);
      const logger = await connect('site-es-tarifa', passwords.get('site-es-tarifa') as string);
      const t = Date.now() - 10_000;
      await logger.publishAsync('voltscope/es-tarifa/wtg01/active_power', JSON.stringify({ ts: t, value: 1234 }), {
        qos: 1,
      });
      const series = server.app.services.registry.seriesIdByKey('es-tarifa.wtg01/active_power') as number;
      const stored = async () =>
        (await server.app.services.telemetry.history({ seriesIds: [series], from: t, to: t + 1, maxPoints: 10 }))
          .series[0]?.avg;
      for (let i = 0; i < 100 && (await stored())?.[0] !== 1234; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await stored()).toEqual([1234]);
    } finally {
      await server.close();
    }
  });
});
