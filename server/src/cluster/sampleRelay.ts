// Live samples across nodes. A batch the ingest accepts on one node is published once to Redis, and
// every other node feeds it to its own live sinks (latest values, rings and fan-out, sample counts,
// 'heard'): each node then encodes each site's frame once for its own sockets, from its own up-to-date
// rings. Samples the store accepted as new go on a second channel, for the alarm engine of the leader.
//
// Plain pub/sub, not a stream: live samples are latest-value-wins, a node that missed some while Redis
// was away is current again with the next ones, and Redis keeps no backlog. Nothing here is awaited on
// the ingest's path: a batch is published and forgotten, and dropped (counted) while Redis is down or
// is not answering, so that the node's own live path never waits for it.
import { randomBytes } from 'node:crypto';
import type { HubLog } from '../hub.ts';
import type { IngestSink } from '../ingest/pipeline.ts';
import type { SampleBatch } from '../store/telemetry/types.ts';
import type { Leadership } from './leadership.ts';
import type { RedisLink } from './redis.ts';
import { decodeRelayed, encodeRelayed, ORIGIN_BYTES, sameOrigin } from './sampleRelayCodec.ts';

/** Publishes Redis has not answered yet past which new batches are dropped (a hung Redis holds no memory). */
const MAX_IN_FLIGHT = 256;
/** A sink failing on relayed batches logs at most once a minute. */
const LOG_EVERY_MS = 60_000;

export interface RelayTargets {
  /** The node's own live sinks, given every batch another node accepted. */
  live: readonly IngestSink[];
  /** The alarm engine's: given, on the leader only, what another node's store accepted as new. */
  stored: IngestSink;
}

export class SampleRelay {
  readonly #link: RedisLink;
  readonly #targets: RelayTargets;
  readonly #leadership: Pick<Leadership, 'isLeader'>;
  readonly #log: HubLog;
  /** This process's id in each message: a node does not feed itself its own batches back. */
  readonly #origin = randomBytes(ORIGIN_BYTES);
  readonly #channels: { live: string; stored: string };
  readonly #logged = new Map<string, number>();
  #inFlight = 0;
  #subscribed = false;
  /** Batches published, received from other nodes, dropped (Redis away or behind), refused as malformed. */
  readonly counters = { published: 0, received: 0, dropped: 0, malformed: 0 };

  /** What the ingest hands its batches to: after the live sinks, and after the store's commit. */
  readonly sinks: readonly IngestSink[] = [
    { name: 'relay', accept: (batch) => this.#publish(this.#channels.live, batch) },
    { name: 'relay stored', stored: true, accept: (batch) => this.#publish(this.#channels.stored, batch) },
  ];

  constructor(link: RedisLink, targets: RelayTargets, leadership: Pick<Leadership, 'isLeader'>, log: HubLog) {
    this.#link = link;
    this.#targets = targets;
    this.#leadership = leadership;
    this.#log = log;
    this.#channels = { live: `${link.prefix}:samples:live`, stored: `${link.prefix}:samples:stored` };
  }

  /** Subscribes (queued until Redis answers; the client subscribes again after each reconnection). */
  start(): void {
    const { live, stored } = this.#channels;
    const { sub } = this.#link;
    void Promise.all([
      sub.subscribe(live, (message: Buffer) => this.#receive(message, this.#targets.live), true),
      sub.subscribe(
        stored,
        (message: Buffer) => {
          if (this.#leadership.isLeader()) this.#receive(message, [this.#targets.stored]);
        },
        true,
      ),
    ]).then(
      () => {
        this.#subscribed = true;
      },
      // Closed before Redis answered: nothing to subscribe to any more.
      () => {},
    );
  }

  /** Whether batches go out and come in now: subscribed, and both connections up. */
  get ready(): boolean {
    return this.#subscribed && this.#link.ready;
  }

  #publish(channel: string, batch: SampleBatch): void {
    if (batch.series.length === 0) return;
    if (!this.#link.pub.isReady || this.#inFlight >= MAX_IN_FLIGHT) {
      this.counters.dropped++;
      return;
    }
    this.#inFlight++;
    this.counters.published++;
    this.#link.pub.publish(channel, encodeRelayed(batch, this.#origin)).then(
      () => this.#inFlight--,
      () => {
        this.#inFlight--;
        this.counters.dropped++;
      },
    );
  }

  #receive(message: Buffer, sinks: readonly IngestSink[]): void {
    const decoded = decodeRelayed(message);
    if (!decoded) {
      this.counters.malformed++;
      return;
    }
    if (sameOrigin(decoded.origin, this.#origin)) return;
    this.counters.received++;
    for (const sink of sinks) {
      try {
        sink.accept(decoded.batch);
      } catch (error) {
        this.#failed(sink.name, error);
      }
    }
  }

  #failed(sink: string, error: unknown): void {
    const now = Date.now();
    if (now - (this.#logged.get(sink) ?? 0) < LOG_EVERY_MS) return;
    this.#logged.set(sink, now);
    this.#log.error({ err: error, sink }, 'a sink failed on samples relayed from another node');
  }
}
