// Password hashing with scrypt (RELIABILITY decision 6: N=2^17, r=8, p=1 by default). The stored form
// carries its own parameters, so the cost can be raised later without breaking existing hashes.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const paramsFor = (log2N: number, r = 8, p = 1): ScryptOptions => ({
  N: 2 ** log2N,
  r,
  p,
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below that for N=2^17.
  maxmem: 256 * 2 ** log2N * r,
});

export async function hashPassword(password: string, log2N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, paramsFor(log2N));
  return ['scrypt', log2N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Compares in constant time; false for a malformed stored hash rather than an exception. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), paramsFor(Number(log2N), Number(r), Number(p)));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Bounds the hashing work a burst of sign-ins can queue: at most `concurrency` hashes run at once and
 * at most `queue` wait, so a login storm cannot starve the rest of the hub.
 */
export class HashGate {
  #running = 0;
  #waiting: (() => void)[] = [];
  readonly concurrency: number;
  readonly queue: number;

  constructor(concurrency = 2, queue = 32) {
    this.concurrency = concurrency;
    this.queue = queue;
  }

  /** Runs `work`, or returns undefined at once when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T | undefined> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.queue) return undefined;
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#running++;
    try {
      return await work();
    } finally {
      this.#running--;
      this.#waiting.shift()?.();
    }
  }
}
