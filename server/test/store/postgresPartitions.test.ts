// PostgreSQL in production shape: samples in day partitions (what the catalog holds after writes,
// retention and the in-place migration of an unpartitioned table), and the pool's settings in force on
// its connections. Each test works in a schema of its own on this machine's server.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/open.ts';
import { AHEAD_DAYS, DAY, partitionName } from '../../src/store/telemetry/postgresPartitions.ts';
import { historySql } from '../../src/store/telemetry/types.ts';
import { batchOf, testDatabaseUrl } from '../stores.ts';

const schemas: string[] = [];
const stores: Store[] = [];

async function open(overrides: Partial<Parameters<typeof openStore>[0]> = {}, schema = newSchema()): Promise<Store> {
  const store = await openStore({
    databaseUrl: testDatabaseUrl,
    databaseSchema: schema,
    dataDir: tmpdir(),
    ...overrides,
  });
  stores.push(store);
  return store;
}

function newSchema(): string {
  const schema = `vs_part_${randomBytes(5).toString('hex')}`;
  schemas.push(schema);
  return schema;
}

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  const admin = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
  for (const schema of schemas.splice(0)) await admin.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
});

/** The partitions of `samples` as the catalog lists them. */
async function partitions(store: Store): Promise<string[]> {
  const rows = await store.db.all<{ name: string }>(
    "SELECT relid::regclass::text AS name FROM pg_partition_tree('samples') WHERE isleaf ORDER BY 1",
  );
  return rows.map((r) => r.name);
}

/** Where each stored sample sits: its partition, by (series, ts). */
async function placement(store: Store): Promise<Map<string, string>> {
  const rows = await store.db.all<{ part: string; series_id: number; ts: number }>(
    'SELECT tableoid::regclass::text AS part, series_id, ts FROM samples',
  );
  return new Map(rows.map((r) => [`${r.series_id}:${Number(r.ts)}`, r.part]));
}

const today = Math.floor(Date.now() / DAY);
/** A few samples on each of the given days (around midday, clear of the day's edges). */
function samplesOn(days: number[]): [number, number, number][] {
  return days.flatMap((day) =>
    [1, 2, 3].flatMap((series) =>
      Array.from({ length: 5 }, (_, i): [number, number, number] => [
        series,
        day * DAY + 12 * 3_600_000 + i * 60_000,
        i,
      ]),
    ),
  );
}

describe('samples partitioned by day on PostgreSQL', () => {
  it("stores samples of several days each in its day's partition, with the next days made ahead", async () => {
    const store = await open();
    const days = [today - 5, today - 4, today - 2, today - 1, today];
    const rows = samplesOn(days);
    expect(await store.telemetry.write(batchOf(rows))).toMatchObject({ inserted: rows.length, duplicates: 0 });

    const where = await placement(store);
    expect(where.size).toBe(rows.length);
    for (const [series, ts] of rows) expect(where.get(`${series}:${ts}`)).toBe(partitionName(Math.floor(ts / DAY)));
    const names = await partitions(store);
    for (const day of [...days, today + 1, today + AHEAD_DAYS]) expect(names).toContain(partitionName(day));
    expect(names).toContain('samples_default');
    expect(names).not.toContain(partitionName(today - 3));
  });

  it('stores a sample for a day far in the past or the future, in the default partition', async () => {
    const store = await open();
    const past = (today - 2000) * DAY + 5_000;
    const future = (today + 40) * DAY + 5_000;
    const result = await store.telemetry.write(
      batchOf([
        [7, past, 1.5],
        [7, future, 2.5],
        [7, today * DAY + 1_000, 3.5],
      ]),
    );
    expect(result).toMatchObject({ inserted: 3, duplicates: 0 });
    const where = await placement(store);
    expect(where.get(`7:${past}`)).toBe('samples_default');
    expect(where.get(`7:${future}`)).toBe('samples_default');
    const history = await store.telemetry.history({ seriesIds: [7], from: past, to: past + 1, maxPoints: 10 });
    expect(history.series[0]?.avg).toEqual([1.5]);
    // A stray is still one sample: sent again, it is a duplicate.
    expect(await store.telemetry.write(batchOf([[7, future, 9]]))).toMatchObject({ inserted: 0, duplicates: 1 });
  });

  it('moves strays out of the default partition when their day is made', async () => {
    const store = await open();
    const ts = (today + AHEAD_DAYS + 1) * DAY + 60_000;
    await store.telemetry.write(batchOf([[4, ts, 1]]));
    expect((await placement(store)).get(`4:${ts}`)).toBe('samples_default');
    // A day later, retention makes the days ahead: that day's partition takes the sample it already had.
    await store.telemetry.prune({ raw: null, '1m': null, '1h': null }, Date.now() + DAY);
    expect((await placement(store)).get(`4:${ts}`)).toBe(partitionName(today + AHEAD_DAYS + 1));
  });

  it('drops whole partitions past retention and keeps every newer sample', async () => {
    const store = await open();
    const rows = samplesOn([today - 6, today - 5, today - 4, today - 3, today - 2, today - 1, today]);
    const stray: [number, number, number] = [1, (today - 900) * DAY, 0];
    await store.telemetry.write(batchOf([...rows, stray]));
    const now = Date.now();
    // The cut-off falls inside the day three days back: that day is trimmed, the older ones dropped.
    const cutoff = (today - 3) * DAY + 12 * 3_600_000 + 2 * 60_000 + 1;
    const kept = rows.filter((r) => r[1] >= cutoff);
    const before = await store.db.get<{ n: number }>('SELECT count(*)::int AS n FROM samples');

    const deleted = await store.telemetry.prune({ raw: now - cutoff, '1m': null, '1h': null }, now);

    const after = await store.db.all<{ series_id: number; ts: number }>('SELECT series_id, ts FROM samples');
    expect(after.map((r) => `${r.series_id}:${Number(r.ts)}`).sort()).toEqual(
      kept.map((r) => `${r[0]}:${r[1]}`).sort(),
    );
    expect(deleted).toBe((before?.n ?? 0) - after.length);
    const names = await partitions(store);
    for (const day of [today - 6, today - 5, today - 4]) {
      expect(names).not.toContain(partitionName(day));
      expect(await store.db.get('SELECT to_regclass(?) AS oid', [partitionName(day)])).toEqual({ oid: null });
    }
    expect(names).toContain(partitionName(today - 3));
  });

  it('leaves a partition that a running query holds for the next run, and drops it then', async () => {
    const schema = newSchema();
    const store = await open({}, schema);
    const rows = samplesOn([today - 4, today]);
    await store.telemetry.write(batchOf(rows));
    const reader = postgres(testDatabaseUrl, {
      max: 1,
      onnotice: () => {},
      connection: { search_path: schemas[0] ?? '' },
    });
    const policy = { raw: 2 * DAY, '1m': null, '1h': null };
    let pruned = -1;
    await reader.begin(async (tx) => {
      await tx`SELECT count(*) FROM samples`;
      pruned = await store.telemetry.prune(policy);
    });
    await reader.end();
    expect(pruned).toBe(0);
    expect(await partitions(store)).toContain(partitionName(today - 4));

    expect(await store.telemetry.prune(policy)).toBe(15);
    expect(await partitions(store)).not.toContain(partitionName(today - 4));
    const left = await store.db.get<{ n: number }>('SELECT count(*)::int AS n FROM samples');
    expect(left?.n).toBe(15);
  });

  it('lets two nodes make the same new days at once, each write stored', async () => {
    const schema = newSchema();
    const [a, b] = [await open({}, schema), await open({}, schema)];
    const days = [today - 10, today - 9, today - 8];
    const rows = samplesOn(days);
    const [ra, rb] = await Promise.all([
      a.telemetry.write(batchOf(rows.filter((r) => r[0] !== 3))),
      b.telemetry.write(batchOf(rows.filter((r) => r[0] === 3))),
    ]);
    expect(ra.inserted + rb.inserted).toBe(rows.length);
    const where = await placement(a);
    for (const [series, ts] of rows) expect(where.get(`${series}:${ts}`)).toBe(partitionName(Math.floor(ts / DAY)));
  });

  it('reads a one-day history from that day’s partition only', async () => {
    const store = await open();
    await store.telemetry.write(batchOf(samplesOn([today - 2, today - 1, today])));
    const from = (today - 1) * DAY;
    const plan = await store.db.all<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${historySql('raw', 2)}`, [
      from,
      60_000,
      1,
      2,
      from,
      from + DAY,
    ]);
    const scanned = new Set(JSON.stringify(plan).match(/samples_[a-z0-9]+/g));
    expect([...scanned]).toEqual([partitionName(today - 1)]);
  });
});

describe('the migration to day partitions', () => {
  it('converts an unpartitioned samples table in place, keeping every row', async () => {
    const schema = newSchema();
    const first = await open({}, schema);
    // The store as it was before migration 20: one plain samples table, holding rows over several days.
    await first.db.run('DROP TABLE samples');
    await first.db.run(`CREATE TABLE samples (
      series_id INTEGER NOT NULL, ts BIGINT NOT NULL, value DOUBLE PRECISION NOT NULL, PRIMARY KEY (series_id, ts))`);
    await first.db.run(
      `INSERT INTO samples SELECT s, CAST(? AS BIGINT) + g * 600000, g FROM generate_series(1, 4) s,
      generate_series(0, 1000) g`,
      [(today - 20) * DAY],
    );
    await first.db.run('INSERT INTO samples VALUES (9, 5000, 1), (9, CAST(? AS BIGINT), 2)', [(today + 300) * DAY]);
    await first.db.run('DELETE FROM schema_migrations WHERE version = 20');
    const before = await first.db.all<{ series_id: number; ts: number; value: number }>(
      'SELECT series_id, ts, value FROM samples ORDER BY series_id, ts',
    );
    await first.close();
    stores.splice(stores.indexOf(first), 1);

    const store = await open({}, schema);
    const after = await store.db.all<{ series_id: number; ts: number; value: number }>(
      'SELECT series_id, ts, value FROM samples ORDER BY series_id, ts',
    );
    expect(after).toEqual(before);
    expect(after.length).toBe(4 * 1001 + 2);
    const where = await placement(store);
    for (const row of after)
      expect(where.get(`${row.series_id}:${row.ts}`)).toBe(partitionName(Math.floor(row.ts / DAY)));
    const kind = await store.db.get<{ relkind: string }>(
      "SELECT relkind FROM pg_class WHERE oid = to_regclass('samples')",
    );
    expect(kind?.relkind).toBe('p');
    expect(await store.db.get("SELECT to_regclass('samples_unpartitioned') AS oid")).toEqual({ oid: null });
    // The primary key still refuses a second copy of a (series, timestamp).
    expect(await store.telemetry.write(batchOf([[1, (today - 20) * DAY, 99]]))).toMatchObject({ duplicates: 1 });
  });
});

describe('nodes starting together', () => {
  it('migrate a new schema once, whichever comes first, and all open', async () => {
    const schema = newSchema();
    const both = await Promise.allSettled([open({}, schema), open({}, schema), open({}, schema)]);
    expect(both.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const store = stores[0] as Store;
    const versions = await store.db.all<{ version: number; n: number }>(
      'SELECT version, count(*)::int AS n FROM schema_migrations GROUP BY version HAVING count(*) > 1',
    );
    expect(versions).toEqual([]);
    expect(await store.telemetry.write(batchOf([[1, Date.now(), 1]]))).toMatchObject({ inserted: 1 });
  });
});

describe('the PostgreSQL pool', () => {
  it('holds at most DATABASE_POOL_MAX connections, each with the configured timeouts', async () => {
    const store = await open({
      databasePoolMax: 3,
      databaseStatementTimeoutMs: 1500,
      cluster: { nodeId: 'pool-test' },
    });
    const seen = await Promise.all(
      Array.from({ length: 8 }, () =>
        store.db.transaction(async (tx) => {
          const row = await tx.get<{ pid: number; statement: string; idle: string; app: string }>(
            `SELECT pg_backend_pid() AS pid, current_setting('statement_timeout') AS statement,
              current_setting('idle_in_transaction_session_timeout') AS idle, current_setting('application_name') AS app,
              pg_sleep(0.05)::text AS slept`,
          );
          return row;
        }),
      ),
    );
    expect(new Set(seen.map((r) => r?.pid)).size).toBeLessThanOrEqual(3);
    for (const row of seen)
      expect(row).toMatchObject({ statement: '1500ms', idle: '1min', app: 'voltscope pool-test' });
    const show = await store.db.get<{ statement_timeout: string }>('SHOW statement_timeout');
    expect(show?.statement_timeout).toBe('1500ms');
    await expect(store.db.get('SELECT pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
  });

  it('sets no statement timeout when it is 0', async () => {
    const store = await open({ databaseStatementTimeoutMs: 0 });
    expect(await store.db.get('SHOW statement_timeout')).toEqual({ statement_timeout: '0' });
  });
});
