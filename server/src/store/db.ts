// The one storage interface. SQL is written once with `?` placeholders in the subset SQLite and
// PostgreSQL share; each driver adapts placeholders and dialect-specific DDL (see migrations.ts).
export type SqlValue = string | number | bigint | null;
export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  readonly dialect: Dialect;
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  run(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>;
  /** Runs `fn` in one transaction; other work on this store waits until it ends. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Readiness: true when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
