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
  max?: number;
}

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

export function postgresClient({ url, schema, max = 10 }: PostgresOptions): postgres.Sql {
  return postgres(url, {
    max,
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
    ...(schema ? { connection: { search_path: schema } } : {}),
  });
}

export async function openPostgres(options: PostgresOptions): Promise<{ db: Db; sql: postgres.Sql }> {
  if (options.schema) {
    const admin = postgres(options.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE SCHEMA IF NOT EXISTS "${options.schema.replaceAll('"', '')}"`);
    await admin.end();
  }
  const sql = postgresClient(options);
  return { db: wrap(sql, sql), sql };
}
