// The live simulator stamps each step with the moment it makes it. Before its first live step the hub runs
// the plants from local midnight (the day counters), which takes tens to hundreds of ms, seconds on a slow
// machine: the live clock starts after that run, so no live sample is stamped before it was made.
import type { SubscribeResult } from '@voltscope/shared/events';
import { decodeFrame, frameKinds } from '@voltscope/shared/frames';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { FleetSimulator } from '../../src/simulator/simulator.ts';
import { demo, nextEvent, startTestServer, type TestServer } from '../helper.ts';

/** How long the counters' run is made to take here. */
const COUNTERS_MS = 3000;

let server: TestServer;
let token: string;
beforeAll(async () => {
  const countersAt = FleetSimulator.prototype.countersAt;
  vi.spyOn(FleetSimulator.prototype, 'countersAt').mockImplementation(function (this: FleetSimulator, ...args) {
    const counters = countersAt.apply(this, args);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, COUNTERS_MS);
    return counters;
  });
  server = await startTestServer({
    simulator: {
      enabled: true,
      seed: 9,
      warp: 1,
      faultRate: 0,
      periodMs: 1000,
      backfillDays: 0,
      backfillStepSeconds: 900,
    },
  });
  token = (await server.login(demo.operator.email, demo.operator.password)).accessToken;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
});

it('stamps live samples when they are made, not when the hub began its start', async () => {
  const socket = server.connect(token);
  await nextEvent(socket, 'connect');
  const ages: number[] = [];
  socket.on('live:frame', (_site, bytes) => {
    const frame = decodeFrame(bytes);
    if (frame.kind !== frameKinds.live) return;
    const received = Date.now();
    for (const ts of frame.ts) ages.push(received - ts);
  });
  const ack = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: [{ id: 'fr-occitanie' }] });
  const granted = 'data' in ack ? (ack.data as SubscribeResult).granted : [];
  expect(granted.map((g) => g.siteId)).toEqual(['fr-occitanie']);
  await expect.poll(() => ages.length, { timeout: 10_000 }).toBeGreaterThan(0);
  // Stamped from the clock before the counters' run, every sample would arrive at least COUNTERS_MS old.
  expect(Math.max(...ages)).toBeLessThan(COUNTERS_MS / 2);
  socket.disconnect();
});
