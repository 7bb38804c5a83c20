// PostgreSQL through the `postgres` client, chosen when DATABASE_URL is set. Shared SQL is written
// with `?` placeholders; they become $1, $2 ... here.
import postgres from 'postgres';
import type { Db, SqlValue } from './db.ts';

/** Rewrites `?` placeholders outside string literals to PostgreSQL's numbered form. */
export function numberPlaceholders(sql: string): string {
  let n = 0;
  let quoted = false;
  let out = '';
  for (const ch of sql) {
    if (ch === "'") quoted = !quoted;
    out += ch === '?' && !quoted ? `$${++n}` : ch;
  }
  return out;
}

export interface PostgresOptions {
  url: string;
  /** A schema to work in (tests use one each); created when missing. */
  schema?: string;
  /** Connections this node holds at most (DATABASE_POOL_MAX): nodes × max must stay under max_connections. */
  max?: number;
  /** Server-side `statement_timeout` of every connection, in ms (DATABASE_STATEMENT_TIMEOUT_MS); 0: none. */
  statementTimeoutMs?: number;
  /** Shown in pg_stat_activity, so connections can be counted per node. */
  applicationName?: string;
}

/** A transaction left open by a stalled node holds its locks (a partition's DDL waits on them): end it. */
const IDLE_IN_TRANSACTION_MS = 60_000;
/** Seconds to wait for a connection before the query fails (the store answers 503, the caller retries). */
const CONNECT_TIMEOUT_S = 10;
/** The longest wait before connecting again after a failed connection (postgres.js's default: 20 s). */
const RECONNECT_MAX_S = 0.5;

type Sql = postgres.Sql | postgres.TransactionSql;

function wrap(sql: Sql, root: postgres.Sql): Db {
  const query = (text: string, params: readonly SqlValue[] = []) =>
    sql.unsafe(numberPlaceholders(text), params as postgres.ParameterOrJSON<never>[], { prepare: true });
  return {
    dialect: 'postgres',
    all: async <T>(text: string, params?: readonly SqlValue[]) => (await query(text, params)) as unknown as T[],
    get: async <T>(text: string, params?: readonly SqlValue[]) => (await query(text, params))[0] as T | undefined,
    run: async (text, params) => ({ changes: (await query(text, params)).count }),
    transaction: <T>(fn: (tx: Db) => Promise<T>) => root.begin((tx) => fn(wrap(tx, root))) as Promise<T>,
    ping: async () => {
      try {
        await root`SELECT 1`;
        return true;
      } catch {
        return false;
      }
    },
    close: () => root.end({ timeout: 5 }),
  };
}

export function postgresClient({
  url,
  schema,
  max = 10,
  statementTimeoutMs = 0,
  applicationName = 'voltscope',
}: PostgresOptions): postgres.Sql {
  return postgres(url, {
    max,
    connect_timeout: CONNECT_TIMEOUT_S,
    // postgres.js waits up to 20 s before connecting again after failures, and queues every query
    // meanwhile: through a database outage each request would hang that long (health checks time out, a
    // proxy takes the node out and cuts its live sockets). Half a second at most: refused fast, back fast.
    backoff: (retries: number) => (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, RECONNECT_MAX_S),
    onnotice: () => {},
    // BIGINT columns hold millisecond timestamps and ids: well inside a double's exact range.
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (value: number) => String(value),
        parse: (value: string) => Number(value),
      },
    },
    transform: { undefined: null },
    // Startup parameters: in force on every pooled connection from its first statement.
    connection: {
      application_name: applicationName,
      statement_timeout: statementTimeoutMs,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
      ...(schema ? { search_path: schema } : {}),
    },
  });
}

export async function openPostgres(options: PostgresOptions): Promise<{ db: Db; sql: postgres.Sql }> {
  if (options.schema) {
    const admin = postgres(options.url, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`CREATE SCHEMA IF NOT EXISTS "${options.schema.replaceAll('"', '')}"`);
    } catch (error) {
      // Another node created it at the same moment (IF NOT EXISTS does not cover the race).
      if (!['23505', '42P06'].includes((error as { code?: string }).code ?? '')) throw error;
    } finally {
      await admin.end();
    }
  }
  const sql = postgresClient(options);
  return { db: wrap(sql, sql), sql };
}
