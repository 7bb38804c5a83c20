import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeFrame, frameKinds } from '@voltscope/shared/frames';
import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { demo, nextEvent, startTestServer, type TestServer } from '../helper.ts';

const SITE = 'es-tarifa';

it("carries a day's energy counters over a restart of the hub, instead of starting again at zero", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-restart-'));
  const before = await startTestServer({ dataDir });
  await before.ingest([
    { series: 'es-tarifa.wtg01/energy_today', ts: Date.now() - 5000, value: 5000 },
    { series: 'es-tarifa.meter/energy_today', ts: Date.now() - 5000, value: 61_000 },
  ]);
  await before.close();

  const simulator = { ...loadConfig({}).simulator, enabled: true, backfillDays: 0, faultRate: 0 };
  const after = await startTestServer({ dataDir, simulator });
  const { registry, latest } = after.app.services;
  const read = (key: string) => latest.get(registry.seriesIdByKey(key) as number);
  const started = Date.now();
  while ((read('es-tarifa.wtg01/energy_today')?.ts ?? 0) < started && Date.now() - started < 10_000) {
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(read('es-tarifa.wtg01/energy_today')?.value).toBeGreaterThanOrEqual(5000);
  expect(read('es-tarifa.meter/energy_today')?.value).toBeGreaterThanOrEqual(61_000);
  await after.close();
  await rm(dataDir, { recursive: true, force: true });
});

it("carries a warped clock on over a restart: the first live frame follows on from the last run's newest sample", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-restart-'));
  // An hour of simulated time a wall-clock second: a second's run leaves the store half an hour ahead or more.
  const simulator = {
    ...loadConfig({}).simulator,
    enabled: true,
    backfillDays: 0,
    faultRate: 0,
    warp: 3600,
    periodMs: 60_000,
  };
  const series = (server: TestServer) =>
    server.app.services.registry.seriesIdByKey(`${SITE}.meter/active_power`) as number;
  const before = await startTestServer({ dataDir, simulator });
  const started = Date.now();
  const newest = () => before.app.services.latest.get(series(before))?.ts ?? 0;
  while (newest() < started + 30 * 60_000) await new Promise((r) => setTimeout(r, 50));
  await before.close();
  const left = newest();

  const after = await startTestServer({ dataDir, simulator });
  const { accessToken } = await after.login(demo.operator.email, demo.operator.password);
  const socket = after.connect(accessToken);
  const times: number[] = [];
  socket.on('live:frame', (siteId, bytes) => {
    const frame = decodeFrame(bytes);
    if (siteId === SITE && frame.kind === frameKinds.live) times.push(...frame.ts);
  });
  await nextEvent(socket, 'connect');
  await socket.timeout(5000).emitWithAck('live:subscribe', { sites: [{ id: SITE }] });
  const waited = Date.now();
  while (times.length === 0 && Date.now() - waited < 10_000) await new Promise((r) => setTimeout(r, 20));
  // Going back to the wall clock would have sent samples older than the ones the pages already hold.
  expect(Math.min(...times)).toBeGreaterThan(left);
  socket.disconnect();
  await after.close();
  await rm(dataDir, { recursive: true, force: true });
});
