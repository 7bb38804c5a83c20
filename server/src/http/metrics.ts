// GET /metrics in Prometheus text format: sockets, subscriptions, frames and bytes sent, frames skipped
// for slow clients, snapshots by reason, sockets and their unwritten bytes by class, ingest counts and sink errors, store write latency, and Node's own figures (event-loop lag among them).
// It answers the bearer of METRICS_TOKEN, or without one loopback callers only.
import { BlockList } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { forbidden, HttpError } from '../errors.ts';
import { bearerToken } from '../plugins/auth.ts';
import { contract, typed } from './contract.ts';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * A caller on this machine: a loopback address that no proxy relayed (an untrusted proxy on this machine
 * would make every caller look local; a trusted one gives the caller's own address as `request.ip`).
 */
function fromLoopback(request: FastifyRequest, trustProxy: boolean): boolean {
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (relayed && !trustProxy) return false;
  const ip = request.ip.replace(/^::ffff:(?=\d+\.)/, '');
  return loopback.check(ip, ip.includes(':') ? 'ipv6' : 'ipv4');
}

export async function metricsRoutes(app: FastifyInstance) {
  // A registry per app: tests build several apps in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const { ingest, io, fanout } = app.services;

  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  /** A counter mirrored from a running total kept by the hot path (which increments plain numbers). */
  const total = (name: string, help: string, read: () => number) => {
    let seen = 0;
    return new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const now = read();
        this.inc(now - seen);
        seen = now;
      },
    });
  };

  /** A counter per numeric field of a hot-path object (mutated in place), in the order `names` gives. */
  const totalsOf = <C extends object>(
    counters: C,
    names: { [K in keyof C]?: readonly [name: string, help: string] },
  ) => {
    for (const key of Object.keys(names) as (keyof C)[]) {
      const [name, help] = names[key] as readonly [string, string];
      total(name, help, () => counters[key] as number);
    }
  };

  /** Running totals of one family, one label value each. */
  const labelled = (name: string, help: string, label: string, reads: Record<string, () => number>) => {
    const seen = new Map<string, number>();
    return new Counter({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      collect() {
        for (const [value, read] of Object.entries(reads)) {
          const now = read();
          this.inc({ [label]: value }, now - (seen.get(value) ?? 0));
          seen.set(value, now);
        }
      },
    });
  };

  gauge('voltscope_sockets_connected', 'Connected Socket.IO clients', () => io.engine.clientsCount);
  // In a cluster: the live samples relayed through Redis (cluster/sampleRelay.ts), and whether this node leads.
  const { relay, leadership } = app.services;
  if (relay) {
    labelled('voltscope_relay_batches_total', 'Sample batches relayed through Redis, by outcome', 'outcome', {
      published: () => relay.counters.published,
      received: () => relay.counters.received,
      dropped: () => relay.counters.dropped,
      malformed: () => relay.counters.malformed,
    });
    gauge('voltscope_relay_ready', 'Whether the sample relay is subscribed and Redis connected (1) or not (0)', () =>
      relay.ready ? 1 : 0,
    );
  }
  gauge('voltscope_leader', 'Whether this node does the singleton work now (1) or follows (0)', () =>
    leadership.isLeader() ? 1 : 0,
  );
  gauge('voltscope_subscriptions', 'Site subscriptions across all sockets', () => {
    let n = 0;
    for (const [room, members] of io.sockets.adapter.rooms) if (room.startsWith('site:')) n += members.size;
    return n;
  });
  totalsOf(fanout.counters, {
    frames: ['voltscope_frames_sent_total', 'Live frames broadcast (one per room per window)'],
    frameBytes: ['voltscope_frame_bytes_sent_total', 'Bytes of live frames broadcast, counted once per room'],
    deliveries: ['voltscope_frame_deliveries_total', 'Live frames written to sockets'],
    directDeliveries: [
      'voltscope_frame_deliveries_direct_total',
      'Of the live frames written to sockets, those written straight to the WebSocket connection',
    ],
    skipped: ['voltscope_frames_skipped_total', 'Live frames skipped for sockets that had not drained'],
    droppedSlow: ['voltscope_slow_sockets_dropped_total', 'Sockets disconnected for falling too far behind'],
  });
  labelled(
    'voltscope_snapshots_total',
    'Frames sent to one socket instead of the live stream, by reason: subscribe, resume (the missed frames were gone), catch_up (after skipped frames)',
    'reason',
    {
      subscribe: () => fanout.counters.snapshots.subscribe,
      resume: () => fanout.counters.snapshots.resume,
      catch_up: () => fanout.counters.snapshots.catchUp,
    },
  );
  labelled(
    'voltscope_live_bytes_sent_total',
    'Bytes of live:frame payloads written, counted per socket, by kind',
    'kind',
    {
      live: () => fanout.counters.bytes.live,
      snapshot: () => fanout.counters.bytes.snapshot,
      catch_up: () => fanout.counters.bytes.catchUp,
      replay: () => fanout.counters.bytes.replay,
    },
  );
  for (const [name, help, keepingUp, slow] of [
    ['voltscope_live_sockets', 'Subscribed sockets by class, as of the last frame tick', 'keepingUp', 'slow'],
    [
      'voltscope_live_buffered_bytes',
      'Bytes subscribed sockets had left unwritten at the last frame tick (beyond snapshots), by class',
      'keepingUpBacklog',
      'slowBacklog',
    ],
  ] as const) {
    new Gauge({
      name,
      help,
      labelNames: ['class'],
      registers: [registry],
      collect() {
        this.set({ class: 'keeping_up' }, fanout.gauges[keepingUp]);
        this.set({ class: 'slow' }, fanout.gauges[slow]);
      },
    });
  }
  totalsOf(ingest.counters, {
    accepted: ['voltscope_ingest_samples_total', 'Samples accepted by the ingest'],
    inserted: ['voltscope_ingest_inserted_total', 'Samples stored'],
    duplicates: ['voltscope_ingest_duplicates_total', 'Samples already stored (same series and timestamp)'],
    rejected: ['voltscope_ingest_rejected_total', 'Samples refused by validation'],
    busy: ['voltscope_ingest_busy_total', 'Samples refused while the store was too far behind (503: sent again later)'],
  });
  labelled(
    'voltscope_ingest_sink_errors_total',
    'Batches an ingest sink failed (latest, live, alarms: the batch went on; store: not acknowledged)',
    'sink',
    Object.fromEntries(Object.keys(ingest.sinkErrors).map((sink) => [sink, () => ingest.sinkErrors[sink] ?? 0])),
  );
  const writes = new Histogram({
    name: 'voltscope_store_write_seconds',
    help: 'Time from handing a batch to the store to its commit',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  ingest.on('committed', (seconds) => writes.observe(seconds));

  const { metricsToken, trustProxy } = app.services.config;
  typed(app).route({
    ...contract('GET /metrics'),
    config: { public: true },
    handler: async (request, reply) => {
      // Counts only, but still the hub's inner state: a scraper from elsewhere needs the token.
      if (metricsToken && bearerToken(request.headers.authorization) !== metricsToken) {
        throw new HttpError(401, 'UNAUTHENTICATED', 'GET /metrics needs the metrics token (METRICS_TOKEN)');
      }
      if (!metricsToken && !fromLoopback(request, trustProxy)) {
        throw forbidden('GET /metrics answers loopback callers only: set METRICS_TOKEN to scrape it from elsewhere');
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  });
}
