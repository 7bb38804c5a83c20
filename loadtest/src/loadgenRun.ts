// A load-generator run as a function: sign in once (or take a token), start the worker threads that
// hold the simulated browsers, collect their counts once a second on one clock, stop them at the end
// (or on abort) and return the summary. The command line (loadgen.ts) and the tests both call it.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DEMO_LOGIN, readableSites, signIn } from './hub.ts';
import type { Counters, Delta, FromWorker, ToWorker, WorkerSetup } from './loadgenProtocol.ts';
import { type RunParameters, RunStats, type Second, type Summary } from './loadgenStats.ts';

export interface LoadOptions {
  url: string;
  clients: number;
  rampMs: number;
  durationMs: number;
  /** Sites every client follows; all the account may read when empty. */
  sites: string[];
  /** A prepared access token; otherwise the run signs in once with `email` and `password`. */
  token?: string;
  email?: string;
  password?: string;
  /** Every client signs in itself (loads the sign-in path; slow: the hub hashes with scrypt). */
  loginEach?: boolean;
  /** Worker threads; one per core but one by default. */
  threads?: number;
}

export interface RunHooks {
  /** Called once the clients' plan is known, before the first client starts. */
  onStart?(parameters: RunParameters): void;
  /** Called after each second with its row and the counts so far. */
  onSecond?(second: Second, totals: Readonly<Counters>): void;
  /** Something the user should know that does not stop the run. */
  warn?(message: string): void;
  /** Stops the run early; the summary still comes, marked interrupted. */
  signal?: AbortSignal;
}

const SECOND_MS = 1000;

/** A worker with a promise per answer it owes, in order. */
interface Handle {
  worker: Worker;
  next(type: FromWorker['type']): Promise<FromWorker>;
}

function startWorker(setup: WorkerSetup): Handle {
  const worker = new Worker(new URL('./loadgenWorker.ts', import.meta.url), { workerData: setup });
  const waiting: { type: FromWorker['type']; resolve(m: FromWorker): void; reject(e: Error): void }[] = [];
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    for (const w of waiting.splice(0)) w.reject(error);
  };
  worker.on('message', (message: FromWorker) => {
    const index = waiting.findIndex((w) => w.type === message.type);
    if (index >= 0) waiting.splice(index, 1)[0]?.resolve(message);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`a load-generator worker stopped (exit code ${code})`)));
  return {
    worker,
    next: (type) =>
      failure
        ? Promise.reject(failure)
        : new Promise((resolve, reject) => {
            waiting.push({ type, resolve, reject });
          }),
  };
}

async function ask(handles: readonly Handle[], message: ToWorker, answer: 'delta' | 'final'): Promise<Delta[]> {
  const replies = handles.map((h) => h.next(answer));
  for (const h of handles) h.worker.postMessage(message);
  return (await Promise.all(replies)).map((m) => (m as { delta: Delta }).delta);
}

/** Resolves at `at` (Date.now() time) or as soon as the signal aborts. */
function sleepUntil(at: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, Math.max(0, at - Date.now()));
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** fetch's "fetch failed" says nothing of where or why: name the hub and the cause. */
async function reaching<T>(url: string, request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const cause = (error.cause as { message?: string } | undefined)?.message;
    throw new Error(`Cannot reach the hub at ${url}: ${cause ?? error.message}`);
  }
}

async function resolveAccess(options: LoadOptions, warn: (m: string) => void) {
  const { url } = options;
  const token =
    options.token ??
    (await reaching(url, signIn(url, options.email ?? DEMO_LOGIN.email, options.password ?? DEMO_LOGIN.password)))
      .accessToken;
  let readable: string[] | null = null;
  try {
    readable = await reaching(url, readableSites(url, token));
  } catch (error) {
    if (options.sites.length === 0) throw error;
    warn(`could not check the sites against the account: ${(error as Error).message}`);
  }
  const sites = options.sites.length > 0 ? options.sites : (readable ?? []);
  if (sites.length === 0) throw new Error('This account may read no site: there is nothing to subscribe to');
  for (const site of sites) {
    if (readable && !readable.includes(site)) {
      warn(`site "${site}" is not one this account may read: every subscription to it will be refused`);
    }
  }
  return { token, sites };
}

export async function runLoad(options: LoadOptions, hooks: RunHooks = {}): Promise<Summary> {
  const warn = hooks.warn ?? (() => {});
  const { token, sites } = await resolveAccess(options, warn);
  const cores = availableParallelism();
  const threads = Math.min(options.clients, options.threads ?? Math.max(1, cores - 1));
  const parameters: RunParameters = {
    url: options.url,
    clients: options.clients,
    rampS: options.rampMs / 1000,
    durationS: options.durationMs / 1000,
    sites,
    threads,
    cores,
    auth: options.loginEach ? 'sign-in per client' : options.token ? 'token' : 'shared sign-in',
  };
  const login = options.loginEach
    ? { email: options.email ?? DEMO_LOGIN.email, password: options.password ?? DEMO_LOGIN.password }
    : null;
  // Client i starts at i/(N-1) of the ramp; clients are dealt to the workers in turn so each ramps evenly.
  const offsets: number[][] = Array.from({ length: threads }, () => []);
  for (let i = 0; i < options.clients; i++) {
    offsets[i % threads]?.push(options.clients > 1 ? (options.rampMs * i) / (options.clients - 1) : 0);
  }
  const handles = offsets.map((own) =>
    startWorker({ url: options.url, sites, token: login ? null : token, login, offsets: own }),
  );
  try {
    await Promise.all(handles.map((h) => h.next('ready')));
    hooks.onStart?.(parameters);
    return await drive(handles, options, parameters, hooks);
  } finally {
    await Promise.all(handles.map((h) => h.worker.terminate()));
  }
}

async function drive(
  handles: readonly Handle[],
  options: LoadOptions,
  parameters: RunParameters,
  hooks: RunHooks,
): Promise<Summary> {
  const stats = new RunStats(options.rampMs, parameters.cores);
  const startedAt = new Date();
  const startAt = Date.now();
  const endAt = startAt + options.rampMs + options.durationMs;
  for (const h of handles) h.worker.postMessage({ type: 'start', startAt } satisfies ToWorker);
  let lastAt = startAt;
  let lastCpu = process.cpuUsage();
  const measure = () => {
    const now = Date.now();
    const cpu = process.cpuUsage(lastCpu);
    const interval = { endMs: now - startAt, wallMs: now - lastAt, cpuMs: (cpu.user + cpu.system) / 1000 };
    lastAt = now;
    lastCpu = process.cpuUsage();
    return interval;
  };
  // Ticks fall on whole seconds after the start, so a slow report does not shift the ones after it.
  for (let tick = 1; ; tick++) {
    const at = Math.min(startAt + tick * SECOND_MS, endAt);
    await sleepUntil(at, hooks.signal);
    if (hooks.signal?.aborted) break;
    const deltas = await ask(handles, { type: 'flush' }, 'delta');
    const { endMs, wallMs, cpuMs } = measure();
    const second = stats.add(deltas, endMs, wallMs, cpuMs);
    if (second) hooks.onSecond?.(second, stats.totals);
    if (at >= endAt) break;
  }
  const finals = await ask(handles, { type: 'stop' }, 'final');
  const { endMs, wallMs, cpuMs } = measure();
  stats.add(finals, endMs, wallMs, cpuMs, true);
  return stats.summary(parameters, startedAt, Date.now() - startAt, hooks.signal?.aborted ?? false);
}
