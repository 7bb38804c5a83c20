// The fan-out benchmark's bare Socket.IO hubs, fed the same stream as the real one: `naive` emits one
// event per sample to the site's room, `broadcast` gathers samples per site and every window emits one
// encoded frame per site to its room. The stream is the benchmark's generator (one site) or the demo
// fleet's simulator (every site, one step a second), run here as the real hub runs it.
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { demoPlants, demoSites } from '../../server/src/demo/fleet.ts';
import { buildFleet } from '../../server/src/fleet/build.ts';
import { Registry } from '../../server/src/fleet/registry.ts';
import { FleetSimulator } from '../../server/src/simulator/simulator.ts';
import { encodeFrame, frameKinds } from '../../shared/src/frames.ts';

export type Source = 'generator' | 'simulator';

/** What the hub process drives and reads, whichever hub it runs. */
export interface BenchHub {
  port: number;
  /** The sites the stream covers, sorted. */
  sites: string[];
  /** Ingests `count` generated samples stamped `now` (the generator source; a no-op for the simulator). */
  generate(now: number, count: number): void;
  deliveries(): number;
  skipped(): number;
  /** Bytes written to the open connections' TCP sockets so far (frames as sent: framed, maybe deflated). */
  wireBytes(): number;
  close(): Promise<void>;
}

/** The generator's site, and the simulator settings the real hub uses by default (SIM_SEED, SIM_FAULT_RATE). */
export const GENERATOR_SITE = 'ma-ouarzazate';
export const SIMULATOR_OPTIONS = { seed: 1, warp: 1, faults: { scale: 1 } } as const;
const WINDOW_MS = 100;

/** The demo fleet and its registry, with the ids the store gives its series (1..n in this order), as a real hub's. */
export function demoRegistry() {
  const fleet = buildFleet(demoPlants);
  return {
    fleet,
    registry: new Registry(
      fleet.devices,
      fleet.series.map((s, i) => ({ ...s, id: i + 1 })),
    ),
  };
}
const GENERATOR_SERIES = 1600;

interface Pending {
  series: number[];
  ts: number[];
  values: number[];
}

/** permessage-deflate as Engine.IO turns it on (`perMessageDeflate: true`: messages of 1 KB or more). */
export const DEFLATE = { threshold: 1024 };

/** What every open Engine.IO connection has written to its TCP socket. */
export function wireBytesOf(io: Server): number {
  const { clients } = io.engine as unknown as {
    clients: Record<string, { transport?: { socket?: { _socket?: { bytesWritten?: number } } } }>;
  };
  let bytes = 0;
  for (const client of Object.values(clients)) bytes += client.transport?.socket?._socket?.bytesWritten ?? 0;
  return bytes;
}

export async function bareHub(mode: 'naive' | 'broadcast', source: Source, deflate = false): Promise<BenchHub> {
  if (mode === 'naive' && source !== 'generator') throw new Error('the naive hub cannot carry the fleet');
  const http = createServer();
  const io = new Server(http, { serveClient: false, ...(deflate ? { perMessageDeflate: DEFLATE } : {}) });
  io.on('connection', (socket) => {
    socket.on('live:subscribe', (request: { sites: { id: string }[] }, ack: (r: unknown) => void) => {
      const ids = request.sites.map((s) => s.id);
      void socket.join(ids);
      const granted = ids.map((siteId) => ({ siteId, seq: 0, via: 'snapshot', gap: null }));
      ack({ data: { granted, refused: [] } });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));

  let delivered = 0;
  const members = (site: string) => io.sockets.adapter.rooms.get(site)?.size ?? 0;
  const pending = new Map<string, Pending>();
  const add = (site: string, id: number, ts: number, value: number) => {
    let columns = pending.get(site);
    if (!columns) {
      columns = { series: [], ts: [], values: [] };
      pending.set(site, columns);
    }
    columns.series.push(id);
    columns.ts.push(ts);
    columns.values.push(value);
  };
  let seq = 0;
  const flush = () => {
    for (const [site, columns] of pending) {
      io.to(site).emit(
        'live:frame',
        site,
        encodeFrame(frameKinds.live, ++seq, columns.series, columns.ts, columns.values),
      );
      delivered += members(site);
    }
    pending.clear();
  };
  const window = mode === 'broadcast' ? setInterval(flush, WINDOW_MS) : null;

  let sites: string[];
  let generate: BenchHub['generate'] = () => {};
  let stopSource = () => {};
  if (source === 'generator') {
    sites = [GENERATOR_SITE];
    generate = (now, count) => {
      for (let i = 0; i < count; i++) {
        const id = (i % GENERATOR_SERIES) + 1;
        if (mode === 'broadcast') add(GENERATOR_SITE, id, now, i);
        else {
          io.to(GENERATOR_SITE).emit('sample', id, now, i);
          delivered += members(GENERATOR_SITE);
        }
      }
    };
  } else {
    const { fleet, registry } = demoRegistry();
    sites = [...new Set(fleet.devices.map((d) => d.siteId))].sort();
    const simulator = new FleetSimulator(registry, demoSites, demoPlants, SIMULATOR_OPTIONS);
    simulator.start((batch) => {
      for (let i = 0; i < batch.series.length; i++) {
        const id = batch.series[i] as number;
        const site = registry.siteOfSeries(id);
        if (site !== undefined) add(site, id, batch.ts[i] as number, batch.values[i] as number);
      }
    }, Date.now());
    stopSource = () => simulator.stop();
  }

  return {
    port: (http.address() as { port: number }).port,
    sites,
    generate,
    deliveries: () => delivered,
    skipped: () => 0,
    wireBytes: () => wireBytesOf(io),
    close: async () => {
      stopSource();
      if (window) clearInterval(window);
      io.close();
    },
  };
}
