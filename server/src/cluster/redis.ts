// The node's two connections to Redis (REDIS_URL): one publishes, one listens. The Socket.IO adapter
// (rooms across nodes) and the sample relay share them. They connect in the background and reconnect by
// themselves, so that a node starts, and its own live path runs, while Redis is down or hung; an outage
// is logged once when it starts and once when it ends.
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { HubLog } from '../hub.ts';

export type RedisClient = ReturnType<typeof createClient>;

/** Between two connection attempts: doubling from 100 ms, at most 2 s. */
const retryDelay = (attempt: number) => Math.min(100 * 2 ** attempt, 2000);

/**
 * The client as the adapter gets it: every promise a call returns is given a handler. The adapter
 * publishes and unsubscribes without waiting, and a command that Redis drops with its connection would
 * otherwise be an unhandled rejection, which ends the process.
 */
function guarded(client: RedisClient, failed: () => void): RedisClient {
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (result instanceof Promise) result.catch(failed);
        return result;
      };
    },
  });
}

export class RedisLink {
  readonly pub: RedisClient;
  readonly sub: RedisClient;
  /** Prefix of every key and channel: REDIS_PREFIX. */
  readonly prefix: string;
  /** Commands Redis failed (mostly dropped with a connection). */
  failedCommands = 0;
  readonly #log: HubLog;
  #down = false;

  constructor(url: string, prefix: string, log: HubLog) {
    this.prefix = prefix;
    this.#log = log;
    const options = { url, socket: { connectTimeout: 2000, reconnectStrategy: retryDelay } };
    const failed = () => {
      this.failedCommands++;
    };
    this.pub = guarded(createClient(options), failed);
    this.sub = guarded(createClient(options), failed);
    for (const client of [this.pub, this.sub]) {
      client.on('error', (error: unknown) => this.#lost(error));
      client.on('ready', () => this.#back());
    }
  }

  /** Starts connecting; never waits for Redis (commands queue meanwhile, the relay drops its own). */
  connect(): void {
    for (const client of [this.pub, this.sub]) void client.connect();
  }

  get ready(): boolean {
    return this.pub.isReady && this.sub.isReady;
  }

  /** The Socket.IO adapter over Redis pub/sub: room broadcasts, disconnects and server-side events reach every node. */
  ioAdapter(): ReturnType<typeof createAdapter> {
    return createAdapter(this.pub, this.sub, { key: `${this.prefix}:socket.io` });
  }

  #lost(error: unknown): void {
    if (this.#down) return;
    this.#down = true;
    this.#log.warn({ err: error }, 'redis unreachable: live frames go on per node, cross-node delivery waits for it');
  }

  #back(): void {
    if (!this.#down || !this.ready) return;
    this.#down = false;
    this.#log.info({}, 'redis reachable again: cross-node delivery resumes');
  }

  /** After the Socket.IO server closed: both connections, at once (nothing waits on them any more). */
  async close(): Promise<void> {
    for (const client of [this.pub, this.sub]) {
      if (client.isOpen) client.destroy();
    }
  }
}
