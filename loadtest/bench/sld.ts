// The single-line diagram in headless Chromium at 1920×1080: a 500-symbol plant (sldSite.ts) fed at
// 10 Hz through the ingest API, shown by the real page (/sld/sl?site=…) of the built client, signed in
// as the operator, over Socket.IO from a real hub (frames every 100 ms, no simulator on the plant).
// Figures: the time to open the page with its whole diagram (cold, median of several), then over a
// window the main thread's busy share, frame time p95 and long tasks, each beside the same <svg> with
// the same CSS in a bare page that a setInterval updates at 10 Hz with the writes the live page makes.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { launchChromium } from './chromium.ts';
import type { Figure } from './report.ts';
import {
  bareCopy,
  MEASURES_SCRIPT,
  measureWindow,
  openDiagram,
  openInApp,
  openTimeline,
  probeWrites,
  type WindowRun,
} from './sldPage.ts';
import { BENCH_SITE, makeBenchSite, startFeed } from './sldSite.ts';
import { call } from './soakOperator.ts';

const OPERATOR = { email: 'operator@voltscope.io', password: 'Volt!Oper1', rememberMe: true };
const BARE_PATH = '/__sld-bench-bare.html';

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** A fresh context (an empty cache: a cold open) holding the operator's session, as sign-in leaves it. */
async function operatorContext(browser: Browser, hub: string): Promise<BrowserContext> {
  const login = await call<Record<string, unknown>>(`${hub}/api/auth/login`, {
    method: 'POST',
    body: JSON.stringify(OPERATOR),
  });
  const session = JSON.stringify({
    accessToken: login.accessToken,
    expiresAt: login.expiresAt,
    userData: login.userData,
    userAbilityRules: login.userAbilityRules,
  });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.addInitScript(`localStorage.setItem('voltscope.session', ${JSON.stringify(session)});`);
  await context.addInitScript(MEASURES_SCRIPT);
  return context;
}

const line = (mode: string, r: WindowRun) =>
  `  ${mode.padEnd(8)} frame p95 ${r.frameP95.toFixed(1)} ms, busy ${(r.busyShare * 100).toFixed(1)} %, long tasks ${r.longTasks} (longest ${r.longestTaskMs.toFixed(0)} ms)`;

export async function sldBenchmark(options: { quick: boolean }): Promise<Figure[]> {
  const dist = path.resolve(new URL('../../client/dist', import.meta.url).pathname);
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('client/dist is missing: run `npm run build` first');
  const work = await mkdtemp(path.join(tmpdir(), 'voltscope-sld-'));
  const app = await buildApp(
    loadConfig({
      DATA_DIR: path.join(work, 'data'),
      CLIENT_DIST: dist,
      LOG_LEVEL: 'warn',
      DEMO: 'true',
      SIMULATOR: 'false',
      SCRYPT_LOG2N: '10',
      FRAME_MS: '100',
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const hub = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const site = await makeBenchSite(hub);
  console.error(`  ${BENCH_SITE}: ${site.symbols} symbols, ${site.seriesFed} series fed at 10 Hz`);
  const feed = startFeed(hub, site);
  const browser = await launchChromium();
  const opens = options.quick ? 3 : 5;
  const windowMs = options.quick ? 8_000 : 20_000;
  const rounds = options.quick ? 1 : 2;
  const openMs: number[] = [];
  const coldMs: number[] = [];
  const runs: { live: WindowRun[]; bare: WindowRun[] } = { live: [], bare: [] };
  let writesPerTick = 0;
  const url = `${hub}/sld/sl?site=${BENCH_SITE}`;
  try {
    for (let i = 0; i < opens; i++) {
      const context = await operatorContext(browser, hub);
      const page = await context.newPage();
      coldMs.push(await openDiagram(page, url, site.symbols));
      if (i === opens - 1)
        console.error(`  last cold open's requests:\n    ${(await openTimeline(page)).join('\n    ')}`);
      // The same browser (its cache warm), the app running on another page: the operator's click.
      openMs.push(await openInApp(page, hub, `/sld/sl?site=${BENCH_SITE}`, site.symbols));
      await context.close();
    }
    console.error(`  open from the app ${openMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    console.error(`  open cold (new browser context) ${coldMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    for (let round = 0; round < rounds; round++) {
      const context = await operatorContext(browser, hub);
      const page = await context.newPage();
      await openDiagram(page, url, site.symbols);
      await page.waitForTimeout(3000);
      const plan = await probeWrites(page, 3000);
      writesPerTick = plan.texts + plan.attributes.reduce((n, a) => n + a.writes, 0);
      const attributes = plan.attributes.map(
        (a) => `${a.name} ${a.writes.toFixed(1)} (${a.changed.toFixed(1)} changed)`,
      );
      console.error(
        `  writes per frame: texts ${plan.texts.toFixed(1)} (${plan.changedTexts.toFixed(1)} changed), ${attributes.join(', ')}`,
      );
      if (writesPerTick === 0) console.error('  the live page wrote nothing to its diagram: are frames arriving?');
      const live = await measureWindow(page, windowMs);
      runs.live.push(live);
      console.error(line('live', live));
      const html = await bareCopy(page, plan);
      await context.close();
      // The bare copy is served from the hub's origin (its CSS's relative URLs resolve), by the browser.
      const bareContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      await bareContext.addInitScript(MEASURES_SCRIPT);
      await bareContext.route(`${hub}${BARE_PATH}`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
      const bare = await bareContext.newPage();
      await bare.goto(`${hub}${BARE_PATH}`);
      await bare.waitForTimeout(3000);
      const baseline = await measureWindow(bare, windowMs);
      runs.bare.push(baseline);
      console.error(line('baseline', baseline));
      await bareContext.close();
    }
  } finally {
    await feed.stop();
    await browser.close();
    await app.close();
    await rm(work, { recursive: true, force: true });
  }
  if (feed.refused() > 0) console.error(`  the hub refused ${feed.refused()} fed samples`);
  const of = (mode: 'live' | 'bare', key: keyof WindowRun) => median(runs[mode].map((r) => r[key]));
  const busy = of('live', 'busyShare');
  const busyBaseline = of('bare', 'busyShare');
  return [
    // From a click in the running app (an alarm row's "Show on diagram", the menu) to the whole diagram.
    {
      name: 'sld.open_ms',
      unit: 'ms',
      value: median(openMs),
      range: [Math.min(...openMs), Math.max(...openMs)],
    },
    // A first visit: a new browser context, nothing cached, the app booting before the page.
    {
      name: 'sld.open_cold_ms',
      unit: 'ms',
      value: median(coldMs),
      range: [Math.min(...coldMs), Math.max(...coldMs)],
    },
    // Lower is better: how many times the bare timer's cost the live page's is (the bar is 1.2×).
    {
      name: 'sld.main_thread_busy_share',
      unit: 'share',
      value: busy,
      baseline: busyBaseline,
      ratio: busy / busyBaseline,
    },
    { name: 'sld.frame_ms.p95', unit: 'ms', value: of('live', 'frameP95'), baseline: of('bare', 'frameP95') },
    {
      name: 'sld.long_tasks_over_50ms',
      unit: 'tasks',
      value: of('live', 'longTasks'),
      baseline: of('bare', 'longTasks'),
    },
    {
      name: 'sld.longest_task_ms',
      unit: 'ms',
      value: of('live', 'longestTaskMs'),
      baseline: of('bare', 'longestTaskMs'),
    },
    { name: 'sld.symbols', unit: 'symbols', value: site.symbols },
    { name: 'sld.dom_writes_per_frame', unit: 'writes', value: writesPerTick },
  ];
}
