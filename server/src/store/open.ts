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

/** Where the data lives; the pool settings and node id are optional (tests and tools take the defaults). */
type StoreConfig = Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'> &
  Partial<Pick<Config, 'databasePoolMax' | 'databaseStatementTimeoutMs'>> & {
    cluster?: Pick<Config['cluster'], 'nodeId'>;
  };

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
      ...(config.databasePoolMax !== undefined ? { max: config.databasePoolMax } : {}),
      ...(config.databaseStatementTimeoutMs !== undefined
        ? { statementTimeoutMs: config.databaseStatementTimeoutMs }
        : {}),
      ...(config.cluster ? { applicationName: `voltscope ${config.cluster.nodeId}` } : {}),
    });
    return { db, openTelemetry: () => openPostgresTelemetry(sql) };
  }
  const file = path.join(config.dataDir, 'voltscope.db');
  return { db: openSqlite({ file }), openTelemetry: () => openSqliteTelemetry(file) };
}
