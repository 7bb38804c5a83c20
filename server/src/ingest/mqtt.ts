// MQTT ingest: the hub takes telemetry from a broker (MQTT 5) beside POST /api/ingest, through a shared
// subscription so that each message reaches one node of the group. A QoS 1 message is acknowledged (PUBACK)
// only once the ingest has committed its samples (mqtt.js's `customHandleAcks`); a message the store did not
// commit is left unacknowledged and the connection is renewed after a pause, since the broker sends a
// session's unacknowledged messages again only on reconnection (MQTT 5, section 4.4). A payload that can
// never be stored is acknowledged with an error reason code, so that it is not sent again for ever.
import mqtt, { type MqttClient } from 'mqtt';
import type { Config } from '../config.ts';
import type { Registry } from '../fleet/registry.ts';
import { parseBatch, parseSample, parseTopic, seriesOfTopic } from './mqttPayload.ts';
import type { Ingest } from './pipeline.ts';
import { MALFORMED, type Rejection, validateSamples } from './validate.ts';

export interface MqttIngestLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** MQTT 5 reason codes of a PUBACK (section 3.4.2.1). */
const ACK = { success: 0, unspecified: 0x80, topicNameInvalid: 0x90, payloadFormatInvalid: 0x99 } as const;
/** As POST /api/ingest: how far ahead of the hub's clock a timestamp may be. */
const MAX_FUTURE_MS = 5 * 60_000;
/** How long the broker keeps this node's session (its unacknowledged messages) while it is away. */
const SESSION_EXPIRY_SECONDS = 3600;
/** Pauses before renewing the connection for a redelivery, growing while the store keeps failing. */
const REDELIVERY_FIRST_MS = 1000;
const REDELIVERY_MOST_MS = 30_000;
/**
 * The longest a message waits for its commit before it is left unacknowledged: mqtt.js takes the next
 * packet (the broker's keep-alive answers among them) only once this one is settled. A write that commits
 * later is harmless: the message sent again is a duplicate the store skips.
 */
const COMMIT_WAIT_MS = 20_000;
/** How long stopping waits for the broker to answer the unsubscription and the disconnection. */
const STOP_WAIT_MS = 2000;
/** Refused messages logged per minute (a flood of bad payloads must not flood the log). */
const LOGGED_PER_MINUTE = 20;

/** The samples were not committed: no PUBACK, the broker sends the message again. */
class Withheld extends Error {}

/** `promise`, or after `ms` a rejection with `message`; the timer never holds the process. */
function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

type Outcome = { ack: number; samples: number; rejected: Rejection[] } | { withheld: unknown };

export interface MqttIngestDeps {
  config: Config;
  registry: () => Registry;
  ingest: Ingest;
  log: MqttIngestLog;
}

export class MqttIngest {
  readonly #deps: MqttIngestDeps;
  readonly #filters: string[];
  #client: MqttClient | null = null;
  #subscribed = false;
  #stopping = false;
  /** The message being handled: stop waits for its commit and acknowledgement. */
  #handling: Promise<unknown> = Promise.resolve();
  #redelivery: NodeJS.Timeout | null = null;
  #redeliveryMs = REDELIVERY_FIRST_MS;
  #logged = { minute: 0, count: 0, skipped: 0 };
  #lastError = '';

  constructor(deps: MqttIngestDeps) {
    this.#deps = deps;
    const { shareGroup, topicPrefix } = deps.config.mqtt;
    this.#filters = [`$share/${shareGroup}/${topicPrefix}/+/+/+`, `$share/${shareGroup}/${topicPrefix}/+/batch`];
  }

  /** Connected and subscribed: messages published now reach this node's group. */
  get connected(): boolean {
    return this.#subscribed && this.#client?.connected === true;
  }

  /** Connects in the background (and again after any loss): the hub starts whether the broker is up or not. */
  start(): void {
    const { config, log } = this.#deps;
    const { url, username, password, shareGroup, topicPrefix } = config.mqtt;
    const client = mqtt.connect(url as string, {
      protocolVersion: 5,
      // One session per node that outlives a restart: NODE_ID must be unique in the group and stable.
      clientId: `voltscope-${topicPrefix}-${shareGroup}-${config.cluster.nodeId}`.slice(0, 128),
      clean: false,
      reconnectPeriod: 2000,
      ...(username ? { username } : {}),
      ...(password ? { password } : {}),
      properties: {
        sessionExpiryInterval: SESSION_EXPIRY_SECONDS,
        // The broker drops a bigger message rather than sending it: as POST /api/ingest's body limit.
        maximumPacketSize: config.ingestMaxBytes + 64 * 1024,
      },
      customHandleAcks: (topic, message, _packet, done) => {
        const handled = this.#handle(topic, message).then(
          (outcome) => done('withheld' in outcome ? new Withheld() : outcome.ack),
          (error: unknown) => {
            // A fault of ours, not the store's: sent again it would fail again, so it is not.
            this.#refused(topic, 'message not handled', { err: error });
            done(ACK.unspecified);
          },
        );
        this.#handling = handled;
      },
    });
    this.#client = client;
    client.on('connect', () => {
      this.#lastError = '';
      client.subscribe(this.#filters, { qos: 1 }, (error) => {
        if (error) log.warn({ err: error, filters: this.#filters }, 'MQTT subscription refused');
        else {
          this.#subscribed = true;
          log.info({ url, shareGroup, filters: this.#filters }, 'MQTT ingest subscribed');
        }
      });
    });
    client.on('close', () => {
      this.#subscribed = false;
    });
    // QoS 0 messages have no acknowledgement: handled alike, lost if the store fails (the sender's choice).
    client.on('message', (topic, message, packet) => {
      if (packet.qos !== 0) return;
      this.#handle(topic, message, 0).catch((error: unknown) =>
        this.#refused(topic, 'message not handled', { err: error }),
      );
    });
    client.on('error', (error) => {
      if (error instanceof Withheld || error.message === this.#lastError) return;
      this.#lastError = error.message;
      log.warn({ err: error, url }, 'MQTT ingest connection failed');
    });
  }

  /** Leaves the group (nothing more is sent here), finishes the message in hand, then disconnects. */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#redelivery) clearTimeout(this.#redelivery);
    const client = this.#client;
    if (!client) return;
    if (client.connected) {
      await within(client.unsubscribeAsync(this.#filters), STOP_WAIT_MS, 'no UNSUBACK').catch(() => {});
    }
    await this.#handling;
    await within(client.endAsync(false), STOP_WAIT_MS, 'no clean disconnection').catch(() => client.endAsync(true));
    this.#subscribed = false;
  }

  /** `qos`: 0 for a message the broker will not send again, whatever happens to it here. */
  async #handle(topicName: string, payload: Buffer, qos = 1): Promise<Outcome> {
    const outcome = await this.#ingest(topicName, payload);
    if ('withheld' in outcome) {
      const what = qos > 0 ? 'not committed: left unacknowledged for redelivery' : 'not committed (QoS 0: lost)';
      this.#refused(topicName, what, { err: outcome.withheld });
      if (qos > 0) this.#redeliverLater();
      return outcome;
    }
    this.#redeliveryMs = REDELIVERY_FIRST_MS;
    this.#deps.ingest.counters.rejected += outcome.rejected.length;
    if (outcome.rejected.length > 0) {
      this.#refused(topicName, outcome.ack === ACK.success ? 'samples refused' : 'message refused', {
        stored: outcome.samples,
        rejected: outcome.rejected.length,
        reasons: outcome.rejected.slice(0, 5),
      });
    }
    return outcome;
  }

  async #ingest(topicName: string, payload: Buffer): Promise<Outcome> {
    const { config, registry, ingest } = this.#deps;
    const topic = parseTopic(config.mqtt.topicPrefix, topicName);
    const refuse = (ack: number, reason: string): Outcome => ({ ack, samples: 0, rejected: [{ index: 0, reason }] });
    if (!topic) return refuse(ACK.topicNameInvalid, 'not an ingest topic');
    const now = Date.now();
    let samples: unknown[];
    if (topic.kind === 'sample') {
      const series = seriesOfTopic(registry(), topic);
      if (series === null) return refuse(ACK.topicNameInvalid, 'unknown site, device or key');
      const sample = parseSample(payload, now);
      samples = [sample ? { series, ...sample } : MALFORMED];
    } else {
      try {
        samples = await parseBatch(payload, {
          maxBytes: config.ingestMaxBytes,
          maxLineBytes: config.ingestMaxLineBytes,
        });
      } catch (error) {
        return refuse(ACK.payloadFormatInvalid, error instanceof Error ? error.message : 'unreadable');
      }
    }
    const { batch, rejected } = validateSamples(registry(), samples, {
      now,
      maxFutureMs: MAX_FUTURE_MS,
      oldest: config.retentionSeconds.raw === null ? 0 : now - config.retentionSeconds.raw * 1000,
      // As a site's ingest key: a site's topics carry that site's series only.
      siteId: topic.site,
    });
    if (batch.series.length === 0) {
      return { ack: rejected.length > 0 ? ACK.payloadFormatInvalid : ACK.success, samples: 0, rejected };
    }
    try {
      await within(ingest.accept(batch), COMMIT_WAIT_MS, `no commit within ${COMMIT_WAIT_MS} ms`);
    } catch (error) {
      return { withheld: error };
    }
    return { ack: ACK.success, samples: batch.series.length, rejected };
  }

  /** Renews the connection after a pause, so that the broker sends the unacknowledged messages again. */
  #redeliverLater(): void {
    if (this.#redelivery || this.#stopping) return;
    const delay = this.#redeliveryMs;
    this.#redeliveryMs = Math.min(REDELIVERY_MOST_MS, delay * 2);
    this.#redelivery = setTimeout(() => {
      this.#redelivery = null;
      const client = this.#client;
      if (this.#stopping || !client) return;
      // The session outlives the DISCONNECT (clean: false, an expiry interval): its messages wait for us.
      client.end(false, () => {
        if (!this.#stopping) client.reconnect();
      });
    }, delay);
  }

  #refused(topic: string, message: string, details: object): void {
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== this.#logged.minute) this.#logged = { minute, count: 0, skipped: this.#logged.skipped };
    if (++this.#logged.count > LOGGED_PER_MINUTE) {
      this.#logged.skipped++;
      return;
    }
    this.#deps.log.warn({ topic, ...details, unloggedBefore: this.#logged.skipped }, `MQTT ingest: ${message}`);
    this.#logged.skipped = 0;
  }
}
