// Both storage drivers, opened fresh for a test: SQLite in a temporary file, PostgreSQL in a schema of
// its own on this machine's server (TEST_DATABASE_URL, default postgres://127.0.0.1:5432/test).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { Db } from '../src/store/db.ts';
import { migrate } from '../src/store/migrations.ts';
import { openPostgres } from '../src/store/postgres.ts';
import { openSqlite } from '../src/store/sqlite.ts';
import { openPostgresTelemetry } from '../src/store/telemetry/postgres.ts';
import { openSqliteTelemetry } from '../src/store/telemetry/sqlite.ts';
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
      const dir = await mkdtemp(path.join(tmpdir(), 'voltscope-store-'));
      const file = path.join(dir, 'test.db');
      const db = openSqlite({ file });
      await migrate(db);
      const telemetry = openSqliteTelemetry(file);
      return {
        db,
        telemetry,
        async close() {
          await telemetry.close();
          await db.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres',
    async open() {
      const schema = `vs_test_${randomBytes(6).toString('hex')}`;
      const { db, sql } = await openPostgres({ url: testDatabaseUrl, schema });
      await migrate(db);
      const telemetry = openPostgresTelemetry(sql);
      return {
        db,
        telemetry,
        async close() {
          await telemetry.close();
          await db.close();
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
