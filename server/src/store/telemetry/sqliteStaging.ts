// Why SQLite telemetry stages: `samples` is clustered by (series, time), so a time-major batch (one
// sample of each of a thousand series) lands on a thousand different leaf pages, and each commit writes
// every page it touched to the WAL: about 4 KB per sample. A sample newer than everything stored for its
// series is therefore appended to `samples_staged`, a plain rowid table (a thousand samples fill a handful
// of pages), and moved into `samples` in large sorted runs, where many samples share each page written.
// Staged rows are committed like any other, so an ingest acknowledged after its commit is durable (I1);
// readers see both tables (sqlite.ts). A sample that is not newer (late, resent or repeated) takes the
// exact path: the staged rows are moved first, then the batch is inserted into `samples` directly.
import type { DatabaseSync } from 'node:sqlite';

export const createStagedTable =
  'CREATE TABLE IF NOT EXISTS samples_staged (series_id INTEGER NOT NULL, ts BIGINT NOT NULL, value DOUBLE PRECISION NOT NULL)';

/** The raw samples as readers must see them: stored and staged (SQLite pushes a WHERE into both arms). */
export const rawSamplesSource =
  '(SELECT series_id, ts, value FROM samples UNION ALL SELECT series_id, ts, value FROM samples_staged)';

/** Rows one multi-row INSERT binds, here and in the writer's exact path: far cheaper than a statement each. */
export const ROWS_PER_STATEMENT = 64;

/** `args` filled with the rows from `from` on, (series, ts, value) each, for one multi-row INSERT. */
export function packRows(args: number[], series: Int32Array, ts: Float64Array, values: Float64Array, from: number) {
  for (let j = 0; j < ROWS_PER_STATEMENT; j++) {
    args[3 * j] = series[from + j] as number;
    args[3 * j + 1] = ts[from + j] as number;
    args[3 * j + 2] = values[from + j] as number;
  }
  return args;
}

export class Staging {
  readonly #append;
  readonly #appendOne;
  readonly #move;
  readonly #clear;
  readonly #newestStored;
  readonly #args = new Array<number>(ROWS_PER_STATEMENT * 3);
  /** The newest timestamp stored or staged per series, as committed; a series not here is read once. */
  readonly #newest = new Map<number, number>();
  /** What the open transaction raised, applied to #newest only once it commits. */
  readonly #raised = new Map<number, number>();
  #rows = 0;
  #rowsInTransaction = 0;

  constructor(db: DatabaseSync) {
    db.exec(createStagedTable);
    this.#append = db.prepare(
      `INSERT INTO samples_staged (series_id, ts, value) VALUES ${new Array(ROWS_PER_STATEMENT).fill('(?, ?, ?)').join(', ')}`,
    );
    this.#appendOne = db.prepare('INSERT INTO samples_staged (series_id, ts, value) VALUES (?, ?, ?)');
    this.#move = db.prepare(
      'INSERT OR IGNORE INTO samples (series_id, ts, value) SELECT series_id, ts, value FROM samples_staged ORDER BY series_id, ts',
    );
    this.#clear = db.prepare('DELETE FROM samples_staged');
    this.#newestStored = db.prepare('SELECT max(ts) AS ts FROM samples WHERE series_id = ?');
    // Rows left staged by a process that stopped are moved at once: a staged row's series is always known.
    if (db.prepare('SELECT 1 FROM samples_staged LIMIT 1').get()) {
      db.exec('BEGIN IMMEDIATE');
      this.#move.run();
      this.#clear.run();
      db.exec('COMMIT');
    }
  }

  /** Committed rows waiting to be moved into `samples`. */
  get rows(): number {
    return this.#rows;
  }

  begin(): void {
    this.#rowsInTransaction = this.#rows;
    this.#raised.clear();
  }

  commit(): void {
    this.#rows = this.#rowsInTransaction;
    for (const [series, ts] of this.#raised) this.#newest.set(series, ts);
    this.#raised.clear();
  }

  rollback(): void {
    this.#raised.clear();
  }

  /**
   * Inside the open transaction: stages the batch when every sample is newer than what its series has
   * (so none can be a duplicate) and answers true; answers false, having done nothing, otherwise.
   */
  tryAppend(series: Int32Array, ts: Float64Array, values: Float64Array): boolean {
    const n = series.length;
    const newer = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const id = series[i] as number;
      const t = ts[i] as number;
      if (t <= (newer.get(id) ?? this.#newestOf(id))) return false;
      newer.set(id, t);
    }
    for (const [id, t] of newer) this.#raised.set(id, t);
    const args = this.#args;
    let i = 0;
    for (; i + ROWS_PER_STATEMENT <= n; i += ROWS_PER_STATEMENT) {
      this.#append.run(...packRows(args, series, ts, values, i));
    }
    for (; i < n; i++) this.#appendOne.run(series[i] as number, ts[i] as number, values[i] as number);
    this.#rowsInTransaction += n;
    return true;
  }

  /** After a batch went into `samples` directly: its series' newest is at most its latest timestamp. */
  noteStored(series: Int32Array, ts: Float64Array): void {
    for (let i = 0; i < series.length; i++) {
      const id = series[i] as number;
      const t = ts[i] as number;
      if (t > this.#newestOf(id)) this.#raised.set(id, t);
    }
  }

  /** Inside the open transaction: moves every staged row into `samples`, in (series, time) order. */
  moveAll(): void {
    if (this.#rowsInTransaction === 0) return;
    this.#move.run();
    this.#clear.run();
    this.#rowsInTransaction = 0;
  }

  #newestOf(id: number): number {
    const known = this.#raised.get(id) ?? this.#newest.get(id);
    if (known !== undefined) return known;
    const row = this.#newestStored.get(id) as { ts: number | null };
    const stored = row.ts === null ? Number.NEGATIVE_INFINITY : Number(row.ts);
    this.#newest.set(id, stored);
    return stored;
  }
}
