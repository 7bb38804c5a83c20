// `npm run bench -- soak`: a wall left running. A real Chromium shows a paired display whose playlist
// holds every monitoring page, against the real hub (its own process, simulator on, time warped so that
// the run covers the simulated days asked), for `--hours`; meanwhile the network between them drops and
// the hub restarts at intervals. About every minute it records the page's heap (after a collection), DOM
// nodes, listeners, long tasks, the hub's open sockets and how old the newest live frame is; after each
// drop and restart, how long until the wall is live again. Figures against the goals (heap growth under
// 2 MB/h after the first playlist cycle, DOM nodes flat within ±5 %, every recovery under 10 s), and an
// HTML report of the series beside the JSON results.
import { mkdirSync, writeFileSync } from 'node:fs';
import { launchChromium } from './chromium.ts';
import { commit, type Figure, percentile } from './report.ts';
import { type SoakHub, startSoakHub } from './soakHub.ts';
import { startOperator } from './soakOperator.ts';
import { type SoakEvent, type SoakOptions, soakOptions, soakSchedule } from './soakOptions.ts';
import { startProxy } from './soakProxy.ts';
import { soakReport } from './soakReport.ts';
import { changePercent, type Point, pageChanges, slopeWithinGroups, steady, steadyPoints } from './soakStats.ts';
import { openWall, type Wall, type WallSample } from './soakWall.ts';

/** Longest wait for the wall to be live again after a drop or restart before it counts as not recovered. */
const RECOVERY_TIMEOUT_S = 120;
/** Simulator faults this many times the demo's, so that alarms come and go on the wall. */
const FAULT_RATE = 3;

export interface MinuteSample extends WallSample {
  /** Seconds since the wall opened. */
  t: number;
  /** Live sockets on the hub (null while it restarts). */
  sockets: number | null;
  /** Site subscriptions on the hub: 0 on a page that follows no site (its frame age means nothing then). */
  subscriptions: number | null;
}

export interface Recovery {
  kind: SoakEvent['kind'];
  /** Seconds since the wall opened, when the drop ended or the restart began. */
  at: number;
  /** For a restart: seconds until the new hub answered its health route. */
  hubS: number | null;
  /** Seconds until the wall's socket was connected again. */
  connectedS: number;
  /** Seconds until the wall was live with a new frame (RECOVERY_TIMEOUT_S when it was not). */
  seconds: number;
  recovered: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Seconds from `since` until the wall is connected, and until it is live again: connected with a frame
 * newer than `since`, or connected for a second on a page that follows no site (the daily energy chart and
 * the alarm console take no frames: the hub counts no subscription of the wall's then).
 */
async function waitLive(wall: Wall, hub: SoakHub, since: number): Promise<{ connectedS: number; seconds: number }> {
  let connectedAt: number | null = null;
  while (Date.now() - since < RECOVERY_TIMEOUT_S * 1000) {
    const { connection, newestFrameAt } = await wall.liveState();
    if (connection !== 'live') connectedAt = null;
    else {
      connectedAt ??= Date.now();
      const connectedS = (connectedAt - since) / 1000;
      if (newestFrameAt > since) return { connectedS, seconds: (Date.now() - since) / 1000 };
      if (Date.now() - connectedAt > 1000 && (await hub.metric('voltscope_subscriptions')) === 0) {
        return { connectedS, seconds: connectedS };
      }
    }
    await sleep(100);
  }
  return { connectedS: RECOVERY_TIMEOUT_S, seconds: RECOVERY_TIMEOUT_S };
}

/** Runs the drops and restarts at their times, one after the other, and times each recovery. */
async function disturb(
  o: SoakOptions,
  wall: Wall,
  hub: SoakHub,
  proxy: Awaited<ReturnType<typeof startProxy>>,
  opened: number,
): Promise<Recovery[]> {
  const recoveries: Recovery[] = [];
  for (const event of soakSchedule(o)) {
    await sleep(opened + event.at * 1000 - Date.now());
    let from: number;
    let hubS: number | null = null;
    if (event.kind === 'drop') {
      await proxy.drop(o.dropSeconds * 1000);
      from = Date.now();
    } else {
      from = Date.now();
      await hub.restart();
      hubS = (Date.now() - from) / 1000;
    }
    const { connectedS, seconds } = await waitLive(wall, hub, from);
    const recovery: Recovery = {
      kind: event.kind,
      at: (from - opened) / 1000,
      hubS,
      connectedS,
      seconds,
      recovered: seconds < RECOVERY_TIMEOUT_S,
    };
    recoveries.push(recovery);
    console.error(
      `  ${event.kind} at ${Math.round(recovery.at)} s: ${hubS === null ? '' : `hub up after ${hubS.toFixed(1)} s, `}connected after ${connectedS.toFixed(1)} s, live with a new frame after ${seconds.toFixed(1)} s`,
    );
  }
  return recoveries;
}

/** A sample every `sampleEveryTurns` page turns, a few seconds into the page (not mid-turn). */
async function record(o: SoakOptions, wall: Wall, hub: SoakHub, opened: number): Promise<MinuteSample[]> {
  const samples: MinuteSample[] = [];
  const end = opened + o.hours * 3600_000;
  const settleMs = Math.min(5000, (o.dwellSeconds * 1000) / 2);
  for (let turn = 1; Date.now() + (o.dwellSeconds + 5) * 1000 < end; turn++) {
    await wall.nextTurn((o.dwellSeconds + 5) * 1000);
    if (turn % o.sampleEveryTurns !== 0) continue;
    await sleep(settleMs);
    try {
      const sample = {
        t: (Date.now() - opened) / 1000,
        ...(await wall.sample()),
        sockets: await hub.metric('voltscope_sockets_connected'),
        subscriptions: await hub.metric('voltscope_subscriptions'),
      };
      samples.push(sample);
      console.error(
        `  ${(sample.t / 60).toFixed(1)} min ${sample.page}: heap ${sample.heapMb.toFixed(1)} MB, ${sample.domNodes} nodes, ${sample.listeners} listeners, ${sample.longTasks} long tasks, ${sample.connection}`,
      );
    } catch (error) {
      // The page was navigating (a reload at a new build, say): the next sample will do.
      console.error(`  no sample: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return samples;
}

function figures(o: SoakOptions, samples: MinuteSample[], recoveries: Recovery[]): Figure[] {
  const measured = steady(o, samples);
  const points = (y: (s: MinuteSample) => number) => steadyPoints(o, samples, y);
  const spanH = measured.length > 1 ? ((measured.at(-1)?.t ?? 0) - (measured[0]?.t ?? 0)) / 3600 : 0;
  const times = recoveries.map((r) => r.seconds).sort((a, b) => a - b);
  const longTasks = samples.reduce((sum, s) => sum + s.longTasks, 0);
  const ages = samples
    .flatMap((s) => (s.frameAgeS === null || !s.subscriptions ? [] : [s.frameAgeS]))
    .sort((a, b) => a - b);
  const domNodes = measured.map((s) => s.domNodes);
  return [
    { name: 'soak.hours', unit: 'h', value: o.hours },
    { name: 'soak.simulated_days', unit: 'days', value: o.days },
    { name: 'soak.samples', unit: 'samples', value: samples.length },
    { name: 'soak.samples_measured', unit: 'samples', value: measured.length },
    { name: 'soak.heap_growth_mb_per_h', unit: 'MB/h', value: slopeWithinGroups(points((s) => s.heapMb)) },
    {
      name: 'soak.dom_nodes_growth_per_h',
      unit: 'nodes/h',
      value: slopeWithinGroups(points((s) => s.domNodes)),
      ...(domNodes.length > 0 ? { range: [Math.min(...domNodes), Math.max(...domNodes)] as [number, number] } : {}),
    },
    { name: 'soak.dom_nodes_change_pct', unit: '%', value: changePercent(points((s) => s.domNodes)) },
    // Which page grows: each page's own change in % of its own level (the median page, and the range).
    ...pageFigure(points((s) => s.domNodes)),
    { name: 'soak.listeners_growth_per_h', unit: 'listeners/h', value: slopeWithinGroups(points((s) => s.listeners)) },
    {
      name: 'soak.long_tasks_per_h',
      unit: 'tasks/h',
      value: samples.length > 0 ? longTasks / ((samples.at(-1)?.t ?? 1) / 3600) : 0,
    },
    { name: 'soak.frame_age_s.p95', unit: 's', value: percentile(ages, 95) },
    { name: 'soak.sockets.max', unit: 'sockets', value: Math.max(0, ...samples.map((s) => s.sockets ?? 0)) },
    { name: 'soak.recoveries', unit: 'recoveries', value: recoveries.filter((r) => r.recovered).length },
    { name: 'soak.recoveries_failed', unit: 'recoveries', value: recoveries.filter((r) => !r.recovered).length },
    { name: 'soak.recovery_s.p50', unit: 's', value: percentile(times, 50) },
    { name: 'soak.recovery_s.max', unit: 's', value: times.at(-1) ?? Number.NaN },
    // What the recoveries are made of: the hub's own restart, then the socket's reconnection.
    { name: 'soak.hub_restart_s.max', unit: 's', value: Math.max(0, ...recoveries.map((r) => r.hubS ?? 0)) },
    { name: 'soak.reconnect_s.max', unit: 's', value: Math.max(0, ...recoveries.map((r) => r.connectedS)) },
    { name: 'soak.measured_h', unit: 'h', value: spanH },
    // The kiosk reloads itself when a page's code cannot load (a turn while the hub is away) or at a new build.
    { name: 'soak.page_loads', unit: 'loads', value: samples.at(-1)?.loads ?? 0 },
  ];
}

function pageFigure(points: Point[]): Figure[] {
  const changes = pageChanges(points)
    .map((p) => p.changePct)
    .sort((a, b) => a - b);
  if (changes.length === 0) return [];
  return [
    {
      name: 'soak.dom_nodes_page_change_pct',
      unit: '%',
      value: percentile(changes, 50),
      range: [changes[0] as number, changes.at(-1) as number],
    },
  ];
}

export async function soakBenchmark(options: { quick: boolean; args: string[] }): Promise<Figure[]> {
  const o = soakOptions(options.args, options.quick);
  console.error(
    `  ${o.hours} h, ${o.days.toFixed(2)} simulated days (SIM_WARP ${o.warp}, SIM_PERIOD ${o.periodMs} ms), dwell ${o.dwellSeconds} s, ` +
      `drop ${o.dropSeconds} s every ${o.dropEveryMinutes} min, restart every ${o.restartEveryMinutes} min, ${o.display ? 'paired display' : 'operator session'}, ${o.operator ? 'alarms acknowledged once a minute' : 'no one acknowledging'}`,
  );
  const hub = await startSoakHub({ warp: o.warp, periodMs: o.periodMs, faultRate: FAULT_RATE });
  const proxy = await startProxy({ host: '127.0.0.1', port: hub.port });
  const browser = await launchChromium();
  let signInPages = 0;
  try {
    const wall = await openWall(browser, {
      base: `http://127.0.0.1:${proxy.port}`,
      hub: `http://127.0.0.1:${hub.port}`,
      dwellSeconds: o.dwellSeconds,
      display: o.display,
    });
    // A wall must never show a sign-in page, whatever happens to the hub or the network.
    wall.page.on('framenavigated', (frame) => {
      if (frame === wall.page.mainFrame() && new URL(frame.url()).pathname.startsWith('/login')) signInPages++;
    });
    const operator = o.operator ? startOperator(`http://127.0.0.1:${hub.port}`) : null;
    const opened = Date.now();
    const [samples, recoveries] = await Promise.all([
      record(o, wall, hub, opened),
      disturb(o, wall, hub, proxy, opened),
    ]);
    operator?.stop();
    await wall.close();
    const result = [
      ...figures(o, samples, recoveries),
      { name: 'soak.sign_in_pages', unit: 'pages', value: signInPages },
      { name: 'soak.alarms_acknowledged', unit: 'alarms', value: operator?.acknowledged() ?? 0 },
    ];
    writeReport(o, options.quick, { samples, recoveries, figures: result });
    return result;
  } finally {
    await browser.close();
    await proxy.close();
    await hub.close();
  }
}

function writeReport(
  o: SoakOptions,
  quick: boolean,
  run: { samples: MinuteSample[]; recoveries: Recovery[]; figures: Figure[] },
): void {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const name = `soak-${new Date().toISOString().slice(0, 10)}-${commit()}${quick ? '-quick' : ''}.html`;
  const file = new URL(name, dir);
  writeFileSync(file, soakReport(o, run));
  console.error(`  HTML report: ${file.pathname}`);
}
