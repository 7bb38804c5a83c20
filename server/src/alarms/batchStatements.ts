// How an alarm storm's batch is written (transitionBatch.ts): event numbers reserved for every site at
// once, the open occurrences that changed, the new occurrences, and their events, each table in one go.
// PostgreSQL takes each table's rows as one JSON array parameter, so that a batch of 1 or 500 is the same
// SQL text, prepared once (postgres.js's `prepare`), in one round trip per table (the array as text, each
// column cast to its type: postgres.js would encode a string sent as jsonb again, as a JSON string).
// SQLite has no round trip to save, and there `json_each` with a `->>` per column, and `RETURNING`, cost
// more than the rows' own writes: its rows go as bound values of multi-row statements of 1, 2, 4 … 256
// rows (a batch of 235 is six statements, each shape prepared once), and the ids of inserted rows are
// counted back from `last_insert_rowid()`: SQLite gives each row of an INSERT the table's largest rowid
// plus one, in order, and the batch holds the write lock.
import type { Db, Dialect, SqlValue } from '../store/db.ts';

/** A column of the JSON rows: its name, and its PostgreSQL type (text needs no cast). */
type Column = [name: string, pgType?: 'bigint' | 'integer' | 'double precision'];

/** `SELECT <columns> FROM <the JSON array's rows>` in the dialect, the array being the one parameter. */
function rowsOf(dialect: Dialect, columns: readonly Column[]): string {
  if (dialect === 'sqlite') {
    return `SELECT ${columns.map(([name], i) => `value ->> ${i} AS ${name}`).join(', ')} FROM json_each(?)`;
  }
  const value = (i: number, type?: string) => (type ? `CAST(j ->> ${i} AS ${type})` : `j ->> ${i}`);
  const list = columns.map(([name, type], i) => `${value(i, type)} AS ${name}`);
  return `SELECT ${list.join(', ')} FROM jsonb_array_elements(CAST(CAST(? AS text) AS jsonb)) AS r(j)`;
}

const names = (columns: readonly Column[]) => columns.map(([name]) => name).join(', ');

/** [site_id, how many]: the new top of each site's counter. */
const RESERVE: Column[] = [['site_id'], ['seq', 'bigint']];
/** Only what a raise or a clear changes on an occurrence that was already stored. */
export const UPDATE_COLUMNS: Column[] = [
  ['id', 'bigint'],
  ['state'],
  ['cleared_at', 'bigint'],
  ['closed_at', 'bigint'],
  ['suppressed', 'integer'],
  ['seq', 'bigint'],
];
export const ALARM_COLUMNS: Column[] = [
  ['site_id'],
  ['device_id'],
  ['rule_id', 'integer'],
  ['priority'],
  ['state'],
  ['message'],
  ['value', 'double precision'],
  ['raised_at', 'bigint'],
  ['cleared_at', 'bigint'],
  ['closed_at', 'bigint'],
  ['suppressed', 'integer'],
  ['seq', 'bigint'],
];
/** An event of an alarm: no message, it reads its alarm's (migration 22). */
export const EVENT_COLUMNS: Column[] = [
  ['site_id'],
  ['seq', 'bigint'],
  ['device_id'],
  ['alarm_id', 'bigint'],
  ['type'],
  ['severity'],
  ['user_name'],
  ['user_id', 'bigint'],
  ['comment'],
  ['ts', 'bigint'],
];

export interface BatchWriter {
  /** Adds each site's count (`[site_id, how many]`) to its counter; returns `{ site_id, seq }`, seq the new top. */
  reserve(tx: Db, rows: SqlValue[][]): Promise<{ site_id: string; seq: number }[]>;
  /** Rows of UPDATE_COLUMNS. */
  update(tx: Db, rows: SqlValue[][]): Promise<void>;
  /** Rows of ALARM_COLUMNS or EVENT_COLUMNS; the new ids, in the rows' order. */
  insert(tx: Db, table: 'alarms' | 'events', rows: SqlValue[][]): Promise<number[]>;
}

const RESERVE_SQL = (dialect: Dialect) =>
  // SQLite reads `ON CONFLICT` after a bare SELECT as a join constraint: the WHERE keeps them apart.
  `INSERT INTO site_sequences (site_id, seq) ${rowsOf(dialect, RESERVE)} WHERE true
    ON CONFLICT (site_id) DO UPDATE SET seq = site_sequences.seq + excluded.seq RETURNING site_id, seq`;
const SET = UPDATE_COLUMNS.slice(1)
  .map(([name]) => `${name} = v.${name}`)
  .join(', ');
const COLUMNS = { alarms: ALARM_COLUMNS, events: EVENT_COLUMNS };
const json = (rows: SqlValue[][]) => [JSON.stringify(rows)];

function postgresWriter(): BatchWriter {
  const reserve = RESERVE_SQL('postgres');
  const update = `UPDATE alarms SET ${SET} FROM (${rowsOf('postgres', UPDATE_COLUMNS)}) AS v WHERE alarms.id = v.id`;
  const insert = (table: 'alarms' | 'events') =>
    `INSERT INTO ${table} (${names(COLUMNS[table])}) ${rowsOf('postgres', COLUMNS[table])} RETURNING id, site_id, seq`;
  const inserts = { alarms: insert('alarms'), events: insert('events') };
  return {
    reserve: (tx, rows) => tx.all(reserve, json(rows)),
    update: async (tx, rows) => {
      await tx.run(update, json(rows));
    },
    // Every row has its own (site, seq): the returned rows are matched by it, not by their order.
    insert: async (tx, table, rows) => {
      const returned = await tx.all<{ id: number; site_id: string; seq: number }>(inserts[table], json(rows));
      const ids = new Map(returned.map((r) => [`${r.site_id}|${Number(r.seq)}`, Number(r.id)]));
      const seqAt = COLUMNS[table].findIndex(([name]) => name === 'seq');
      return rows.map((row) => {
        const id = ids.get(`${row[0]}|${Number(row[seqAt])}`);
        if (id === undefined) throw new Error(`a row of ${table} was not stored`);
        return id;
      });
    },
  };
}

/** The largest number of rows of one SQLite statement (10 columns: 2,560 values, far under the limit). */
const MAX_ROWS = 256;

/** `rows` cut into runs of 256, 128 … 1 rows, the largest first: few statement shapes, few statements. */
function* runs<T>(rows: readonly T[]): Generator<readonly T[]> {
  for (let at = 0; at < rows.length; ) {
    let size = MAX_ROWS;
    while (size > rows.length - at) size /= 2;
    yield rows.slice(at, at + size);
    at += size;
  }
}

/** The statement of `count` rows, its text made once per count. */
function bySize(make: (count: number) => string): (count: number) => string {
  const made = new Map<number, string>();
  return (count) => {
    let sql = made.get(count);
    if (sql === undefined) {
      sql = make(count);
      made.set(count, sql);
    }
    return sql;
  };
}

function sqliteWriter(): BatchWriter {
  const reserve = RESERVE_SQL('sqlite');
  const values = (columns: readonly Column[], count: number) =>
    Array.from({ length: count }, () => `(${columns.map(() => '?').join(', ')})`).join(', ');
  const update = bySize(
    (count) => `WITH v (${names(UPDATE_COLUMNS)}) AS (VALUES ${values(UPDATE_COLUMNS, count)})
      UPDATE alarms SET ${SET} FROM v WHERE alarms.id = v.id`,
  );
  const insert = (table: 'alarms' | 'events') =>
    bySize((count) => `INSERT INTO ${table} (${names(COLUMNS[table])}) VALUES ${values(COLUMNS[table], count)}`);
  const inserts = { alarms: insert('alarms'), events: insert('events') };
  return {
    reserve: (tx, rows) => tx.all(reserve, json(rows)),
    update: async (tx, rows) => {
      for (const run of runs(rows)) await tx.run(update(run.length), run.flat());
    },
    insert: async (tx, table, rows) => {
      const ids: number[] = [];
      for (const run of runs(rows)) {
        await tx.run(inserts[table](run.length), run.flat());
        const last = Number((await tx.get<{ id: number }>('SELECT last_insert_rowid() AS id'))?.id);
        for (let i = run.length - 1; i >= 0; i--) ids.push(last - i);
      }
      return ids;
    },
  };
}

export const batchWriters: Record<Dialect, BatchWriter> = { sqlite: sqliteWriter(), postgres: postgresWriter() };
