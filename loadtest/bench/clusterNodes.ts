// The cluster benchmark's hubs: N real hub processes (`server/src/main.ts`, as `npm run cluster` starts
// them, pinned to core 0 where taskset exists) behind HAProxy with the project's generated configuration,
// on a PostgreSQL schema, a Redis prefix and MQTT topics of this run's own, the simulator off. Each node's
// CPU and counters are read from its own `/metrics` (loopback callers need no token).
import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { haproxyConfig, type ProxyNode } from '../../server/src/cluster/haproxy.ts';
import { spawnHub } from './fanoutRun.ts';
import { freePort } from './soakHub.ts';

export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const MAIN = new URL('../../server/src/main.ts', import.meta.url).pathname;

export interface Cluster {
  /** The proxy's address: every client and sign-in goes through it. */
  url: string;
  /** This run's MQTT topic prefix (the hubs subscribe to `<prefix>/+/batch` in the run's share group). */
  topicPrefix: string;
  /** Summed over the nodes: CPU seconds and the counters the benchmark reads. */
  totals(): Promise<NodeTotals>;
  close(): Promise<void>;
}

export interface NodeTotals {
  cpuSeconds: number;
  inserted: number;
  rejected: number;
  deliveries: number;
  skipped: number;
  /** Sockets the nodes disconnected as slow consumers (RELIABILITY decision 3). */
  slowDropped: number;
  sockets: number[];
}

/** Resolves once the node prints its address, rejects if it exits first. */
function started(child: ChildProcess, name: string): Promise<void> {
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('running at')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.once('exit', (code, signal) => reject(new Error(`${name} exited (${signal ?? code}):\n${output}`)));
  });
}

/** The sum of one metric's samples in a Prometheus text page (labels ignored). */
function metric(page: string, name: string): number {
  let sum = 0;
  for (const line of page.split('\n')) {
    if (line.startsWith(`${name} `) || line.startsWith(`${name}{`))
      sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

export async function startCluster(count: number, postgresUrl: string): Promise<Cluster> {
  const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
  if (!haproxy) throw new Error('HAProxy is not installed: apt-get install -y haproxy');
  const run = randomBytes(5).toString('hex');
  const schema = `vs_bench_cluster_${run}`;
  const topicPrefix = `vsbench-${run}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'voltscope-bench-cluster-'));
  const proxyPort = await freePort();
  const nodes: ProxyNode[] = [];
  for (let i = 0; i < count; i++) nodes.push({ name: `node-${i + 1}`, host: '127.0.0.1', port: await freePort() });
  const configFile = path.join(dir, 'haproxy.cfg');
  await writeFile(configFile, haproxyConfig({ bind: { host: '127.0.0.1', port: proxyPort }, nodes }));
  if (spawnSync(haproxy, ['-c', '-q', '-f', configFile]).status !== 0) throw new Error('bad HAProxy configuration');

  const children: ChildProcess[] = [];
  const env = (node: ProxyNode) => ({
    PATH: process.env.PATH ?? '',
    PORT: String(node.port),
    HOST: node.host,
    NODE_ID: `bench-${run}-${node.name}`,
    DATA_DIR: dir,
    DATABASE_URL: postgresUrl,
    DATABASE_SCHEMA: schema,
    REDIS_URL,
    REDIS_PREFIX: `vsbench_${run}`,
    MQTT_URL,
    MQTT_TOPIC_PREFIX: topicPrefix,
    MQTT_SHARE_GROUP: `hub-${run}`,
    TRUST_PROXY: 'true',
    DEMO: 'true',
    SIMULATOR: 'false',
    BACKFILL_DAYS: '0',
    SCRYPT_LOG2N: '10',
    LOG_LEVEL: 'warn',
  });
  const spawnNode = (node: ProxyNode) => {
    const child = spawnHub([MAIN], ['ignore', 'pipe', 'pipe'], env(node));
    children.push(child);
    return started(child, node.name);
  };
  const dropSchema = async () => {
    const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  };
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await dropSchema().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };

  try {
    // The first node migrates and seeds the fresh schema; the others then start together.
    const [first, ...rest] = nodes;
    await spawnNode(first as ProxyNode);
    await Promise.all(rest.map(spawnNode));
    const proxy = spawn(haproxy, ['-db', '-f', configFile], { stdio: 'ignore' });
    children.push(proxy);
    const url = `http://127.0.0.1:${proxyPort}`;
    await waitForProxy(url, count);
    const scrape = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    return {
      url,
      topicPrefix,
      async totals() {
        const pages = await Promise.all(nodes.map((n) => scrape(n.port)));
        const sum = (name: string) => pages.reduce((n, page) => n + metric(page, name), 0);
        return {
          cpuSeconds: sum('process_cpu_seconds_total'),
          inserted: sum('voltscope_ingest_inserted_total'),
          rejected: sum('voltscope_ingest_rejected_total'),
          deliveries: sum('voltscope_frame_deliveries_total'),
          skipped: sum('voltscope_frames_skipped_total'),
          slowDropped: sum('voltscope_slow_sockets_dropped_total'),
          sockets: pages.map((page) => metric(page, 'voltscope_sockets_connected')),
        };
      },
      close: stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Until the proxy answers and its health checks have taken every node in (two checks a second apart). */
async function waitForProxy(url: string, count: number) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const seen = new Set<string>();
    for (let i = 0; i < count * 4; i++) {
      const response = await fetch(`${url}/api/health`).catch(() => null);
      const cookie = response?.headers.get('set-cookie');
      if (cookie) seen.add(cookie.split(';')[0] as string);
    }
    if (seen.size >= count) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`HAProxy did not take all ${count} nodes in within 30 s`);
}
