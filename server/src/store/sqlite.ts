// SQLite through Node's built-in node:sqlite, in WAL mode. The driver is synchronous; transactions
// are serialised through a promise chain so that no other statement interleaves with an open one.
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { Db, SqlValue } from './db.ts';

export interface SqliteOptions {
  /** A file path, or ':memory:'. */
  file: string;
}

export function openSqlite({ file }: SqliteOptions): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  // FULL: users, tokens, alarms and events must survive power loss (RELIABILITY decision 7).
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');

  const statements = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const bind = (params: readonly SqlValue[]) => params as SQLInputValue[];

  const direct: Db = {
    dialect: 'sqlite',
    all: async <T>(sql: string, params: readonly SqlValue[] = []) => prepare(sql).all(...bind(params)) as T[],
    get: async <T>(sql: string, params: readonly SqlValue[] = []) => prepare(sql).get(...bind(params)) as T | undefined,
    run: async (sql, params = []) => ({ changes: Number(prepare(sql).run(...bind(params)).changes) }),
    transaction: async () => {
      throw new Error('nested transactions are not supported');
    },
    ping: async () => true,
    close: async () => {},
  };

  let tail: Promise<unknown> = Promise.resolve();
  let inTransaction = false;
  const afterTransaction = async () => {
    while (inTransaction) await tail.catch(() => {});
  };

  return {
    dialect: 'sqlite',
    async all(sql, params) {
      await afterTransaction();
      return direct.all(sql, params);
    },
    async get(sql, params) {
      await afterTransaction();
      return direct.get(sql, params);
    },
    async run(sql, params) {
      await afterTransaction();
      return direct.run(sql, params);
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const result = tail
        .catch(() => {})
        .then(async () => {
          inTransaction = true;
          db.exec('BEGIN IMMEDIATE');
          try {
            const value = await fn(direct);
            db.exec('COMMIT');
            return value;
          } catch (error) {
            // SQLite may have rolled back by itself (a full disk): a second ROLLBACK would hide the error.
            if (db.isTransaction) db.exec('ROLLBACK');
            throw error;
          } finally {
            inTransaction = false;
          }
        });
      tail = result;
      return result;
    },
    async ping() {
      try {
        prepare('SELECT 1').get();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await tail.catch(() => {});
      if (db.isOpen) db.close();
    },
  };
}
