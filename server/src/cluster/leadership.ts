// Which node does the singleton work (the simulator, alarm evaluation and its clock, retention, the daily
// KPIs, shelving expiry, webhook delivery). A hub alone is always its own leader (`soloLeadership`); in a
// cluster (issue 22) the nodes elect one through the shared PostgreSQL store, and its writes carry a
// fencing check so that a leader that lost its lease without knowing it cannot write.
import type { Db } from '../store/db.ts';

/** A singleton write refused because this node no longer holds the lease it started under. */
export class FencedError extends Error {
  constructor(nodeId: string, epoch: number | null) {
    super(`node ${nodeId} is no longer the leader (epoch ${epoch ?? 'none'})`);
    this.name = 'FencedError';
  }
}

export interface Leadership {
  readonly nodeId: string;
  /** Whether this node holds the lease now. */
  isLeader(): boolean;
  /** The lease's epoch while this node leads (the fencing token: it grows at each hand-over), else null. */
  epoch(): number | null;
  /** Called with true when this node becomes leader and false when it stops; returns the unsubscribe. */
  onChange(listener: (leader: boolean) => void): () => void;
  /**
   * Runs `fn` in one transaction that first checks, in the database, that this node still holds the lease
   * at its epoch: a stale leader's write throws FencedError and changes nothing.
   */
  fenced<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  start(): Promise<void>;
  /** Gives the lease up (another node may take over at once) and stops renewing. */
  stop(): Promise<void>;
}

/** The single hub: leader from start to stop; its fenced writes are plain transactions. */
export function soloLeadership(nodeId: string, db: Db): Leadership {
  let leading = false;
  const listeners = new Set<(leader: boolean) => void>();
  const set = (value: boolean) => {
    if (value === leading) return;
    leading = value;
    for (const listener of listeners) listener(value);
  };
  return {
    nodeId,
    isLeader: () => leading,
    epoch: () => (leading ? 1 : null),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fenced: (fn) => db.transaction(fn),
    async start() {
      set(true);
    },
    async stop() {
      set(false);
    },
  };
}
