// HTTP replies per second and p99 latency of three read routes the pages poll, on the demo hub with its
// 30 days of simulated history (httpHub.ts, a process of its own): a day of one site's power and
// irradiance (GET /api/series/history as the fleet power chart asks for it), the fleet's KPIs, and the
// open alarms of every site (GET /api/alarms/active, as the alarm feed loads them; 100 standing alarms). Each route is loaded
// by autocannon (10 connections, signed in as the demo admin) on the hub as it is and on the same hub
// built without response schemas, alternated over rounds (median and range), beside a bare Fastify route
// sending the same body pre-encoded (the ceiling). Any reply other than 200 fails the run.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { demoAccounts, demoSites } from '../../server/src/demo/fleet.ts';
import type { HubMessage, HubMode, ParentMessage } from './httpHub.ts';
import { type Figure, percentile, rate, time } from './report.ts';

const CONNECTIONS = 10;
const WARMUP_S = 2;
// A hub lives about 35 s (three routes, warm-up and run each): its first daily-KPI job (31 days, at 60 s)
// never runs inside a measurement.
const PREPARE_TIMEOUT_MS = 5 * 60_000;

type Served = Exclude<HubMode, 'prepare'>;
interface Route {
  key: string;
  path: string;
}
interface Load {
  repliesPerS: number;
  p99Ms: number;
  bytesPerReply: number;
}

interface Server {
  port: number;
  powerId: number;
  irradianceId: number;
  close: () => Promise<void>;
}

/** Starts httpHub.ts in `mode` on `arg` (a data dir, or the bare server's bodies); `onLog` sees its log lines. */
function startServer(mode: HubMode, arg: string, onLog?: (line: { msg?: string }) => void): Promise<Server> {
  const script = new URL('./httpHub.ts', import.meta.url).pathname;
  const child: ChildProcess = spawn(process.execPath, [script, mode, arg], {
    stdio: ['ignore', onLog ? 'pipe' : 'inherit', 'inherit', 'ipc'],
  });
  if (onLog && child.stdout) {
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        try {
          onLog(JSON.parse(line) as { msg?: string });
        } catch {
          // Not a log line.
        }
      }
    });
  }
  const next = (op: HubMessage['op']) =>
    new Promise<HubMessage>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the ${mode} server exited (${code}) before '${op}'`));
      const listener = (message: HubMessage) => {
        if (message.op !== op) return;
        child.off('message', listener);
        child.off('exit', exited);
        resolve(message);
      };
      child.on('message', listener);
      child.once('exit', exited);
    });
  return next('ready').then((message) => {
    if (message.op !== 'ready') throw new Error('unexpected message');
    return {
      port: message.port,
      powerId: message.powerId,
      irradianceId: message.irradianceId,
      close: async () => {
        const closed = next('closed');
        child.send({ op: 'close' } satisfies ParentMessage);
        await closed;
      },
    };
  });
}

/** The demo store with its simulated history: a first start, until the simulator has filled it. */
async function prepare(dataDir: string): Promise<{ powerId: number; irradianceId: number }> {
  let filled: () => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    filled = resolve;
    setTimeout(() => reject(new Error('the simulator did not fill the history in time')), PREPARE_TIMEOUT_MS).unref();
  });
  const server = await startServer('prepare', dataDir, (line) => {
    if (line.msg === 'history filled') filled();
  });
  await done;
  await server.close();
  return server;
}

async function signIn(port: number): Promise<string> {
  const admin = demoAccounts.find((a) => a.role === 'admin');
  if (!admin) throw new Error('no demo admin');
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (response.status !== 201) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** One autocannon run; throws unless every reply was a 200. */
function load(port: number, route: Route, token: string | null, seconds: number): Promise<Load> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let bytes = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}${route.path}`,
        connections: CONNECTIONS,
        duration: seconds,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      },
      (error, result) => {
        if (error) return reject(error);
        const ok = statuses.get(200) ?? 0;
        const other = [...statuses].filter(([status]) => status !== 200);
        if (other.length > 0 || result.errors > 0 || result.timeouts > 0 || ok === 0) {
          return reject(
            new Error(
              `${route.path}: ${ok} replies 200, ${other.map(([s, n]) => `${n} replies ${s}`).join(', ') || 'no others'}, ` +
                `${result.errors} errors, ${result.timeouts} timeouts`,
            ),
          );
        }
        latencies.sort((a, b) => a - b);
        resolve({ repliesPerS: ok / result.duration, p99Ms: percentile(latencies, 99), bytesPerReply: bytes / ok });
      },
    );
    // autocannon's own histogram keeps whole milliseconds; these keep the fraction.
    instance.on('response', (_client, status, replyBytes, ms) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      latencies.push(ms);
      bytes += replyBytes;
    });
  });
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const range = (values: readonly number[]): [number, number] => [Math.min(...values), Math.max(...values)];

export async function httpBenchmark(options: { quick: boolean; args: string[] }): Promise<Figure[]> {
  const seconds = options.quick ? 3 : 8;
  const roundsArg = options.args.indexOf('--rounds');
  const rounds = roundsArg >= 0 ? Number(options.args[roundsArg + 1]) : options.quick ? 1 : 3;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number from 1');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-bench-http-'));
  try {
    console.error('  filling the demo history (30 days)…');
    const { powerId, irradianceId } = await prepare(dataDir);

    // The fleet power chart's 24-hour window (client: fleetTrend.ts logQuery): 4-minute buckets, the
    // span one bucket longer than the day so that the hub's bucket is exactly 4 minutes.
    const DAY_MS = 86_400_000;
    const BUCKET_MS = 240_000;
    const from = Math.floor((Date.now() - DAY_MS) / BUCKET_MS) * BUCKET_MS;
    const routes: Route[] = [
      {
        key: 'series_history',
        path: `/api/series/history?ids=${powerId},${irradianceId}&from=${from}&to=${from + DAY_MS + BUCKET_MS}&maxPoints=${DAY_MS / BUCKET_MS + 1}`,
      },
      { key: 'kpis_fleet', path: '/api/kpis/fleet' },
      { key: 'alarms_active', path: `/api/alarms/active?sites=${demoSites.map((s) => s.id).join(',')}` },
    ];

    const runs = new Map<string, Load[]>();
    const record = (mode: Served, route: Route, result: Load) => {
      const key = `${mode} ${route.key}`;
      runs.set(key, [...(runs.get(key) ?? []), result]);
    };
    const bodiesFile = path.join(dataDir, 'bare-bodies.json');
    let bodies: Record<string, string> | null = null;

    for (let round = 0; round < rounds; round++) {
      const order: Served[] = round % 2 === 0 ? ['schemas', 'plain', 'bare'] : ['bare', 'plain', 'schemas'];
      for (const mode of order) {
        const server = await startServer(mode, mode === 'bare' ? bodiesFile : dataDir);
        try {
          const token = mode === 'bare' ? null : await signIn(server.port);
          if (!bodies && token) {
            bodies = {};
            for (const route of routes) {
              const response = await fetch(`http://127.0.0.1:${server.port}${route.path}`, {
                headers: { authorization: `Bearer ${token}` },
              });
              if (response.status !== 200) throw new Error(`${route.path} answered ${response.status}`);
              bodies[route.path.split('?')[0] as string] = await response.text();
            }
            await writeFile(bodiesFile, JSON.stringify(bodies));
          }
          for (const route of routes) {
            const target = mode === 'bare' ? { ...route, path: route.path.split('?')[0] as string } : route;
            await load(server.port, target, token, WARMUP_S);
            const result = await load(server.port, target, token, seconds);
            record(mode, route, result);
            console.error(
              `  round ${round + 1} ${mode.padEnd(7)} ${route.key.padEnd(14)} ${Math.round(result.repliesPerS)} replies/s, ` +
                `p99 ${result.p99Ms.toFixed(2)} ms, ${Math.round(result.bytesPerReply)} bytes`,
            );
          }
        } finally {
          await server.close();
        }
      }
    }

    return routes.flatMap((route) => {
      const of = (mode: Served) => runs.get(`${mode} ${route.key}`) ?? [];
      const figure = (mode: Served, pick: (l: Load) => number) => ({
        value: median(of(mode).map(pick)),
        range: range(of(mode).map(pick)),
      });
      const name = `http.${route.key}`;
      const withRate = figure('schemas', (l) => l.repliesPerS);
      const withoutRate = figure('plain', (l) => l.repliesPerS);
      const bareRate = figure('bare', (l) => l.repliesPerS);
      const withP99 = figure('schemas', (l) => l.p99Ms);
      const withoutP99 = figure('plain', (l) => l.p99Ms);
      const bareP99 = figure('bare', (l) => l.p99Ms);
      return [
        // With response schemas (the hub as it is) beside the same hub without them: the ratio is with / without.
        { ...rate(`${name}.replies_per_s`, 'replies/s', withRate.value, withoutRate.value), range: withRate.range },
        { ...time(`${name}.latency.p99_ms`, withP99.value, withoutP99.value), range: withP99.range },
        // Without them, beside the bare route sending the same body: the share of the ceiling it reaches.
        {
          ...rate(`${name}.no_schemas.replies_per_s`, 'replies/s', withoutRate.value, bareRate.value),
          range: withoutRate.range,
        },
        { ...time(`${name}.no_schemas.latency.p99_ms`, withoutP99.value, bareP99.value), range: withoutP99.range },
        { name: `${name}.bytes_per_reply`, unit: 'bytes', value: median(of('schemas').map((l) => l.bytesPerReply)) },
        {
          name: `${name}.no_schemas.bytes_per_reply`,
          unit: 'bytes',
          value: median(of('plain').map((l) => l.bytesPerReply)),
        },
        { name: `${name}.bare.replies_per_s`, unit: 'replies/s', value: bareRate.value, range: bareRate.range },
        { name: `${name}.bare.latency.p99_ms`, unit: 'ms', value: bareP99.value, range: bareP99.range },
      ];
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
