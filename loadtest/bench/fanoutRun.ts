// One measured run of the fan-out benchmark: a hub process (pinned to core 0 when `taskset` exists),
// client workers beside it (core 1: probes and the load, clientPool.ts), a warm-up, then a measured window.
import { type ChildProcess, execFileSync, type StdioOptions, spawn } from 'node:child_process';
import { ClientPool } from './clientPool.ts';
import type { Source } from './fanoutBaselines.ts';
import { percentile } from './report.ts';

export type Mode = 'voltscope' | 'naive' | 'broadcast';
export type Pattern = 'one' | 'fleet' | 'mix';

export interface Run {
  pattern: Pattern;
  mode: Mode;
  clients: number;
  deliveredSamplesPerS: number;
  framesPerS: number;
  framesPerCpuS: number;
  /** As the probes measured it: what a user on a machine of their own sees. */
  latencyP50: number;
  latencyP95: number;
  latencyP99: number;
  /** Over every client, queued on the bench's one core (how the bench measured before probes). */
  allLatencyP99: number;
  skipped: number;
  /** Over the whole run, from subscribe on. */
  snapshotsPerClient: number;
  catchupsPerClient: number;
  loopLagP99: number;
  bytesPerClientS: number;
  memoryPerConnectionKb: number;
  /** Bytes on the wire per client and second in the window (framing and deflate included). */
  wireBytesPerClientS: number;
  /** From connect to subscribed (handshake, snapshots): bytes on the wire and main-thread CPU per client. */
  subscribeWireKbPerClient: number;
  subscribeCpuMsPerClient: number;
  /** Cores the whole hub process used (store writer included). */
  hubCpu: number;
  /** Cores the client workers used: near 1 means the clients, not the hub, set the latency. */
  clientsCpu: number;
}

interface HubReport {
  cpuSeconds: number;
  mainThreadCpuSeconds: number;
  seconds: number;
  deliveries: number;
  skipped: number;
  wireBytes: number;
  loopLagP99Ms: number;
}

interface MemoryReport {
  rss: number;
  cpuBeforeGcS: number;
  cpuS: number;
  wireBytes: number;
}

/** The generator's rate and the warm-up before a window (shared by the abuse bench). */
export const SAMPLES_PER_S = 1000;
export const WARMUP_MS = 3000;

const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A hub process pinned to core 0 where taskset exists (the clients take the other core). */
export function spawnHub(args: readonly string[], stdio: StdioOptions, env = process.env): ChildProcess {
  return hasTaskset
    ? spawn('taskset', ['-c', '0', process.execPath, ...args], { stdio, env })
    : spawn(process.execPath, args, { stdio, env });
}

export function pinSelf(core: number) {
  if (hasTaskset) execFileSync('taskset', ['-a', '-p', '-c', String(core), String(process.pid)], { stdio: 'ignore' });
}

function startHub(
  mode: Mode,
  source: Source,
): { child: ChildProcess; next: <T>(op: string) => Promise<T>; ask: <T>(op: string) => Promise<T> } {
  const script = new URL('./fanoutHub.ts', import.meta.url).pathname;
  // BENCH_PROFILE=dir writes a CPU profile of each hub there (see where the hub's time goes).
  // BENCH_DEFLATE=1 (--deflate) reaches the hub through its environment.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const args = ['--expose-gc', ...profile, script, mode, source, String(SAMPLES_PER_S)];
  const child = spawnHub(args, ['ignore', 'inherit', 'inherit', 'ipc']);
  // A hub that dies (the naive one can run out of memory) fails the run instead of hanging it.
  const next = <T>(op: string) =>
    new Promise<T>((resolve, reject) => {
      const listener = (message: { op: string }) => {
        if (message.op !== op) return;
        child.off('message', listener);
        child.off('exit', exited);
        resolve(message as T);
      };
      const exited = (code: number | null, signal: string | null) =>
        reject(new Error(`the ${mode} hub exited (${signal ?? `code ${code}`}) while waiting for ${op}`));
      child.on('message', listener);
      child.once('exit', exited);
    });
  const ask = <T>(op: string) => {
    const reply = next<T>(op === 'start' ? 'started' : op === 'measure' ? 'measuring' : op === 'close' ? 'closed' : op);
    child.send({ op });
    return reply;
  };
  return { child, next, ask };
}

/** Each client's sites: `one` and `fleet` all alike; `mix` has one wall (every site) in five, the rest operators on one site each in turn. */
export function subscriptionsOf(pattern: Pattern, clients: number, sites: readonly string[]): string[][] {
  let operators = 0;
  return Array.from({ length: clients }, (_, i) => {
    if (pattern === 'one') return [sites[0] as string];
    if (pattern === 'fleet' || i % 5 === 4) return [...sites];
    return [sites[operators++ % sites.length] as string];
  });
}

/** One measured run, or null when it failed on the way (reported, and left out of the medians). */
export async function runOnce(
  pattern: Pattern,
  mode: Mode,
  clients: number,
  seconds: number,
  source: Source,
): Promise<Run | null> {
  const pool: { clients: ClientPool | null } = { clients: null };
  const hub = startHub(mode, source);
  try {
    return await measure(pattern, mode, clients, seconds, hub, pool);
  } catch (error) {
    console.error(`  ${pattern} ${mode.padEnd(9)} ${String(clients).padStart(5)} clients: ${(error as Error).message}`);
    await pool.clients?.terminate();
    hub.child.kill();
    return null;
  }
}

async function measure(
  pattern: Pattern,
  mode: Mode,
  clients: number,
  seconds: number,
  hub: ReturnType<typeof startHub>,
  pool: { clients: ClientPool | null },
): Promise<Run> {
  const { port, sites } = await hub.next<{ port: number; sites: string[] }>('ready');
  const url = `http://127.0.0.1:${port}`;
  let token: string | null = null;
  if (mode === 'voltscope') {
    const response = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin', password: 'Volt!Admin1' }),
    });
    token = ((await response.json()) as { accessToken: string }).accessToken;
  }
  const before = await hub.ask<MemoryReport>('memory');
  const clientPool = await ClientPool.open(url, token, subscriptionsOf(pattern, clients, sites));
  pool.clients = clientPool;
  const idle = await hub.ask<MemoryReport>('memory');

  await hub.ask('start');
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  await hub.ask('measure');
  clientPool.measure();
  const clientsCpuStart = process.cpuUsage();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const clientsCpu = process.cpuUsage(clientsCpuStart);
  const hubReport = await hub.ask<HubReport>('report');
  // After the hub's: the clients' window closes as the hub's did, then waits for what is still unread.
  const { probes, all } = await clientPool.report();
  await clientPool.close();
  await hub.ask('close');

  return {
    pattern,
    mode,
    clients,
    deliveredSamplesPerS: all.samples / hubReport.seconds,
    framesPerS: all.frames / hubReport.seconds,
    framesPerCpuS: hubReport.deliveries / Math.max(1e-9, hubReport.mainThreadCpuSeconds),
    latencyP50: percentile(probes.latencies, 50),
    latencyP95: percentile(probes.latencies, 95),
    latencyP99: percentile(probes.latencies, 99),
    allLatencyP99: percentile(all.latencies, 99),
    skipped: hubReport.skipped,
    snapshotsPerClient: all.snapshots / clients,
    catchupsPerClient: all.catchups / clients,
    loopLagP99: hubReport.loopLagP99Ms,
    bytesPerClientS: all.bytes / clients / hubReport.seconds,
    memoryPerConnectionKb: (idle.rss - before.rss) / clients / 1024,
    wireBytesPerClientS: hubReport.wireBytes / clients / hubReport.seconds,
    subscribeWireKbPerClient: (idle.wireBytes - before.wireBytes) / clients / 1024,
    subscribeCpuMsPerClient: ((idle.cpuBeforeGcS - before.cpuS) * 1000) / clients,
    hubCpu: hubReport.cpuSeconds / hubReport.seconds,
    // This process runs the client workers (and little else) on their core.
    clientsCpu: (clientsCpu.user + clientsCpu.system) / 1e6 / hubReport.seconds,
  };
}
