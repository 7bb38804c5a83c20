// `npm run cluster`: several hub nodes on this machine behind HAProxy, against the local PostgreSQL, Redis
// and (when given) Mosquitto. Options: --nodes N (3), --port P (3000: the proxy; nodes take P+1..P+N).
// The environment passes through to every node (DATABASE_URL, REDIS_URL, MQTT_URL, SIM_TRANSPORT, ...);
// DATABASE_URL and REDIS_URL default to this machine's services. A node that exits is started again after
// two seconds, as systemd would (server/deploy/ has the units and a compose file for real hosts).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { haproxyConfig } from '../src/cluster/haproxy.ts';
import { buildClientIfStale, root } from './buildClient.ts';

const { values } = parseArgs({
  options: { nodes: { type: 'string', default: '3' }, port: { type: 'string', default: '3000' } },
});
const count = Number(values.nodes);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1 || count > 16 || !Number.isInteger(port) || port < 1 || port > 65_000) {
  console.error('usage: npm run cluster -- [--nodes 1..16] [--port 3000]');
  process.exit(2);
}
const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p));
if (!haproxy) {
  console.error('HAProxy is not installed: apt-get install -y haproxy');
  process.exit(1);
}

buildClientIfStale();

const dir = path.join(root, 'data/cluster');
fs.mkdirSync(dir, { recursive: true });
const nodes = Array.from({ length: count }, (_, i) => ({
  name: `node-${i + 1}`,
  host: '127.0.0.1',
  port: port + 1 + i,
}));
const configFile = path.join(dir, 'haproxy.cfg');
fs.writeFileSync(configFile, haproxyConfig({ bind: { host: '0.0.0.0', port }, nodes, statsPort: port + 100 }));
const check = spawnSync(haproxy, ['-c', '-q', '-f', configFile], { stdio: 'inherit' });
if (check.status !== 0) process.exit(1);

const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/voltscope',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  TRUST_PROXY: 'true',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
};
await ensureDatabase(env.DATABASE_URL);

let stopping = false;
const children = new Map<string, ChildProcess>();

/** Prefixes each line a child writes with its name, so the nodes' logs read apart. */
function pipe(name: string, child: ChildProcess) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) console.log(`[${name}] ${line}`);
    });
  }
}

function run(name: string, command: string, args: string[], childEnv: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.set(name, child);
  pipe(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    console.log(`[${name}] exited (${signal ?? code}); starting it again in 2 s`);
    setTimeout(() => !stopping && run(name, command, args, childEnv), 2000);
  });
}

for (const node of nodes) {
  run(node.name, process.execPath, ['server/src/main.ts'], {
    ...env,
    NODE_ID: node.name,
    PORT: String(node.port),
    HOST: node.host,
  });
}
run('haproxy', haproxy, ['-db', '-f', configFile], process.env);
console.log(
  `Voltscope cluster: ${count} node(s) behind http://localhost:${port} (HAProxy stats at http://127.0.0.1:${port + 100}/)`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    for (const child of children.values()) child.kill('SIGTERM');
    setTimeout(() => process.exit(0), 12_000).unref();
    const wait = setInterval(() => children.size === 0 && process.exit(0), 100);
    wait.unref();
  });
}

/** Creates the cluster's database on first use (the hub migrates it; PostgreSQL does not create it). */
async function ensureDatabase(url: string) {
  const { default: postgres } = await import('postgres');
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    const found = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (found.length === 0) await sql.unsafe(`CREATE DATABASE "${name.replaceAll('"', '')}"`);
  } finally {
    await sql.end();
  }
}
