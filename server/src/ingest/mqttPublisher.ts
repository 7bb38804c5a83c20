// The simulator as an MQTT data logger (SIM_TRANSPORT=mqtt): each step's samples go to the broker, one
// message per site on `<prefix>/<site>/batch` (the NDJSON lines of POST /api/ingest, QoS 1), and reach the
// ingest the way a real site's do, through whichever node of the share group the broker picks.
import mqtt from 'mqtt';
import type { Config } from '../config.ts';
import type { Registry } from '../fleet/registry.ts';
import type { SampleBatch } from '../store/telemetry/types.ts';

export interface SamplePublisher {
  /** Publishes a batch (queued by the client while the broker is away); failures are logged, not thrown. */
  publish(batch: SampleBatch): void;
  close(): Promise<void>;
}

export function connectSamplePublisher(
  config: Config,
  registry: () => Registry,
  log: { warn(details: object, message: string): void },
): SamplePublisher {
  const { url, username, password, topicPrefix } = config.mqtt;
  const client = mqtt.connect(url as string, {
    protocolVersion: 5,
    clientId: `voltscope-sim-${config.cluster.nodeId}`.slice(0, 128),
    reconnectPeriod: 2000,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
  });
  let lastError = '';
  client.on('error', (error) => {
    if (error.message !== lastError) log.warn({ err: error, url }, 'simulator: MQTT connection failed');
    lastError = error.message;
  });
  client.on('connect', () => {
    lastError = '';
  });

  return {
    publish(batch) {
      const fleet = registry();
      const lines = new Map<string, string[]>();
      for (let i = 0; i < batch.series.length; i++) {
        const series = batch.series[i] as number;
        const site = fleet.siteOfSeries(series);
        if (site === undefined) continue;
        const list = lines.get(site) ?? [];
        lines.set(site, list);
        list.push(`{"series":${series},"ts":${batch.ts[i]},"value":${batch.values[i]}}`);
      }
      for (const [site, list] of lines) {
        client.publish(`${topicPrefix}/${site}/batch`, list.join('\n'), { qos: 1 }, (error) => {
          if (error) log.warn({ err: error, site }, 'simulator: batch not published');
        });
      }
    },
    async close() {
      await client.endAsync(false);
    },
  };
}
