import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startTestServer } from '../helper.ts';

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
