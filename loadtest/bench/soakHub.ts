// The soak's hub: the real one as `npm start` runs it (server/scripts/start.ts builds the client when its
// sources changed, then runs server/src/main.ts), in a child process on a fixed port and data folder,
// so that a restart (SIGTERM, then a new process) finds the same store, as an operator's would.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const START_SCRIPT = new URL('../../server/scripts/start.ts', import.meta.url).pathname;

export interface SoakHubOptions {
  /** Simulated seconds per wall-clock second (SIM_WARP). */
  warp: number;
  /** Simulated time between two samples of a series (SIM_PERIOD, ms). */
  periodMs: number;
  /** SIM_FAULT_RATE: faults (and so alarms) this many times as often as the demo's. */
  faultRate: number;
}

export interface SoakHub {
  port: number;
  /** SIGTERM, wait for the process to end, start it again; resolves when it answers again. */
  restart(): Promise<void>;
  /** Reads one figure of GET /metrics (loopback callers only): a gauge's value, or null. */
  metric(name: string): Promise<number | null>;
  close(): Promise<void>;
}

/** A port nothing listens on now: one the system gave, then closed. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the hub exited with ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the hub did not answer at ${url} within ${timeoutMs / 1000} s`);
}

export async function startSoakHub(options: SoakHubOptions): Promise<SoakHub> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-soak-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: 'true',
    SIMULATOR: 'true',
    BACKFILL_DAYS: '0',
    SIM_WARP: String(options.warp),
    SIM_PERIOD: `${options.periodMs}ms`,
    SIM_FAULT_RATE: String(options.faultRate),
    SCRYPT_LOG2N: '10',
    LOG_LEVEL: 'warn',
  };
  let child: ChildProcess;
  const launch = async (timeoutMs: number) => {
    child = spawn(process.execPath, [START_SCRIPT], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitHealthy(url, child, timeoutMs);
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  // The first start may build the client (a minute or more on a busy machine).
  await launch(600_000);
  return {
    port,
    async restart() {
      await stop();
      await launch(120_000);
    },
    async metric(name) {
      try {
        const text = await (await fetch(`${url}/metrics`)).text();
        const line = text.split('\n').find((l) => l.startsWith(`${name} `));
        return line ? Number(line.slice(name.length + 1)) : null;
      } catch {
        return null;
      }
    },
    async close() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
