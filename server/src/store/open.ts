// Opens the configured store: SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { migrate } from './migrations.ts';
import { openPostgres } from './postgres.ts';
import { openSqlite } from './sqlite.ts';
import { openPostgresTelemetry } from './telemetry/postgres.ts';
import { openSqliteTelemetry } from './telemetry/sqlite.ts';
import type { TelemetryStore } from './telemetry/types.ts';

export interface Store {
  db: Db;
  telemetry: TelemetryStore;
  close(): Promise<void>;
}

export async function openStore(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): Promise<Store> {
  if (config.databaseUrl) {
    const { db, sql } = await openPostgres({
      url: config.databaseUrl,
      ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
    });
    await migrate(db);
    const telemetry = openPostgresTelemetry(sql);
    return {
      db,
      telemetry,
      async close() {
        await telemetry.close();
        await db.close();
      },
    };
  }
  const file = path.join(config.dataDir, 'voltscope.db');
  const db = openSqlite({ file });
  await migrate(db);
  const telemetry = openSqliteTelemetry(file);
  return {
    db,
    telemetry,
    async close() {
      await telemetry.close();
      await db.close();
    },
  };
}
