// Live frames written straight to a WebSocket's TCP connection (realtime/wire.ts) reach a standard
// socket.io-client as ordinary `live:frame` events, after the snapshot the socket got on subscribe and
// in order; a client that cannot be written that way (long-polling, permessage-deflate) gets the same
// frames through Socket.IO.
import { decodeFrame, type Frame, frameKinds } from '@voltscope/shared/frames';
import type { ServerOptions } from 'socket.io';
import type { ManagerOptions } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { syntheticFanout } from './syntheticFanout.ts';

const SITES = ['north', 'south'];
const SERIES_PER_SITE = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The hub's fan-out over two sites, fed every 50 ms, and one client on both. */
async function hubWith(serverOptions: Partial<ServerOptions>, clientOptions: Partial<ManagerOptions>) {
  const hub = await syntheticFanout({
    sites: SITES,
    seriesPerSite: SERIES_PER_SITE,
    frameMs: 50,
    serverOptions,
    clientOptions,
  });
  const frames: { siteId: string; frame: Frame }[] = [];
  hub.client.on('live:frame', (siteId: string, bytes: ArrayBuffer) =>
    frames.push({ siteId, frame: decodeFrame(bytes) }),
  );
  return { ...hub, frames };
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

  it.each([
    ['to a long-polling client', {}, { transports: ['polling'] }],
    ['when permessage-deflate is on', { perMessageDeflate: { threshold: 0 } }, { transports: ['websocket'] }],
  ] as const)('go through Socket.IO %s, in the same order', async (_, serverOptions, clientOptions) => {
    const hub = await hubWith(serverOptions, { transports: [...clientOptions.transports] });
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
