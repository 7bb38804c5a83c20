// Cluster: 1, 2 and 3 hub nodes on this machine behind HAProxy (clusterNodes.ts), on PostgreSQL, Redis and
// MQTT ingest, the simulator off. A logger (clusterPublisher.ts) publishes every demo series once a second
// to the broker's batched topic, stamped when sent; the same Socket.IO clients (clientPool.ts, the `mix`
// pattern: four in five on one site, one in five on all four) follow the fleet through the proxy for
// every node count. Measured over a window after a warm-up: delivered samples a second, publish-to-client
// latency (as the pool's probes see it), and the nodes' CPU (their own `process_cpu_seconds_total`) per
// live frame the clients got. Then, with the clients gone, a burst of older fleet steps measures the MQTT
// ingest rate (samples committed a second, all nodes) beside the bare broker: the same burst read by a
// plain subscriber. Node counts and the bare broker are interleaved within each round; medians and
// ranges over the rounds.
import { ClientPool } from './clientPool.ts';
import { type Cluster, MQTT_URL, startCluster } from './clusterNodes.ts';
import { bareSubscriber, FleetPublisher } from './clusterPublisher.ts';
import { pinSelf, subscriptionsOf, WARMUP_MS } from './fanoutRun.ts';
import { type Figure, percentile } from './report.ts';

const NODE_COUNTS = [1, 2, 3] as const;
const PERIOD_MS = 1000;
/** Whole-fleet steps of the ingest burst (3,042 samples each). */
const BURST_STEPS = 20;
/** Older than ALARM_LATE_SAMPLE_SECONDS (15 min): stored as history, not judged now. */
const BURST_AGE_MS = 30 * 60_000;

interface Run {
  nodes: number;
  clients: number;
  deliveredSamplesPerS: number;
  framesPerS: number;
  latencyP50: number;
  latencyP99: number;
  cpuUsPerFrame: number;
  hubCpu: number;
  clientsCpu: number;
  skipped: number;
  ingestSamplesPerS: number;
  /** Sockets on each node during the window (how the proxy spread the clients). */
  sockets: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin', password: 'Volt!Admin1' }),
  });
  if (!response.ok) throw new Error(`sign-in through the proxy: ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** Polls until `done`, or fails after `ms`. */
async function until(done: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} not within ${ms / 1000} s`);
    await sleep(50);
  }
}

async function measureCluster(cluster: Cluster, nodes: number, clients: number, seconds: number): Promise<Run> {
  const publisher = await FleetPublisher.connect(MQTT_URL, cluster.topicPrefix);
  let pool: ClientPool | null = null;
  const stopStream = publisher.steady(PERIOD_MS);
  try {
    const token = await signIn(cluster.url);
    const sites = publisher.sites.map((s) => s.site);
    pool = await ClientPool.open(cluster.url, token, subscriptionsOf('mix', clients, sites));
    await sleep(WARMUP_MS);

    const before = await cluster.totals();
    pool.measure();
    const clientsCpuStart = process.cpuUsage();
    const started = performance.now();
    await sleep(seconds * 1000);
    const window = (performance.now() - started) / 1000;
    const clientsCpu = process.cpuUsage(clientsCpuStart);
    const after = await cluster.totals();
    const { probes, all } = await pool.report();
    await pool.close();
    pool = null;
    stopStream();

    const latencies = probes.latencies;
    const { frames, samples } = all;
    const cpu = after.cpuSeconds - before.cpuSeconds;
    if (after.rejected > before.rejected)
      throw new Error(`the hubs refused ${after.rejected - before.rejected} samples`);
    return {
      nodes,
      clients,
      deliveredSamplesPerS: samples / window,
      framesPerS: frames / window,
      latencyP50: percentile(latencies, 50),
      latencyP99: percentile(latencies, 99),
      cpuUsPerFrame: (cpu * 1e6) / Math.max(1, frames),
      hubCpu: cpu / window,
      clientsCpu: (clientsCpu.user + clientsCpu.system) / 1e6 / window,
      skipped: after.skipped - before.skipped,
      sockets: after.sockets,
      ingestSamplesPerS: await ingestRate(cluster, publisher),
    };
  } finally {
    stopStream();
    await pool?.terminate();
    await publisher.close();
  }
}

/** Samples a second from the burst's first publish to the last of them committed, over all nodes. */
async function ingestRate(cluster: Cluster, publisher: FleetPublisher): Promise<number> {
  await sleep(PERIOD_MS * 2);
  const start = (await cluster.totals()).inserted;
  const started = performance.now();
  const samples = await publisher.burst(BURST_STEPS, Date.now() - BURST_AGE_MS);
  await until(async () => (await cluster.totals()).inserted - start >= samples, 120_000, 'the burst committed');
  return samples / ((performance.now() - started) / 1000);
}

/** The same burst into Mosquitto alone, read by a plain subscriber. */
async function bareIngestRate(): Promise<number> {
  const prefix = `vsbench-bare-${process.pid}-${Date.now()}`;
  const subscriber = await bareSubscriber(MQTT_URL, prefix);
  const publisher = await FleetPublisher.connect(MQTT_URL, prefix);
  try {
    const started = performance.now();
    const samples = await publisher.burst(BURST_STEPS, Date.now() - BURST_AGE_MS);
    await until(async () => subscriber.received() >= samples, 60_000, 'the bare burst received');
    return samples / ((performance.now() - started) / 1000);
  } finally {
    await publisher.close();
    await subscriber.close();
  }
}

const median = (xs: number[]) =>
  xs.length === 0 ? Number.NaN : ([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number);
const range = (xs: number[]): [number, number] => [Math.min(...xs), Math.max(...xs)];

function figure(name: string, unit: string, values: number[], baseline?: number, lowerIsBetter = false): Figure {
  const value = median(values);
  const f: Figure = { name, unit, value, range: range(values) };
  if (baseline !== undefined) {
    f.baseline = baseline;
    f.ratio = lowerIsBetter ? baseline / value : value / baseline;
  }
  return f;
}

function clusterFigures(runs: readonly Run[], bare: number[]): Figure[] {
  const of = (nodes: number, key: Exclude<keyof Run, 'sockets'>) =>
    runs.filter((r) => r.nodes === nodes).map((r) => r[key]);
  const bareRate = median(bare);
  const figures: Figure[] = [
    { name: 'cluster.clients', unit: 'clients', value: runs[0]?.clients ?? 0 },
    figure('cluster.mqtt_ingest.bare_samples_per_s', 'samples/s', bare),
  ];
  for (const n of NODE_COUNTS) {
    if (of(n, 'nodes').length === 0) continue;
    const p = `cluster.n${n}`;
    const single = n === 1 ? undefined : median(of(1, 'cpuUsPerFrame'));
    figures.push(
      figure(`${p}.delivered_samples_per_s`, 'samples/s', of(n, 'deliveredSamplesPerS')),
      figure(`${p}.delivered_frames_per_s`, 'frames/s', of(n, 'framesPerS')),
      figure(`${p}.latency.p50_ms`, 'ms', of(n, 'latencyP50')),
      figure(`${p}.latency.p99_ms`, 'ms', of(n, 'latencyP99')),
      figure(`${p}.cpu_us_per_delivered_frame`, 'µs/frame', of(n, 'cpuUsPerFrame'), single, true),
      figure(`${p}.hub_cpu`, 'cores', of(n, 'hubCpu')),
      figure(`${p}.clients_cpu`, 'cores', of(n, 'clientsCpu')),
      figure(`${p}.skipped_frames`, 'frames', of(n, 'skipped')),
      figure(`${p}.mqtt_ingest.samples_per_s`, 'samples/s', of(n, 'ingestSamplesPerS'), bareRate),
    );
  }
  // The headline figures: two nodes, beside one node (CPU, latency) or the bare broker (ingest).
  if (of(2, 'nodes').length > 0 && of(1, 'nodes').length > 0) {
    const one = median(of(1, 'cpuUsPerFrame'));
    const two = median(of(2, 'cpuUsPerFrame'));
    figures.push(
      figure('cluster.cpu_us_per_delivered_frame', 'µs/frame', of(2, 'cpuUsPerFrame'), one, true),
      // The issue's target, as cost: two nodes' CPU per frame over one node's, at most 1.3.
      { name: 'cluster.cpu_cost_two_over_one', unit: '×', value: two / one },
      figure('cluster.latency.p99_ms', 'ms', of(2, 'latencyP99'), median(of(1, 'latencyP99')), true),
      figure('cluster.mqtt_ingest.samples_per_s', 'samples/s', of(2, 'ingestSamplesPerS'), bareRate),
    );
  }
  return figures;
}

export async function clusterBenchmark(options: {
  postgresUrl: string | null;
  quick: boolean;
  args: string[];
}): Promise<Figure[]> {
  if (!options.postgresUrl) throw new Error('the cluster benchmark needs PostgreSQL (BENCH_DATABASE_URL)');
  // The hubs take core 0 (clusterNodes.ts); the clients, the logger and the broker's subscriber this one.
  pinSelf(1);
  const flag = (name: string) =>
    options.args.includes(name) ? (options.args[options.args.indexOf(name) + 1] ?? '') : null;
  const clients = Number(flag('--clients') ?? (options.quick ? 200 : 1000));
  const rounds = Math.max(1, Number(flag('--rounds') ?? (options.quick ? 1 : 3)));
  const seconds = options.quick ? 5 : 10;

  const runs: Run[] = [];
  const bare: number[] = [];
  for (let round = 0; round < rounds; round++) {
    bare.push(await bareIngestRate());
    console.error(`  bare broker: ${Math.round(bare.at(-1) as number).toLocaleString('en-US')} samples/s`);
    for (const nodes of NODE_COUNTS) {
      const started = performance.now();
      const cluster = await startCluster(nodes, options.postgresUrl);
      try {
        const run = await measureCluster(cluster, nodes, clients, seconds);
        runs.push(run);
        console.error(
          `  ${nodes} node(s), ${clients} clients: ${Math.round(run.deliveredSamplesPerS).toLocaleString('en-US')} samples/s, ` +
            `p50 ${run.latencyP50} ms, p99 ${run.latencyP99} ms, ${run.cpuUsPerFrame.toFixed(1)} µs CPU/frame, ` +
            `hubs ${(run.hubCpu * 100).toFixed(0)} %, clients ${(run.clientsCpu * 100).toFixed(0)} %, skipped ${run.skipped}, ` +
            `ingest ${Math.round(run.ingestSamplesPerS).toLocaleString('en-US')} samples/s, sockets ${run.sockets.join('/')} ` +
            `(${Math.round((performance.now() - started) / 1000)} s)`,
        );
      } catch (error) {
        // Left out of the medians; what the nodes saw says whether they dropped slow sockets.
        const totals = await cluster.totals().catch(() => null);
        console.error(
          `  ${nodes} node(s): ${(error as Error).message}` +
            (totals ? ` (sockets ${totals.sockets.join('/')}, dropped as slow ${totals.slowDropped})` : ''),
        );
      } finally {
        await cluster.close();
      }
    }
  }
  return clusterFigures(runs, bare);
}
