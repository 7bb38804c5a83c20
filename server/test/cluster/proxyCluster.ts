// The cluster's fault tests' rig: hub processes (childHub) on one PostgreSQL schema and one Redis prefix,
// behind a real HAProxy configured by haproxyConfig, with PostgreSQL reached through a TCP relay the
// tests can cut, and Redis likewise. Ports are fixed before the nodes start, so that a node killed and started again comes
// back where the proxy expects it.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { haproxyConfig } from '../../src/cluster/haproxy.ts';
import { type ChildHub, startChildHub } from '../faults/childHub.ts';
import { freePort } from '../ports.ts';
import { testDatabaseUrl } from '../stores.ts';
import { TcpProxy } from '../tcpProxy.ts';

export const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p)) ?? '/usr/sbin/haproxy';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` gives a value (the caller's assertions follow; the bound only ends a hopeless wait). */
export async function until<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await sleep(25);
  }
}

export interface ClusterNode {
  name: string;
  port: number;
  url: string;
  hub: ChildHub | null;
}

export interface Cluster {
  /** The proxy's address: what clients and senders use. */
  url: string;
  schema: string;
  nodes: ClusterNode[];
  /** The schema's tables, straight on PostgreSQL (not through the relay the tests cut). */
  sql: postgres.Sql;
  /** PostgreSQL as the nodes reach it. */
  pgProxy: TcpProxy;
  /** Redis as the nodes reach it. */
  redisProxy: TcpProxy;
  /** The node holding a live lease, or null. */
  leader(): Promise<ClusterNode | null>;
  /** HAProxy's view of each node: UP, DOWN, ... */
  proxyStates(): Promise<Record<string, string>>;
  kill(node: ClusterNode): Promise<void>;
  /** Starts a killed node again on its port and waits until the proxy sends it requests again. */
  restart(node: ClusterNode): Promise<void>;
  close(): Promise<void>;
}

export async function startCluster({
  count,
  env = {},
}: {
  count: number;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const run = randomBytes(5).toString('hex');
  const schema = `vs_faults_${run}`;
  const target = new URL(testDatabaseUrl);
  const pgProxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  await pgProxy.open();
  const viaProxy = new URL(testDatabaseUrl);
  viaProxy.port = String(pgProxy.port);
  const redisTarget = new URL(REDIS_URL);
  const redisProxy = new TcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379));
  await redisProxy.open();
  const redisViaProxy = new URL(REDIS_URL);
  redisViaProxy.port = String(redisProxy.port);

  const nodes: ClusterNode[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    nodes.push({ name: `n${i + 1}`, port, url: `http://127.0.0.1:${port}`, hub: null });
  }
  const proxyPort = await freePort();
  const statsPort = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'voltscope-faults-'));
  const configFile = path.join(dir, 'haproxy.cfg');
  await writeFile(
    configFile,
    haproxyConfig({
      bind: { host: '127.0.0.1', port: proxyPort },
      nodes: nodes.map((n) => ({ name: n.name, host: '127.0.0.1', port: n.port })),
      statsPort,
    }),
  );

  const nodeEnv = (node: ClusterNode) => ({
    DATABASE_URL: viaProxy.toString(),
    DATABASE_SCHEMA: schema,
    REDIS_URL: redisViaProxy.toString(),
    REDIS_PREFIX: `vs_faults_${run}`,
    NODE_ID: node.name,
    LEADER_LEASE_MS: '1000',
    TRUST_PROXY: 'true',
    BACKFILL_DAYS: '0',
    PORT: String(node.port),
    ...env,
  });
  // One after the other: the first migrates and seeds the schema.
  for (const node of nodes) node.hub = await startChildHub(nodeEnv(node));

  const haproxy: ChildProcess = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let haproxyOutput = '';
  haproxy.stdout?.on('data', (chunk) => {
    haproxyOutput += chunk;
  });
  haproxy.stderr?.on('data', (chunk) => {
    haproxyOutput += chunk;
  });
  const haproxyExited = new Promise((resolve) => haproxy.on('exit', resolve));

  const sql = postgres(testDatabaseUrl, { max: 2, onnotice: () => {} });
  const proxyStates = async (): Promise<Record<string, string>> => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/;csv`)).text();
    const states: Record<string, string> = {};
    for (const line of csv.split('\n')) {
      const [proxy, server, ...rest] = line.split(',');
      if (proxy === 'hubs' && server && server !== 'BACKEND') states[server] = rest[15] ?? '';
    }
    return states;
  };
  const cluster: Cluster = {
    url: `http://127.0.0.1:${proxyPort}`,
    schema,
    nodes,
    sql,
    pgProxy,
    redisProxy,
    async leader() {
      const [row] = await sql.unsafe<{ holder: string }[]>(
        `SELECT holder FROM ${schema}.leader_lease WHERE name = 'hub' AND expires_at > (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT`,
      );
      return nodes.find((n) => n.name === row?.holder) ?? null;
    },
    proxyStates,
    async kill(node) {
      const hub = node.hub;
      if (!hub) return;
      hub.child.kill('SIGKILL');
      await hub.exited;
      node.hub = null;
    },
    async restart(node) {
      node.hub = await startChildHub(nodeEnv(node));
      await until(`${node.name} up in the proxy`, async () => (await proxyStates())[node.name] === 'UP', 20_000);
    },
    async close() {
      for (const node of nodes) node.hub?.child.kill('SIGKILL');
      await Promise.all(nodes.map((n) => n.hub?.exited));
      haproxy.kill('SIGTERM');
      await haproxyExited;
      await pgProxy.cut();
      await redisProxy.cut();
      await sql.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await sql.end();
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await until(
      'every node up in the proxy',
      async () => {
        if (haproxy.exitCode !== null) throw new Error(`HAProxy exited:\n${haproxyOutput}`);
        const states = await proxyStates().catch(() => ({}) as Record<string, string>);
        return nodes.every((n) => states[n.name] === 'UP');
      },
      20_000,
    );
  } catch (error) {
    await cluster.close();
    throw error;
  }
  return cluster;
}

/** A counter or gauge of a node's GET /metrics (loopback: no token needed). */
export async function metric(node: ClusterNode, name: string): Promise<number> {
  const text = await (await fetch(`${node.url}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
}
