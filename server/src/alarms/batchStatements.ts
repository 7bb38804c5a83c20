// The four statements an alarm storm's batch is written with (transitionBatch.ts): event numbers reserved
// for every site at once, the open occurrences that changed, the new occurrences, and their events. Each
// takes its rows as one JSON array parameter, so that a batch of 1 or 500 is the same SQL text, prepared
// once (node:sqlite's statement cache, postgres.js's `prepare`), and costs one round trip per table, not
// one per transition. The dialects differ only in how a JSON array becomes rows (json_each, jsonb) and in
// PostgreSQL's need for each column's type (and for the array as text: postgres.js would encode a string
// sent as jsonb again, as a JSON string).
import type { Dialect } from '../store/db.ts';

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

export interface BatchStatements {
  /** Adds each site's count to its counter; returns `{ site_id, seq }`, seq the new top. */
  reserve: string;
  update: string;
  /** Returns `{ id, site_id, seq }` of each new occurrence. */
  insertAlarms: string;
  /** Returns `{ id, site_id, seq }` of each event. */
  insertEvents: string;
}

function statementsFor(dialect: Dialect): BatchStatements {
  const set = UPDATE_COLUMNS.slice(1)
    .map(([name]) => `${name} = v.${name}`)
    .join(', ');
  return {
    // SQLite reads `ON CONFLICT` after a bare SELECT as a join constraint: the WHERE keeps them apart.
    reserve: `INSERT INTO site_sequences (site_id, seq) ${rowsOf(dialect, RESERVE)} WHERE true
      ON CONFLICT (site_id) DO UPDATE SET seq = site_sequences.seq + excluded.seq RETURNING site_id, seq`,
    update: `UPDATE alarms SET ${set} FROM (${rowsOf(dialect, UPDATE_COLUMNS)}) AS v WHERE alarms.id = v.id`,
    insertAlarms: `INSERT INTO alarms (${names(ALARM_COLUMNS)}) ${rowsOf(dialect, ALARM_COLUMNS)}
      RETURNING id, site_id, seq`,
    insertEvents: `INSERT INTO events (${names(EVENT_COLUMNS)}) ${rowsOf(dialect, EVENT_COLUMNS)}
      RETURNING id, site_id, seq`,
  };
}

export const batchStatements: Record<Dialect, BatchStatements> = {
  sqlite: statementsFor('sqlite'),
  postgres: statementsFor('postgres'),
};
