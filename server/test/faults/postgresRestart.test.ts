// Fault matrix (RELIABILITY.md): the PostgreSQL under the hub stops and starts again while samples come
// in. A private instance (initdb into a temporary folder, on a free port) so that the machine's shared
// server, which other tests use meanwhile, is never touched. While it is down the ingest answers 503
// with Retry-After and /api/health 503; once it is back both recover without a restart of the hub, and
// every acknowledged sample is stored (I1), in the rollups too.
import { execFileSync } from 'node:child_process';
import { globSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helper.ts';
import { freePort } from '../ports.ts';
import { batchOf } from '../stores.ts';
import { ingestSteadily, newRecord, type Sample } from './childHub.ts';

const SERIES = 'fr-occitanie.inv01/ac_power';
const bin = globSync('/usr/lib/postgresql/*/bin').sort().at(-1) ?? '';
const asRoot = process.getuid?.() === 0;

let dir = '';
let port = 0;
let server: TestServer | undefined;
let sql: postgres.Sql | undefined;

/** Runs a PostgreSQL tool as the postgres user (initdb refuses root). */
function pg(tool: string, args: string[]): void {
  const [command, all] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
    : [path.join(bin, tool), args];
  execFileSync(command as string, all as string[], { stdio: 'pipe' });
}
const ctl = (action: 'start' | 'stop') =>
  pg('pg_ctl', [
    '-D',
    path.join(dir, 'data'),
    '-w',
    '-l',
    path.join(dir, 'log'),
    ...(action === 'start' ? ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`] : ['-m', 'fast']),
    action,
  ]);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'voltscope-pgrestart-'));
  if (asRoot)
    await chown(dir, Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres'])));
  pg('initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  port = await freePort();
  ctl('start');
}, 60_000);
afterAll(async () => {
  await server?.close();
  await sql?.end();
  try {
    ctl('stop');
  } catch {}
  await rm(dir, { recursive: true, force: true });
}, 30_000);

describe('PostgreSQL restarted under the hub', () => {
  it('answers 503 while it is down, recovers when it is back, and loses nothing acknowledged', async () => {
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    server = await startTestServer({ databaseUrl: url });
    const hub = server;
    const record = newRecord();
    let stop = false;
    const sender = ingestSteadily(hub.url, SERIES, { batchSize: 100, until: () => stop, record });
    const waitFor = async (what: string, done: () => boolean) => {
      for (let i = 0; i < 1000 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
      if (!done()) throw new Error(`never ${what}`);
    };

    await waitFor('acknowledged 1,000 samples', () => record.acknowledged.length >= 1000);
    // A sample in a minute of its own, committed just before the stop (nothing runs between the two): its
    // minute is still to be rolled up when the database goes away.
    const id = hub.app.services.registry.seriesIdByKey(SERIES) as number;
    await hub.app.services.telemetry.write(batchOf([[id, Date.now() - 7_200_000, 42]]));
    ctl('stop');
    const ackedBefore = record.acknowledged.length;
    await waitFor('refused three batches', () => record.refusals.length >= 3);
    const down = await hub.request('GET', '/api/health');
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'degraded', store: { ok: false, driver: 'postgres' } });
    // The rollup catch-up runs on its clock while the database is away (as here): it fails, and must not
    // forget the minutes it had to do.
    await hub.app.services.telemetry.flushRollups().catch(() => {});

    ctl('start');
    const refusedWhileDown = record.refusals.length;
    await waitFor('acknowledged again', () => record.acknowledged.length > ackedBefore + 500);
    stop = true;
    await sender;
    console.log(
      `PostgreSQL restart: ${record.acknowledged.length} samples acknowledged, ${refusedWhileDown} batches refused while down`,
    );
    for (const refusal of record.refusals) {
      expect(refusal.status).toBe(503);
      expect(refusal.retryAfter).toMatch(/^\d+$/);
      expect(JSON.parse(refusal.body)).toMatchObject({ code: 'UNAVAILABLE' });
    }
    expect((await hub.request('GET', '/api/health')).status).toBe(200);

    await hub.app.services.telemetry.flushRollups();
    sql = postgres(url, { max: 1, onnotice: () => {} });
    const rows = await sql<{ ts: string; value: number }[]>`SELECT ts, value FROM samples WHERE series_id = ${id}`;
    const stored = new Map(rows.map((r) => [Number(r.ts), Number(r.value)]));
    const lost = record.acknowledged.filter((s: Sample) => stored.get(s.ts) !== s.value);
    expect(lost).toEqual([]);
    const [rollup] = await sql<{ n: string }[]>`SELECT sum(count_value) AS n FROM rollup_1m WHERE series_id = ${id}`;
    expect(Number(rollup?.n)).toBe(stored.size);
  });
});
