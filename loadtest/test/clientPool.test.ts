// The benches' client pool against a real hub: every 19th client a probe, all of them following their
// sites, every live frame reaching probes and load alike, the probes' latencies reported apart.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demo, startTestServer, type TestServer } from '../../server/test/helper.ts';
import { ClientPool, isProbe } from '../bench/clientPool.ts';

const CLIENTS = 40;
const SITE = 'fr-occitanie';

let server: TestServer;
let pool: ClientPool | null = null;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await pool?.terminate();
  await server.close();
});

it('connects probes among the load, and reports their latencies beside every client’s', async () => {
  const { accessToken } = await server.login(demo.admin.email, demo.admin.password);
  pool = await ClientPool.open(
    server.url,
    accessToken,
    Array.from({ length: CLIENTS }, () => [SITE]),
  );
  const room = server.app.services.io.sockets.adapter.rooms.get(`site:${SITE}`);
  expect(room?.size).toBe(CLIENTS);

  pool.measure();
  const series = `${SITE}.inv01/ac_power`;
  for (let i = 0; i < 5; i++) {
    await server.ingest([{ series, ts: Date.now(), value: i }]);
    await new Promise((r) => setTimeout(r, 150));
  }
  // The load runs at the lowest priority: on a busy machine it reads its frames late, and a report
  // (after the first, the same window read again) waits for it.
  let report = await pool.report();
  for (let i = 0; i < 30 && report.all.samples < 5 * CLIENTS; i++) report = await pool.report();
  const { probes, all } = report;
  await pool.close();
  pool = null;

  const probeCount = Array.from({ length: CLIENTS }, (_, i) => i).filter(isProbe).length;
  expect(probeCount).toBe(3);
  expect(probes.clients).toBe(probeCount);
  expect(all.clients).toBe(CLIENTS);
  // Every sample to every client, counted once.
  expect(probes.samples).toBe(5 * probeCount);
  expect(all.samples).toBe(5 * CLIENTS);
  expect(probes.latencies.length).toBeGreaterThan(0);
  expect(all.latencies.length).toBeGreaterThan(probes.latencies.length);
  for (const latency of all.latencies) expect(latency).toBeGreaterThanOrEqual(0);
  // The load's workers at the lowest priority beside a busy test worker: 12 s seen with both cores spinning.
}, 60_000);
