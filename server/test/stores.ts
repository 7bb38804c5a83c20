// Both storage drivers, opened fresh for a test: SQLite in a temporary file, PostgreSQL in a schema of
// its own on this machine's server (TEST_DATABASE_URL, default postgres://127.0.0.1:5432/test).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { Db } from '../src/store/db.ts';
import { openStore } from '../src/store/open.ts';
import type { TelemetryStore } from '../src/store/telemetry/types.ts';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface OpenStore {
  db: Db;
  telemetry: TelemetryStore;
  close(): Promise<void>;
}

export const drivers: { name: 'sqlite' | 'postgres'; open(): Promise<OpenStore> }[] = [
  {
    name: 'sqlite',
    async open() {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-store-'));
      const store = await openStore({ databaseUrl: null, databaseSchema: null, dataDir });
      return {
        ...store,
        async close() {
          await store.close();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres',
    async open() {
      const schema = `vs_test_${randomBytes(6).toString('hex')}`;
      const store = await openStore({ databaseUrl: testDatabaseUrl, databaseSchema: schema, dataDir: tmpdir() });
      return {
        ...store,
        async close() {
          await store.close();
          const admin = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
          await admin.unsafe(`DROP SCHEMA ${schema} CASCADE`);
          await admin.end();
        },
      };
    },
  },
];

/** A batch from plain arrays. */
export function batchOf(rows: [series: number, ts: number, value: number][]) {
  return {
    series: Int32Array.from(rows, (r) => r[0]),
    ts: Float64Array.from(rows, (r) => r[1]),
    values: Float64Array.from(rows, (r) => r[2]),
  };
}

/**
 * The two ways a test hub can keep its data, for `describe.each`: SQLite in its temporary folder, and
 * PostgreSQL in a schema of its own (`prefix` and a random suffix), dropped by `drop()`.
 */
export function storeCases(prefix: string) {
  const schema = `${prefix}_${randomBytes(5).toString('hex')}`;
  return [
    { driver: 'sqlite', overrides: {}, drop: async () => {} },
    {
      driver: 'postgres',
      overrides: { databaseUrl: testDatabaseUrl, databaseSchema: schema },
      async drop() {
        const sql = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
        await sql.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await sql.end();
      },
    },
  ];
}
