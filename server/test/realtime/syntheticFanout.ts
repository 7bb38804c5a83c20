// A bare Socket.IO server with the hub's fan-out over synthetic sites (one inverter of `seriesPerSite`
// power series each), every series fed once a frame window, and one socket.io-client following every site:
// the fan-out's own tests, without a store, ingest or sessions.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Device, Series } from '@voltscope/shared/fleet';
import { Server, type ServerOptions } from 'socket.io';
import { io as connect, type ManagerOptions, type Socket } from 'socket.io-client';
import { Registry } from '../../src/fleet/registry.ts';
import { LatestValues } from '../../src/live/latest.ts';
import { SeriesRings } from '../../src/live/rings.ts';
import { Fanout } from '../../src/realtime/fanout.ts';
import type { Io } from '../../src/realtime/types.ts';

export interface SyntheticFanoutOptions {
  sites: readonly string[];
  seriesPerSite: number;
  frameMs: number;
  serverOptions?: Partial<ServerOptions>;
  clientOptions?: Partial<ManagerOptions>;
}

export async function syntheticFanout(options: SyntheticFanoutOptions) {
  const { sites, seriesPerSite, frameMs } = options;
  const devices: Device[] = [];
  const series: Series[] = [];
  for (const siteId of sites) {
    const device: Device = {
      ...{ id: `${siteId}.inv`, siteId, type: 'inverter', name: 'Inverter', model: 'test', ratedKw: 100 },
      ...{ protocol: 'test', address: '', parentId: null, state: 'online', lastSeen: null },
    };
    devices.push(device);
    for (let k = 0; k < seriesPerSite; k++) {
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
  const io: Io = new Server(http, { serveClient: false, ...options.serverOptions });
  const fanout = new Fanout(io, () => registry, rings, latest, {
    ...{ frameMs, logMs: 60_000, snapshotMs: 300_000, snapshotMaxBytes: 256 * 1024 },
    ...{ slowBytes: 256 * 1024, dropBytes: 4 * 1024 * 1024, bulkBytes: 8 * 1024 * 1024, log: { warn() {} } },
  });
  io.on('connection', (socket) => {
    for (const siteId of sites) fanout.open(socket, siteId, {});
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  fanout.start();
  // Every series once a window, each tick's values distinct: a frame per site in every tick.
  let tick = 0;
  const feed = setInterval(() => {
    tick++;
    const batch = {
      series: Int32Array.from(series, (s) => s.id),
      ts: new Float64Array(series.length).fill(Date.now()),
      values: Float64Array.from(series, (s) => s.id * 1000 + tick),
    };
    rings.add(batch);
    latest.update(batch);
    fanout.accept(batch);
  }, frameMs);
  const client: Socket = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
    forceNew: true,
    reconnection: false,
    ...options.clientOptions,
  });
  return {
    fanout,
    client,
    async close() {
      clearInterval(feed);
      fanout.stop();
      client.disconnect();
      await new Promise((resolve) => io.close(resolve));
    },
  };
}
