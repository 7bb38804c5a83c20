// The cluster benchmark's data loggers: one MQTT 5 client publishing the demo fleet's samples to the
// batched topic (`<prefix>/<site>/batch`, NDJSON lines naming series as `deviceId/key`, QoS 1), as a
// site's logger does (README "MQTT ingest"): either a steady stream (every series once a period, each
// site's batch stamped with the moment it is sent) or a burst of older steps as fast as the broker takes
// them. The bare-broker baseline is the same burst read by a plain shared subscriber that counts lines.
import mqtt, { type MqttClient } from 'mqtt';
import { demoPlants } from '../../server/src/demo/fleet.ts';
import { buildFleet } from '../../server/src/fleet/build.ts';

interface SiteSeries {
  site: string;
  /** Per series, the line up to its timestamp, and the rest of it after. */
  heads: string[];
  tails: string[];
}

/** The demo fleet by site, each series with a plausible value (a quarter of its range). */
function fleetBySite(): SiteSeries[] {
  const fleet = buildFleet(demoPlants);
  const siteOf = new Map(fleet.devices.map((d) => [d.id, d.siteId]));
  const sites = new Map<string, SiteSeries>();
  for (const s of fleet.series) {
    const site = siteOf.get(s.deviceId) as string;
    const entry = sites.get(site) ?? { site, heads: [], tails: [] };
    sites.set(site, entry);
    entry.heads.push(`{"series":"${s.deviceId}/${s.key}","ts":`);
    entry.tails.push(`,"value":${s.min + (s.max - s.min) / 4}}`);
  }
  return [...sites.values()].sort((a, b) => a.site.localeCompare(b.site));
}

const batch = (s: SiteSeries, ts: number) => s.heads.map((head, i) => `${head}${ts}${s.tails[i]}`).join('\n');

export class FleetPublisher {
  readonly sites = fleetBySite();
  readonly seriesCount = this.sites.reduce((n, s) => n + s.heads.length, 0);
  readonly #client: MqttClient;
  readonly #prefix: string;

  private constructor(client: MqttClient, prefix: string) {
    this.#client = client;
    this.#prefix = prefix;
  }

  static async connect(url: string, prefix: string): Promise<FleetPublisher> {
    const client = await mqtt.connectAsync(url, { protocolVersion: 5, clean: true, reconnectPeriod: 0 });
    return new FleetPublisher(client, prefix);
  }

  /** Every series once each `periodMs`, the sites' batches spread evenly over the period; returns stop. */
  steady(periodMs: number): () => void {
    const timers = this.sites.map((s, i) => {
      let interval: NodeJS.Timeout | undefined;
      const send = () =>
        void this.#client.publishAsync(`${this.#prefix}/${s.site}/batch`, batch(s, Date.now()), { qos: 1 });
      const start = setTimeout(
        () => {
          send();
          interval = setInterval(send, periodMs);
        },
        (periodMs * i) / this.sites.length,
      );
      return () => {
        clearTimeout(start);
        clearInterval(interval);
      };
    });
    return () => {
      for (const stop of timers) stop();
    };
  }

  /**
   * `steps` whole-fleet steps a second apart, from `since` on (older than the alarm engine's late-sample
   * limit, so that they are stored, not judged), all published at once; resolves with the samples once the
   * broker has acknowledged every message.
   */
  async burst(steps: number, since: number): Promise<number> {
    const sent: Promise<unknown>[] = [];
    for (let step = 0; step < steps; step++) {
      for (const s of this.sites) {
        sent.push(
          this.#client.publishAsync(`${this.#prefix}/${s.site}/batch`, batch(s, since + step * 1000), { qos: 1 }),
        );
      }
    }
    await Promise.all(sent);
    return steps * this.seriesCount;
  }

  async close(): Promise<void> {
    await this.#client.endAsync();
  }
}

/** A plain subscriber in a share group of its own, counting the lines of the batches it is sent. */
export async function bareSubscriber(
  url: string,
  prefix: string,
): Promise<{ received: () => number; close: () => Promise<void> }> {
  const client = await mqtt.connectAsync(url, { protocolVersion: 5, clean: true, reconnectPeriod: 0 });
  let lines = 0;
  client.on('message', (_topic, payload) => {
    lines++;
    for (let i = payload.indexOf(10); i !== -1; i = payload.indexOf(10, i + 1)) lines++;
  });
  await client.subscribeAsync(`$share/bare/${prefix}/+/batch`, { qos: 1 });
  return { received: () => lines, close: () => client.endAsync() };
}
