// Starts the real hub on an ephemeral port with its own SQLite file, for integration and browser tests.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoginResponse } from '@voltscope/shared/domain';
import type { ClientToServerEvents, ServerToClientEvents } from '@voltscope/shared/events';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A fetch Response whose JSON body tests read freely (their assertions check its shape). */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are asserted, not trusted.
export type TestResponse = Omit<Response, 'json'> & { json(): Promise<any> };

export interface TestServer {
  app: FastifyInstance;
  url: string;
  config: Config;
  /** fetch against the server, JSON in and out. */
  request(
    method: string,
    route: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<TestResponse>;
  login(email: string, password: string, rememberMe?: boolean): Promise<LoginResponse>;
  /** Sends samples with the demo ingest key, in requests of 5,000; throws unless each is accepted whole. */
  ingest(samples: readonly { series: number | string; ts: number; value: number }[]): Promise<void>;
  /** A Socket.IO client as a non-browser peer: bearer header plus the token in the handshake. */
  connect(token: string | null, options?: { origin?: string }): TestSocket;
  close(): Promise<void>;
}

export const DEMO_INGEST_KEY = 'vsk_demo_fleet_ingest_key';

export const demo = {
  admin: { email: 'admin@voltscope.io', username: 'admin', password: 'Volt!Admin1' },
  operator: { email: 'operator@voltscope.io', username: 'operator', password: 'Volt!Oper1' },
  client: { email: 'client@voltscope.io', username: 'client', password: 'Volt!Client1' },
} as const;

/** A site as an admin creates one (POST /api/sites), with any fields replaced. */
export const newSite = (over: Record<string, unknown> = {}) => ({
  id: 'de-lausitz',
  name: 'Lausitz Solar',
  kind: 'solar',
  timeZone: 'Europe/Berlin',
  country: 'de',
  latitude: 51.5,
  longitude: 14.1,
  capacityKw: 12_000,
  gridLimitKw: 10_000,
  ...over,
});

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-test-'));
  // A cheap scrypt cost keeps the suite fast; production uses 2^17. Load shedding waits for a 10 s stall
  // rather than 1 s: a test hub shares a 2-core CI machine with the other test files, and one that sheds
  // its own test's requests tests the machine, not the hub (loadShedding.test.ts sets its own limit).
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SCRYPT_LOG2N: '10',
      SIMULATOR: 'false',
      MAX_EVENT_LOOP_DELAY_MS: '10000',
    }),
    ...overrides,
  };
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const sockets: TestSocket[] = [];

  const request: TestServer['request'] = (method, route, { body, token, headers = {} } = {}) =>
    fetch(url + route, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });

  return {
    app,
    url,
    config,
    request,
    async login(email, password, rememberMe = false) {
      const response = await request('POST', '/api/auth/login', { body: { email, password, rememberMe } });
      if (response.status !== 201) throw new Error(`login failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as LoginResponse;
    },
    async ingest(samples) {
      for (let i = 0; i < samples.length; i += 5000) {
        const response = await request('POST', '/api/ingest', {
          body: { samples: samples.slice(i, i + 5000) },
          headers: { 'x-ingest-key': DEMO_INGEST_KEY },
        });
        if (response.status !== 200) throw new Error(`ingest failed: ${response.status} ${await response.text()}`);
      }
    },
    connect(token, { origin } = {}) {
      const socket: TestSocket = io(url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...(token ? { auth: { token } } : {}),
        extraHeaders: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(origin ? { origin } : {}) },
      });
      sockets.push(socket);
      return socket;
    },
    async close() {
      for (const socket of sockets) socket.disconnect();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An access token of each demo account, signed in on `server`. */
export async function demoTokens(server: TestServer): Promise<Record<keyof typeof demo, string>> {
  const tokens = { admin: '', operator: '', client: '' };
  for (const role of Object.keys(demo) as (keyof typeof demo)[]) {
    tokens[role] = (await server.login(demo[role].email, demo[role].password)).accessToken;
  }
  return tokens;
}

/** A test server with the demo admin signed in: where most HTTP and alarm tests start. */
export async function startAsAdmin(overrides: Partial<Config> = {}): Promise<{ server: TestServer; admin: string }> {
  const server = await startTestServer(overrides);
  return { server, admin: (await server.login(demo.admin.email, demo.admin.password)).accessToken };
}

/** Asks `check` every 50 ms until it holds or `ms` pass; resolves with its last answer (tests assert on it). */
export async function settles(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return check();
}

/** Resolves with the first `event` a socket emits (connect, connect_error, disconnect, ...). */
export function nextEvent<T = unknown>(socket: TestSocket, event: string, timeoutMs = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    (socket as unknown as { once(e: string, f: (v: T) => void): void }).once(event, (value: T) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
