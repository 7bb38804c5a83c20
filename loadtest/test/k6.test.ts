// The k6 scripts, without k6 (it has no binary here): they type-check against @types/k6, they load with only
// k6 modules and local files, their options name metrics and aggregations k6 accepts, and the Socket.IO
// framing they speak (lib/socketio.ts) works against the real hub.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SubscribeResult } from '@voltscope/shared/events';
import { decodeFrame, frameKinds } from '@voltscope/shared/frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestServer, type TestServer } from '../../server/test/helper.ts';
import { type ConnectError, type Session, socketIoSession } from '../k6/lib/socketio.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const scripts = ['login.ts', 'history.ts', 'live.ts'];

// Loads a script in a child Node with every `k6/*` module stubbed, as k6 would at init, and reports its
// exports, its options and the custom metrics it created. Any other bare import fails, as it would in k6.
const loader = `
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';
const stub = \`
const created = (globalThis.__metrics ??= []);
const metric = (type) => class { constructor(name) { created.push({ name, type }); } add() {} };
export const Counter = metric('counter'), Gauge = metric('gauge'), Rate = metric('rate'), Trend = metric('trend');
const inert = new Proxy(function () {}, { get: (_, key) => (key === 'then' ? undefined : inert), apply: () => inert, construct: () => inert });
export default inert;
export const check = inert, fail = inert, group = inert, sleep = inert, randomSeed = inert;
export const setTimeout = inert, clearTimeout = inert, setInterval = inert, clearInterval = inert, WebSocket = inert;
export const scenario = inert, vu = inert, test = inert, instance = inert;
\`;
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'k6' || specifier.startsWith('k6/')) return { url: 'k6:' + specifier, shortCircuit: true };
    if (/^(\\.{1,2}\\/|\\/|file:)/.test(specifier)) return next(specifier, context);
    throw new Error('k6 cannot load ' + specifier + ' (from ' + context.parentURL + ')');
  },
  load(url, context, next) {
    if (url.startsWith('k6:')) return { format: 'module', source: stub, shortCircuit: true };
    return next(url, context);
  },
});
globalThis.__ENV = {};
const script = await import(pathToFileURL(process.argv[1]).href);
const exports = Object.fromEntries(Object.entries(script).map(([name, value]) => [name, typeof value]));
process.stdout.write(JSON.stringify({ exports, options: script.options, metrics: globalThis.__metrics ?? [] }));
`;

interface LoadedScript {
  exports: Record<string, string>;
  options: {
    scenarios?: Record<string, { exec?: string }>;
    thresholds?: Record<string, (string | { threshold: string })[]>;
  };
  metrics: { name: string; type: MetricType }[];
}

const loaded = new Map<string, Promise<LoadedScript>>();
function load(script: string): Promise<LoadedScript> {
  let pending = loaded.get(script);
  if (!pending) {
    const args = ['--input-type=module', '-e', loader, path.join(root, 'loadtest/k6', script)];
    pending = run(bin('node'), args).then(({ stdout }) => JSON.parse(stdout) as LoadedScript);
    loaded.set(script, pending);
  }
  return pending;
}

type MetricType = 'counter' | 'gauge' | 'rate' | 'trend';

/** k6's built-in metrics that the scripts' thresholds may name (grafana.com/docs/k6/latest/using-k6/metrics). */
const builtInMetrics: Record<string, MetricType> = {
  checks: 'rate',
  http_req_duration: 'trend',
  http_req_failed: 'rate',
  http_reqs: 'counter',
  iteration_duration: 'trend',
  dropped_iterations: 'counter',
  ws_connecting: 'trend',
  ws_session_duration: 'trend',
  ws_msgs_received: 'counter',
  ws_sessions: 'counter',
};

/** The aggregations k6 allows in a threshold on each metric type. */
const aggregations: Record<MetricType, RegExp> = {
  counter: /^(count|rate)$/,
  gauge: /^value$/,
  rate: /^rate$/,
  trend: /^(avg|min|max|med|p\(\d+(\.\d+)?\))$/,
};

describe('the k6 scripts', () => {
  it('type-check against @types/k6', async () => {
    const result = await run(bin('tsc'), ['-p', 'loadtest/k6'], { cwd: root }).catch((error) => error);
    expect(`${result.stdout}${result.stderr}`).toBe('');
  });

  it.each(scripts)('%s loads with only k6 modules and local files, and exports a default function', async (script) => {
    const { exports, options } = await load(script);
    expect(exports.default).toBe('function');
    expect(exports.options).toBe('object');
    for (const [name, scenario] of Object.entries(options.scenarios ?? {})) {
      expect(exports[scenario.exec ?? 'default'], `scenario ${name} runs an exported function`).toBe('function');
    }
  });

  it.each(scripts)(
    '%s has thresholds on metrics it defines or k6 builds in, with aggregations k6 allows',
    async (script) => {
      const { options, metrics } = await load(script);
      const types = { ...builtInMetrics, ...Object.fromEntries(metrics.map((m) => [m.name, m.type])) };
      const thresholds = Object.entries(options.thresholds ?? {});
      expect(thresholds.length).toBeGreaterThan(0);
      for (const { name } of metrics) expect(name).toMatch(/^[a-z_][a-z0-9_]{0,127}$/);
      for (const [key, rules] of thresholds) {
        const match = /^([a-z_][a-z0-9_]*)(\{[a-z_]+:[^,{}]+(,[a-z_]+:[^,{}]+)*\})?$/.exec(key);
        expect(match, `threshold key ${key}`).not.toBeNull();
        const type = types[match?.[1] ?? ''];
        expect(type, `metric of ${key}`).toBeDefined();
        expect(rules.length).toBeGreaterThan(0);
        for (const rule of rules) {
          const expression = typeof rule === 'string' ? rule : rule.threshold;
          const parts = /^\s*(\S+?)\s*(<=|>=|<|>|===|==|!=)\s*-?\d+(\.\d+)?\s*$/.exec(expression);
          expect(parts, `${key}: ${expression}`).not.toBeNull();
          expect(parts?.[1], `${key}: ${expression} on a ${type}`).toMatch(aggregations[type as MetricType]);
        }
      }
    },
  );
});

const KEY = 'vsk_demo_fleet_ingest_key';
const SAMPLE_SERIES = 'es-tarifa.wtg02/active_power';

interface RawSocket {
  session: Session;
  /** Every text message the hub sent, as it arrived. */
  texts: string[];
  events: { name: string; args: unknown[] }[];
  /** The sid of an accepted CONNECT, or the hub's CONNECT_ERROR. */
  connected: Promise<{ sid: string } | { error: ConnectError }>;
  close(): void;
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('the k6 Socket.IO framing against the hub', () => {
  let server: TestServer;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const ws of sockets) ws.close();
    await server.close();
  });

  /** A bare WebSocket speaking Socket.IO as live.ts does: bearer header on the upgrade, token in CONNECT. */
  function open(token: string): RawSocket {
    // Node's WebSocket (undici) takes headers as an extension of the standard constructor, and sends no Origin.
    const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
      headers: { authorization: `Bearer ${token}` },
    });
    ws.binaryType = 'arraybuffer';
    sockets.push(ws);
    const texts: string[] = [];
    const events: RawSocket['events'] = [];
    let settle: (outcome: { sid: string } | { error: ConnectError }) => void = () => {};
    const connected = new Promise<{ sid: string } | { error: ConnectError }>((resolve) => {
      settle = resolve;
    });
    const session = socketIoSession(
      { token },
      {
        send: (text) => ws.send(text),
        onConnect: (sid) => settle({ sid }),
        onConnectError: (error) => settle({ error }),
        onEvent: (name, args) => events.push({ name, args }),
      },
    );
    ws.onmessage = (event) => {
      const data = event.data as string | ArrayBuffer;
      if (typeof data === 'string') texts.push(data);
      session.receive(data);
    };
    return { session, texts, events, connected, close: () => ws.close() };
  }

  function subscribe(socket: RawSocket, sites: string[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no ack within 5 s')), 5000);
      socket.session.emit('live:subscribe', [{ sites: sites.map((id) => ({ id })) }], ([ack]) => {
        clearTimeout(timer);
        resolve(ack);
      });
    });
  }

  it('answers an Engine.IO ping with a pong', () => {
    const sent: string[] = [];
    socketIoSession(null, { send: (text) => sent.push(text) }).receive('2');
    expect(sent).toEqual(['3']);
  });

  it('connects, subscribes with an ack, and decodes an ingested sample from the binary frame that follows', async () => {
    const { accessToken } = await server.login(demo.admin.email, demo.admin.password);
    const socket = open(accessToken);
    expect(await socket.connected).toEqual({ sid: expect.any(String) });

    const ack = (await subscribe(socket, ['es-tarifa'])) as { data: SubscribeResult };
    expect(ack.data.granted.map((g) => g.siteId)).toEqual(['es-tarifa']);
    expect(ack.data.refused).toEqual([]);
    expect(socket.texts.some((t) => t.startsWith('430[{"data":{"granted":[{"siteId":"es-tarifa"'))).toBe(true);

    const sample = { series: SAMPLE_SERIES, ts: Date.now() - 50, value: 1234 };
    const ingested = await server.request('POST', '/api/ingest', {
      body: { samples: [sample] },
      headers: { 'x-ingest-key': KEY },
    });
    expect(await ingested.json()).toMatchObject({ accepted: 1 });

    const live = () =>
      socket.events
        .filter((e) => e.name === 'live:frame')
        .map((e) => ({ siteId: e.args[0], frame: decodeFrame(e.args[1] as ArrayBuffer) }))
        .filter((f) => f.frame.kind === frameKinds.live);
    expect(await until(() => live().length > 0)).toBe(true);
    const [{ siteId, frame }] = live() as [ReturnType<typeof live>[number]];
    expect(siteId).toBe('es-tarifa');
    expect(Array.from(frame.series)).toEqual([server.app.services.registry.seriesIdByKey(SAMPLE_SERIES)]);
    expect(Array.from(frame.ts)).toEqual([sample.ts]);
    expect(Array.from(frame.values)).toEqual([sample.value]);
    expect(socket.texts).toContain('451-["live:frame","es-tarifa",{"_placeholder":true,"num":0}]');
    socket.close();
  });

  it('lists a site the client may not read as refused in the ack', async () => {
    const { accessToken } = await server.login(demo.client.email, demo.client.password);
    const socket = open(accessToken);
    expect(await socket.connected).toEqual({ sid: expect.any(String) });
    const ack = (await subscribe(socket, ['es-tarifa', 'ma-ouarzazate'])) as { data: SubscribeResult };
    expect(ack.data.granted.map((g) => g.siteId)).toEqual(['es-tarifa']);
    expect(ack.data.refused).toEqual([{ siteId: 'ma-ouarzazate', code: 'NOT_FOUND', reason: 'no such site' }]);
    socket.close();
  });

  it('gets CONNECT_ERROR with the reason for a forged token', async () => {
    const socket = open('forged-token-forged-token-forged-token');
    const message = 'The access token is invalid, expired or revoked: sign in again';
    expect(await socket.connected).toEqual({ error: { message, data: { code: 'UNAUTHENTICATED', message } } });
    expect(socket.texts.some((t) => t.startsWith('44{'))).toBe(true);
    socket.close();
  });
});
