// The cluster's leader, elected through a lease row in the shared PostgreSQL store (`leader_lease`, one
// row per name). A row rather than a session advisory lock: its epoch is a fencing token that outlives
// connections, and each test schema is a world of its own. Every judgement of expiry uses the database's
// clock, so the nodes' clocks never need to agree.
//
// Why this node stops before another may start. A take-over needs the database's clock past the row's
// `expires_at`, which a renewal sets to (the database's time when it runs) + leaseMs. The database runs a
// renewal after this node sent it, so the row cannot expire earlier than `sentAt + leaseMs` in real time,
// `sentAt` being this node's monotonic clock when it sent the last confirmed renewal. This node counts
// itself leader only until `sentAt + leaseMs - margin` (measured on that monotonic clock, never the wall
// clock): a renewal that fails, finds another holder or is not confirmed by then makes it step down, and
// `isLeader()` itself reads false past that deadline even if a blocked event loop delays the timer. What
// may still slip through (a write begun just before the deadline, a process frozen mid-transaction) is
// refused by the fence: `fenced` checks holder, epoch and expiry in the writing transaction, holding the
// row FOR SHARE so that a take-over's UPDATE waits until that transaction has ended. (The one clock this
// trusts is the database's running at a steady rate: a step of its wall clock shortens the lease, and
// then the fence alone keeps a stale leader's alarm writes out.)
import type { Config } from '../config.ts';
import type { Db } from '../store/db.ts';
import { openPostgres } from '../store/postgres.ts';
import { FencedError, type Leadership, soloLeadership } from './leadership.ts';

export interface LeaseLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface LeaseOptions {
  nodeId: string;
  /** The store the fenced writes go to. */
  db: Db;
  /** Where the lease is taken and renewed: a connection of its own, so that busy writers cannot delay it. */
  leaseDb?: Db;
  leaseMs: number;
  log: LeaseLog;
  /** The lease's row (one per singleton group; the hub has one). */
  name?: string;
}

/** The database's clock in epoch ms: expiry is judged on it alone. */
const DB_NOW = '(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT';

// Taken when free, expired, or this node's own (a restart under the same NODE_ID): a new epoch each time.
const TAKE = `UPDATE leader_lease SET holder = ?, epoch = epoch + 1, expires_at = ${DB_NOW} + ?
  WHERE name = ? AND (expires_at <= ${DB_NOW} OR holder = ?) RETURNING epoch`;
const RENEW = `UPDATE leader_lease SET expires_at = ${DB_NOW} + ?
  WHERE name = ? AND holder = ? AND epoch = ? AND expires_at > ${DB_NOW}`;
const RELEASE = 'UPDATE leader_lease SET expires_at = 0 WHERE name = ? AND holder = ? AND epoch = ?';
const FENCE = `SELECT epoch FROM leader_lease
  WHERE name = ? AND holder = ? AND epoch = ? AND expires_at > ${DB_NOW} FOR SHARE`;

export function leaseLeadership({ nodeId, db, leaseDb = db, leaseMs, log, name = 'hub' }: LeaseOptions): Leadership {
  const renewMs = Math.max(1, Math.floor(leaseMs / 3));
  // Room for a late timer and the work in hand between this node's deadline and the row's expiry.
  const marginMs = Math.max(1, Math.floor(leaseMs / 5));
  const listeners = new Set<(leader: boolean) => void>();
  let epoch: number | null = null;
  /** Monotonic ms past which this node no longer counts itself leader. */
  let deadline = 0;
  let deadlineTimer: NodeJS.Timeout | null = null;
  let renewTimer: NodeJS.Timeout | null = null;
  let attempt: Promise<void> = Promise.resolve();
  let busy = false;
  let stopped = true;

  const notify = (leader: boolean) => {
    for (const listener of listeners) {
      try {
        listener(leader);
      } catch (error) {
        log.warn({ err: error, nodeId }, 'leadership listener failed');
      }
    }
  };

  const stepDown = (reason: string, err?: unknown) => {
    if (epoch === null) return;
    const details = { nodeId, epoch, reason, ...(err === undefined ? {} : { err }) };
    (reason === 'stopped' ? log.info : log.warn).call(log, details, 'stepped down as leader');
    epoch = null;
    if (deadlineTimer) clearTimeout(deadlineTimer);
    deadlineTimer = null;
    notify(false);
  };

  const confirmed = (sentAt: number) => {
    deadline = sentAt + leaseMs - marginMs;
    if (deadlineTimer) clearTimeout(deadlineTimer);
    deadlineTimer = setTimeout(() => stepDown('lease not renewed in time'), deadline - performance.now());
    deadlineTimer.unref();
  };

  const leading = () => epoch !== null && performance.now() < deadline;

  const tryOnce = async () => {
    const sentAt = performance.now();
    const held = epoch;
    try {
      if (held === null) {
        const row = await leaseDb.get<{ epoch: number }>(TAKE, [nodeId, leaseMs, name, nodeId]);
        if (!row) return;
        if (stopped) {
          // Taken while stopping: given back at once rather than left to expire.
          await leaseDb.run(RELEASE, [name, nodeId, Number(row.epoch)]);
          return;
        }
        // Answered too late to count on: left to expire (or taken again, a new epoch, at the next attempt).
        if (performance.now() >= sentAt + leaseMs - marginMs) return;
        epoch = Number(row.epoch);
        confirmed(sentAt);
        log.info({ nodeId, epoch }, 'took the leader lease');
        notify(true);
      } else {
        const { changes } = await leaseDb.run(RENEW, [leaseMs, name, nodeId, held]);
        // Stepped down meanwhile (deadline, stop): a late answer changes nothing.
        if (epoch !== held) return;
        if (changes === 1) confirmed(sentAt);
        else stepDown('lease held by another node');
      }
    } catch (error) {
      if (held !== null && epoch === held) stepDown('renewal failed', error);
      else if (held === null) log.warn({ err: error, nodeId }, 'leader lease not reachable');
    }
  };

  const tick = () => {
    // One attempt at a time: a renewal still waiting is judged by the deadline, not piled on.
    if (busy || stopped) return;
    busy = true;
    attempt = tryOnce().finally(() => {
      busy = false;
    });
  };

  return {
    nodeId,
    isLeader: leading,
    epoch: () => (leading() ? epoch : null),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async fenced(fn) {
      const held = leading() ? epoch : null;
      if (held === null) throw new FencedError(nodeId, null);
      return db.transaction(async (tx) => {
        if (!(await tx.get(FENCE, [name, nodeId, held]))) throw new FencedError(nodeId, held);
        return fn(tx);
      });
    },
    async start() {
      if (!stopped) return;
      stopped = false;
      // The connection opened first, so that its set-up does not eat into the first lease.
      await leaseDb.get('SELECT 1').catch(() => {});
      tick();
      await attempt;
      renewTimer = setInterval(tick, renewMs);
      renewTimer.unref();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (renewTimer) clearInterval(renewTimer);
      renewTimer = null;
      // Not waiting for an attempt in flight: the database may be the reason it hangs.
      const held = epoch;
      stepDown('stopped');
      if (held === null) return;
      try {
        await leaseDb.run(RELEASE, [name, nodeId, held]);
      } catch (error) {
        log.warn({ err: error, nodeId }, 'leader lease not released: it expires by itself');
      }
    },
  };
}

/** A cluster: the store shared in PostgreSQL and Redis for the rest (one without the other is one hub). */
export const inCluster = (config: Pick<Config, 'databaseUrl' | 'cluster'>) =>
  Boolean(config.databaseUrl && config.cluster.redisUrl);

/**
 * The hub's leadership: in a cluster, the lease, renewed on a connection of its own (closed when it
 * stops); otherwise the hub alone, its own leader.
 */
export async function hubLeadership(
  config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'cluster'>,
  db: Db,
  log: LeaseLog,
): Promise<Leadership> {
  const { nodeId, leaderLeaseMs } = config.cluster;
  if (!config.databaseUrl || !inCluster(config)) return soloLeadership(nodeId, db);
  const schema = config.databaseSchema ? { schema: config.databaseSchema } : {};
  const { db: leaseDb } = await openPostgres({ url: config.databaseUrl, ...schema, max: 1 });
  const lease = leaseLeadership({ nodeId, db, leaseDb, leaseMs: leaderLeaseMs, log });
  return {
    ...lease,
    async stop() {
      await lease.stop();
      await leaseDb.close();
    },
  };
}
