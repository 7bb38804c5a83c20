// Sign-in throttling, checked before any password is hashed. Failures are counted per account and client
// address together over a sliding window; past the allowance, each further failure doubles the wait. Never
// per account alone (strangers could lock its owner out) nor per address alone (one guesser behind a proxy
// would lock out everyone behind it): a sign-in storm is bounded by the hash gate instead.

export interface ThrottlePolicy {
  /** Failures allowed within the window before waits start. */
  allowance: number;
  windowMs: number;
  /** The first wait; each further failure doubles it, up to maxWaitMs. */
  baseWaitMs: number;
  maxWaitMs: number;
}

/** Wrong passwords for one account from one address (sign-in, or the current password on the account page). */
export const signInPolicy: ThrottlePolicy = {
  allowance: 5,
  windowMs: 15 * 60_000,
  baseWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
};
/** Reset mails asked for one login from one address: an inbox cannot be mail-bombed from one place. */
export const resetPolicy: ThrottlePolicy = {
  allowance: 3,
  windowMs: 15 * 60_000,
  baseWaitMs: 60_000,
  maxWaitMs: 60 * 60_000,
};

/** The throttle key of one account (or one typed login) from one address. */
export const pairKey = (account: string, address: string): string => `${account} from ${address}`;

interface Entry {
  failures: number[];
  blockedUntil: number;
}

const MAX_KEYS = 100_000;

export class FailureThrottle {
  readonly #entries = new Map<string, Entry>();
  readonly #policy: ThrottlePolicy;
  readonly #now: () => number;

  constructor(policy: ThrottlePolicy, now: () => number = Date.now) {
    this.#policy = policy;
    this.#now = now;
  }

  /** Milliseconds to wait before the next attempt for this key; 0 when it may try now. */
  retryAfter(key: string): number {
    const entry = this.#entries.get(key);
    return entry ? Math.max(0, entry.blockedUntil - this.#now()) : 0;
  }

  /** Counts a failure; returns the wait it starts (0 while within the allowance). */
  fail(key: string): number {
    const now = this.#now();
    const { allowance, windowMs, baseWaitMs, maxWaitMs } = this.#policy;
    const entry = this.#entries.get(key) ?? { failures: [], blockedUntil: 0 };
    entry.failures = entry.failures.filter((t) => t > now - windowMs);
    entry.failures.push(now);
    const excess = entry.failures.length - allowance;
    const wait = excess >= 0 ? Math.min(maxWaitMs, baseWaitMs * 2 ** excess) : 0;
    if (wait > 0) entry.blockedUntil = now + wait;
    this.#entries.delete(key); // re-insert so the map stays in least-recently-failed order
    this.#entries.set(key, entry);
    if (this.#entries.size > MAX_KEYS) this.#prune(now);
    return wait;
  }

  succeed(key: string): void {
    this.#entries.delete(key);
  }

  #prune(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= MAX_KEYS / 2) break;
      if (entry.blockedUntil < now) this.#entries.delete(key);
    }
  }
}
