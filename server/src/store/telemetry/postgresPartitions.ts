// The day partitions of PostgreSQL's `samples` table (migration 20): made ahead of time and on demand
// before a write, dropped whole by retention. Each holds one UTC day [day, day + 1) of millisecond
// timestamps and is named samples_YYYYMMDD; samples_default takes whatever no day partition covers.
// Several nodes share the store: the DDL runs one node at a time under an advisory lock, and every
// step checks the catalog first, so a node that lost the race finds the work done.
import type postgres from 'postgres';

export const DAY = 86_400_000;
/** Partitions made ahead of today, so that midnight's writes never wait on DDL (prune runs hourly). */
export const AHEAD_DAYS = 3;
/**
 * How far back a write still gets its day's partition. Every query locks each partition it plans for
 * (max_locks_per_transaction), so strays older than this go to the default partition, not a table each.
 */
export const PAST_DAYS = 92;
/**
 * DDL waits this long for its lock, then gives up until the next write or hour: while it waits, the
 * queries and writes queued behind it wait too.
 */
const LOCK_TIMEOUT = '2s';

export function partitionName(day: number): string {
  return `samples_${new Date(day * DAY).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The day a partition of ours covers, from its name; null for any other table. */
export function dayOfPartition(name: string): number | null {
  const m = /^samples_(\d{4})(\d{2})(\d{2})$/.exec(name);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY : null;
}

export class SamplePartitions {
  readonly #sql: postgres.Sql;
  /** Days known to have a partition (another node may have dropped one: the default then takes its rows). */
  #known: Promise<Set<number>> | null = null;
  /** Days before this are past retention: a late sample for them gets no partition. */
  #floor = Number.NEGATIVE_INFINITY;
  #ddl: Promise<unknown> = Promise.resolve();

  constructor(sql: postgres.Sql) {
    this.#sql = sql;
  }

  /**
   * Makes the partitions a batch's timestamps need, before it is written. A failure here never fails
   * the write: the samples then land in the default partition, and the next write tries again.
   */
  async beforeWrite(ts: Float64Array, now = Date.now()): Promise<void> {
    const today = Math.floor(now / DAY);
    const lowest = Math.max(this.#floor, today - PAST_DAYS);
    const first = this.#known === null;
    const known = await this.#knownDays();
    let missing: number[] | null = null;
    let last = Number.NaN;
    for (const t of ts) {
      const day = Math.floor(t / DAY);
      if (day === last) continue;
      last = day;
      if (known.has(day) || day < lowest || day > today + AHEAD_DAYS) continue;
      missing ??= [];
      if (!missing.includes(day)) missing.push(day);
    }
    if (missing === null && !first) return;
    try {
      await this.ensure(missing ?? [], now);
    } catch {
      // Held locks or a lost connection: the default partition keeps these samples meanwhile.
    }
  }

  /** Makes the given days' partitions and those of today and the next AHEAD_DAYS, where missing. */
  ensure(days: readonly number[], now = Date.now()): Promise<void> {
    const today = Math.floor(now / DAY);
    const wanted = new Set(days);
    for (let day = today; day <= today + AHEAD_DAYS; day++) wanted.add(day);
    const run = this.#ddl.then(async () => {
      const known = await this.#knownDays();
      const todo = [...wanted].filter((day) => !known.has(day)).sort((a, b) => a - b);
      if (todo.length === 0) return;
      await this.#sql.begin(async (tx) => {
        await tx`SELECT pg_advisory_xact_lock(hashtext('voltscope samples partitions'), hashtext(current_schema()))`;
        await tx.unsafe(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
        // Taken first, so that no sample for a day being made slips into the default meanwhile.
        await tx`LOCK TABLE samples_default IN ACCESS EXCLUSIVE MODE`;
        for (const day of todo) {
          const name = partitionName(day);
          const [found] = await tx<{ oid: string | null }[]>`SELECT to_regclass(${name})::text AS oid`;
          if (!found?.oid) await makePartition(tx, name, day);
        }
      });
      for (const day of todo) known.add(day);
    });
    this.#ddl = run.catch(() => {});
    return run;
  }

  /**
   * Drops every partition wholly before `cutoff`, then deletes the rows before it in the day that
   * straddles it and in the default partition; returns how many rows went. A partition that cannot be
   * locked now (DROP waits on every query of `samples`) is left whole for the next run.
   */
  async pruneBefore(cutoff: number): Promise<number> {
    const cutDay = Math.floor(cutoff / DAY);
    this.#floor = Math.max(this.#floor, cutDay);
    let deleted = 0;
    for (const name of await this.list()) {
      const day = dayOfPartition(name);
      if (day === null || day >= cutDay) continue;
      try {
        deleted += await this.#sql.begin(async (tx) => {
          // Counting a large day may take longer than a statement may; it locks that day only.
          await tx.unsafe('SET LOCAL statement_timeout = 0');
          await tx.unsafe(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
          const [row] = await tx.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${name}`);
          await tx.unsafe(`DROP TABLE ${name}`);
          return row?.n ?? 0;
        });
        (await this.#known)?.delete(day);
      } catch (error) {
        if (!isLeftForLater(error)) throw error;
      }
    }
    // Partition pruning keeps the first to the straddling day (or the default, when it has none).
    deleted += (await this.#sql`DELETE FROM samples WHERE ts >= ${cutDay * DAY} AND ts < ${cutoff}`).count;
    deleted += (await this.#sql`DELETE FROM samples_default WHERE ts < ${cutoff}`).count;
    return deleted;
  }

  /** The partitions of `samples`, by name (the default one included). */
  async list(): Promise<string[]> {
    const rows = await this.#sql<{ name: string }[]>`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = to_regclass('samples') ORDER BY c.relname`;
    return rows.map((r) => r.name);
  }

  #knownDays(): Promise<Set<number>> {
    if (this.#known === null) {
      const loading = this.list().then((names) => {
        const days = names.map(dayOfPartition).filter((day): day is number => day !== null);
        return new Set(days);
      });
      this.#known = loading;
      // A failed look-up is tried again on the next write.
      loading.catch(() => {
        if (this.#known === loading) this.#known = null;
      });
    }
    return this.#known;
  }
}

/**
 * A new day's partition: made as a plain table, filled with that day's strays from the default
 * partition, then attached. ATTACH takes a weaker lock on `samples` than CREATE ... PARTITION OF
 * (SHARE UPDATE EXCLUSIVE: inserts and queries go on), and finds the default holding none of its rows.
 */
async function makePartition(tx: postgres.TransactionSql, name: string, day: number): Promise<void> {
  const from = day * DAY;
  const to = from + DAY;
  await tx.unsafe(`CREATE TABLE ${name} (LIKE samples INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
  await tx.unsafe(`
    WITH moved AS (DELETE FROM samples_default WHERE ts >= ${from} AND ts < ${to} RETURNING series_id, ts, value)
    INSERT INTO ${name} (series_id, ts, value) SELECT series_id, ts, value FROM moved`);
  await tx.unsafe(`ALTER TABLE samples ATTACH PARTITION ${name} FOR VALUES FROM (${from}) TO (${to})`);
}

/** A lock not had in time or a deadlock (another node's DDL), or the table already dropped by another node. */
function isLeftForLater(error: unknown): boolean {
  return ['55P03', '40P01', '42P01'].includes((error as { code?: string }).code ?? '');
}
