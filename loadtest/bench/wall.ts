// The control-room wall in headless Chromium: 16 live charts of 10 series of an hour each, fed by the
// real hub (a frame per site every 100 ms) through the client's socket, store and scheduler, beside the
// same charts fed by a local timer (no socket, no store). Frame times from requestAnimationFrame, long
// tasks, the main thread's busy share (Chrome's TaskDuration) and JS heap growth after warm-up.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { launchChromium } from './chromium.ts';
import { type Figure, percentile } from './report.ts';

type Mode = 'wall' | 'baseline';
/** What client/bench/wallCharts.ts keeps on the page's `window.wall`. */
interface PageMeasures {
  ready: boolean;
  frameTimes: number[];
  longTasks: number;
  longestTaskMs: number;
  setDataCalls: number;
  animationFrames: number;
  start(): void;
}

interface Run {
  frameP50: number;
  frameP95: number;
  busyShare: number;
  longTasks: number;
  longestTaskMs: number;
  heapGrowthMb: number;
  setDataPerChartPerFrame: number;
}

async function measure(page: Page, url: string, warmupMs: number, measureMs: number): Promise<Run> {
  await page.goto(url);
  await page.waitForFunction(() => (globalThis as unknown as { wall?: PageMeasures }).wall?.ready === true, null, {
    timeout: 60_000,
  });
  await page.waitForTimeout(warmupMs);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return { task: of('TaskDuration'), heap: of('JSHeapUsedSize'), at: performance.now() };
  };
  const before = await metrics();
  await page.evaluate(() => (globalThis as unknown as { wall: PageMeasures }).wall.start());
  await page.waitForTimeout(measureMs);
  const wall = await page.evaluate(() => {
    const { frameTimes, longTasks, longestTaskMs, setDataCalls, animationFrames } = (
      globalThis as unknown as { wall: PageMeasures }
    ).wall;
    return { frameTimes, longTasks, longestTaskMs, setDataCalls, animationFrames };
  });
  const after = await metrics();
  const frames = [...wall.frameTimes].sort((a, b) => a - b);
  return {
    frameP50: percentile(frames, 50),
    frameP95: percentile(frames, 95),
    busyShare: (after.task - before.task) / ((after.at - before.at) / 1000),
    longTasks: wall.longTasks,
    longestTaskMs: wall.longestTaskMs,
    heapGrowthMb: (after.heap - before.heap) / 2 ** 20,
    setDataPerChartPerFrame: wall.setDataCalls / 16 / Math.max(1, wall.animationFrames),
  };
}

/**
 * The page's 160 series (the first of es-tarifa then fr-occitanie, as the page lists them), each once a
 * second, staggered over the second as devices report: a frame per site every 100 ms.
 */
function feed({ registry, ingest }: Awaited<ReturnType<typeof buildApp>>['services']): () => void {
  const series = ['es-tarifa', 'fr-occitanie']
    .flatMap((site) => registry.devicesOfSite(site).flatMap((d) => registry.seriesOfDevice(d.id)))
    .slice(0, 160);
  let tick = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    const due = series.filter((_, i) => i % 10 === tick % 10);
    tick++;
    void ingest.accept({
      series: Int32Array.from(due, (s) => s.id),
      ts: new Float64Array(due.length).fill(now),
      values: Float64Array.from(due, (s) => s.min + (s.max - s.min) * (0.3 + 0.1 * Math.sin(now / 60_000 + s.id))),
    });
  }, 100);
  return () => clearInterval(timer);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export async function wallBenchmark(options: { quick: boolean; args: string[] }): Promise<Figure[]> {
  const work = await mkdtemp(path.join(tmpdir(), 'voltscope-wall-'));
  const dist = path.join(work, 'dist');
  await build({
    configFile: new URL('../../client/bench/vite.config.ts', import.meta.url).pathname,
    build: { outDir: dist },
  });
  // The hub serves a folder only when it holds an index.html.
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><a href="/wall.html">wall</a>');
  const app = await buildApp(
    loadConfig({
      DATA_DIR: path.join(work, 'data'),
      CLIENT_DIST: dist,
      LOG_LEVEL: 'warn',
      SCRYPT_LOG2N: '10',
      SIMULATOR: 'false',
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const stopFeed = feed(app.services);
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const browser = await launchChromium();
  const warmupMs = options.quick ? 10_000 : 20_000;
  const measureMs = options.quick ? 30_000 : 60_000;
  const rounds = options.quick ? 1 : 2;
  const runs: Record<Mode, Run[]> = { wall: [], baseline: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      // Interleaved, so that a slow moment of the machine does not favour one page.
      for (const mode of ['baseline', 'wall'] as const) {
        const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
        const page = await context.newPage();
        const query = mode === 'wall' ? '?email=admin%40voltscope.io&password=Volt!Admin1' : '';
        const run = await measure(page, `${url}/${mode}.html${query}`, warmupMs, measureMs);
        runs[mode].push(run);
        console.error(
          `  ${mode.padEnd(8)} frame p95 ${run.frameP95.toFixed(1)} ms, busy ${(run.busyShare * 100).toFixed(1)} %, long tasks ${run.longTasks}, heap ${run.heapGrowthMb.toFixed(1)} MB`,
        );
        await context.close();
      }
    }
  } finally {
    stopFeed();
    await browser.close();
    await app.close();
    await rm(work, { recursive: true, force: true });
  }
  const of = (mode: Mode, key: keyof Run) => median(runs[mode].map((r) => r[key]));
  const busy = of('wall', 'busyShare');
  const busyBaseline = of('baseline', 'busyShare');
  return [
    { name: 'wall.frame_ms.p50', unit: 'ms', value: of('wall', 'frameP50'), baseline: of('baseline', 'frameP50') },
    { name: 'wall.frame_ms.p95', unit: 'ms', value: of('wall', 'frameP95'), baseline: of('baseline', 'frameP95') },
    // Lower is better: the ratio says how many times the baseline's cost the wall's is (the bar is 1.15×).
    {
      name: 'wall.main_thread_busy_share',
      unit: 'share',
      value: busy,
      baseline: busyBaseline,
      ratio: busy / busyBaseline,
    },
    {
      name: 'wall.long_tasks_over_50ms',
      unit: 'tasks',
      value: of('wall', 'longTasks'),
      baseline: of('baseline', 'longTasks'),
    },
    {
      name: 'wall.longest_task_ms',
      unit: 'ms',
      value: of('wall', 'longestTaskMs'),
      baseline: of('baseline', 'longestTaskMs'),
    },
    {
      name: 'wall.heap_growth_mb',
      unit: 'MB',
      value: of('wall', 'heapGrowthMb'),
      baseline: of('baseline', 'heapGrowthMb'),
    },
    { name: 'wall.set_data_per_chart_per_frame', unit: 'calls', value: of('wall', 'setDataPerChartPerFrame') },
  ];
}
