// Live frames written straight to a WebSocket's TCP connection (realtime/wire.ts) reach a standard
// socket.io-client as ordinary `live:frame` events, after the snapshot the socket got on subscribe and
// in order; a client that cannot be written that way (long-polling, permessage-deflate) gets the same
// frames through Socket.IO.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Device, Series } from '@voltscope/shared/fleet';
import { decodeFrame, type Frame, frameKinds } from '@voltscope/shared/frames';
import { Server, type ServerOptions } from 'socket.io';
import { io as connect, type ManagerOptions } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { Registry } from '../../src/fleet/registry.ts';
import { LatestValues } from '../../src/live/latest.ts';
import { SeriesRings } from '../../src/live/rings.ts';
import { Fanout } from '../../src/realtime/fanout.ts';
import type { Io } from '../../src/realtime/types.ts';

const SITES = ['north', 'south'];
const SERIES_PER_SITE = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A bare Socket.IO server with the hub's fan-out over two sites, fed every 50 ms, and one client on both. */
async function hubWith(serverOptions: Partial<ServerOptions>, clientOptions: Partial<ManagerOptions>) {
  const devices: Device[] = [];
  const series: Series[] = [];
  for (const siteId of SITES) {
    const device: Device = {
      ...{ id: `${siteId}.inv`, siteId, type: 'inverter', name: 'Inverter', model: 'test', ratedKw: 100 },
      ...{ protocol: 'test', address: '', parentId: null, state: 'online', lastSeen: null },
    };
    devices.push(device);
    for (let k = 0; k < SERIES_PER_SITE; k++) {
      series.push({
        ...{ id: series.length + 1, deviceId: device.id, key: `ac_power:${k}`, metric: 'ac_power', unit: 'kW' },
        ...{ scale: 1, min: 0, max: 1e6, periodMs: 1000 },
      });
    }
  }
  const registry = new Registry(devices, series);
  const rings = new SeriesRings(600);
  const latest = new LatestValues(series.length + 1);
  const http = createServer();
  const io: Io = new Server(http, { serveClient: false, ...serverOptions });
  const fanout = new Fanout(io, () => registry, rings, latest, {
    ...{ frameMs: 50, logMs: 60_000, snapshotMs: 300_000, snapshotMaxBytes: 256 * 1024 },
    ...{ slowBytes: 256 * 1024, dropBytes: 4 * 1024 * 1024, bulkBytes: 8 * 1024 * 1024, log: { warn() {} } },
  });
  io.on('connection', (socket) => {
    for (const siteId of SITES) fanout.open(socket, siteId, {});
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  fanout.start();
  let tick = 0;
  const feed = setInterval(() => {
    const now = Date.now();
    tick++;
    const batch = {
      series: Int32Array.from(series, (s) => s.id),
      ts: new Float64Array(series.length).fill(now),
      values: Float64Array.from(series, (s) => s.id * 1000 + tick),
    };
    rings.add(batch);
    latest.update(batch);
    fanout.accept(batch);
  }, 50);
  const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
    forceNew: true,
    reconnection: false,
    ...clientOptions,
  });
  const frames: { siteId: string; frame: Frame }[] = [];
  client.on('live:frame', (siteId: string, bytes: ArrayBuffer) => frames.push({ siteId, frame: decodeFrame(bytes) }));
  return {
    fanout,
    frames,
    client,
    async close() {
      clearInterval(feed);
      fanout.stop();
      client.disconnect();
      await new Promise((resolve) => io.close(resolve));
    },
  };
}

/** Per site: one snapshot first, then live frames numbered on from it without a gap, with whole samples. */
function expectSnapshotThenRun(frames: { siteId: string; frame: Frame }[]) {
  for (const siteId of SITES) {
    const own = frames.filter((f) => f.siteId === siteId).map((f) => f.frame);
    expect(own[0]?.kind, siteId).toBe(frameKinds.snapshot);
    const live = own.slice(1);
    expect(
      live.every((f) => f.kind === frameKinds.live),
      siteId,
    ).toBe(true);
    expect(live.length, siteId).toBeGreaterThanOrEqual(10);
    expect(
      live.map((f) => f.seq),
      siteId,
    ).toEqual(live.map((_, i) => (own[0] as Frame).seq + 1 + i));
    for (const f of live) expect(f.series.length % SERIES_PER_SITE, siteId).toBe(0);
  }
}

describe('live frames written straight to the connection', () => {
  it('reach a WebSocket client as live:frame events, in order after its snapshot', async () => {
    const hub = await hubWith({}, { transports: ['websocket'] });
    try {
      await sleep(1500);
      expectSnapshotThenRun(hub.frames);
      // Nearly all of them bypassed Socket.IO's per-socket encoding (the first may follow the snapshot
      // before its write completed, and go through Socket.IO).
      const { deliveries, directDeliveries } = hub.fanout.counters;
      expect(directDeliveries).toBeGreaterThan(deliveries / 2);
    } finally {
      await hub.close();
    }
  });

  it('go through Socket.IO to a long-polling client, in the same order', async () => {
    const hub = await hubWith({}, { transports: ['polling'] });
    try {
      await sleep(1500);
      expectSnapshotThenRun(hub.frames);
      expect(hub.fanout.counters.directDeliveries).toBe(0);
    } finally {
      await hub.close();
    }
  });

  it('go through Socket.IO when permessage-deflate is on, in the same order', async () => {
    const hub = await hubWith({ perMessageDeflate: { threshold: 0 } }, { transports: ['websocket'] });
    try {
      await sleep(1500);
      expectSnapshotThenRun(hub.frames);
      expect(hub.fanout.counters.directDeliveries).toBe(0);
    } finally {
      await hub.close();
    }
  });

  it('keep their order for a client that starts on polling and upgrades to WebSocket', async () => {
    const hub = await hubWith({}, { transports: ['polling', 'websocket'] });
    try {
      const end = Date.now() + 5000;
      while (hub.client.io.engine?.transport.name !== 'websocket' && Date.now() < end) await sleep(20);
      expect(hub.client.io.engine.transport.name).toBe('websocket');
      await sleep(1000);
      expectSnapshotThenRun(hub.frames);
      expect(hub.fanout.counters.directDeliveries).toBeGreaterThan(0);
    } finally {
      await hub.close();
    }
  });
});
