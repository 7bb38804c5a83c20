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

type StoreConfig = Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>;

export async function openStore(config: StoreConfig): Promise<Store> {
  const { db, openTelemetry } = await openDatabase(config);
  await migrate(db);
  const telemetry = openTelemetry();
  return {
    db,
    telemetry,
    async close() {
      await telemetry.close();
      await db.close();
    },
  };
}

/** The configured database, and how to open its telemetry store (once the schema is migrated). */
async function openDatabase(config: StoreConfig): Promise<{ db: Db; openTelemetry: () => TelemetryStore }> {
  if (config.databaseUrl) {
    const { db, sql } = await openPostgres({
      url: config.databaseUrl,
      ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
    });
    return { db, openTelemetry: () => openPostgresTelemetry(sql) };
  }
  const file = path.join(config.dataDir, 'voltscope.db');
  return { db: openSqlite({ file }), openTelemetry: () => openSqliteTelemetry(file) };
}
