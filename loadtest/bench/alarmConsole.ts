// The operator's console in headless Chromium under thousands of standing alarms: the real client,
// signed in as an operator on /alarm/realtime, its list scrolled with the mouse wheel while frame
// times are taken from requestAnimationFrame and long tasks from the PerformanceObserver.
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { insertEvent, takeSeq } from '../../server/src/alarms/store.ts';
import type { Services } from '../../server/src/hub.ts';
import { launchChromium } from './chromium.ts';
import { percentile } from './report.ts';

/** The client as users get it, built into `outDir` (the hub serves it as CLIENT_DIST). */
export async function buildClient(outDir: string): Promise<void> {
  await build({
    configFile: new URL('../../client/vite.config.ts', import.meta.url).pathname,
    build: { outDir, emptyOutDir: true },
    logLevel: 'warn',
  });
}

/**
 * Writes `count` open alarms straight into the store, as a hub restarted in the middle of a long flood
 * would find them. The demo fleet has far fewer alarm points than that, so each stands on a point of
 * its own (a bench device of a real site): still one open occurrence per point.
 */
export async function seedStandingAlarms(services: Services, count: number): Promise<void> {
  const { db, alarms } = services;
  const rule = alarms.rules().find((r) => r.kind === 'fault_code' && r.deviceType === 'inverter');
  if (!rule) throw new Error('no inverter fault rule');
  const sites = ['fr-occitanie', 'ma-ouarzazate', 'ir-yazd', 'es-tarifa'];
  const priorities = ['critical', 'high', 'medium', 'low'] as const;
  const start = Date.now() - 6 * 3600_000;
  await db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const siteId = sites[i % sites.length] as string;
      const deviceId = `${siteId}.bench${String(i).padStart(4, '0')}`;
      const priority = priorities[i % priorities.length] as (typeof priorities)[number];
      const ts = start + i * 1000;
      const text = `Bench inverter ${i}: fault, code ${100 + (i % 50)}`;
      const message = { en: text, fr: text, fa: text, ar: text };
      const seq = await takeSeq(tx, siteId);
      const row = await tx.get<{ id: number }>(
        `INSERT INTO alarms (site_id, device_id, rule_id, priority, state, message, value, raised_at, suppressed, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?) RETURNING id`,
        [
          siteId,
          deviceId,
          rule.id,
          priority,
          i % 3 === 0 ? 'acknowledged' : 'unacknowledged',
          JSON.stringify(message),
          100,
          ts,
          seq,
        ],
      );
      await insertEvent(
        tx,
        { siteId, deviceId, alarmId: Number(row?.id), type: 'alarm_raised', severity: priority, message, ts },
        seq,
      );
    }
  });
}

export interface ConsoleProbe {
  /** Rows the console lists now. */
  rows(): Promise<number>;
  /**
   * Scrolls the list up and down for `ms` while recording frames; gives the p95 frame time, long tasks and
   * the page's main thread busy time (ms, from Chromium's own task clock: steadier than frame times on a
   * shared machine, where the frames also wait for other processes).
   */
  measure(ms: number): Promise<{ frameP95: number; frameP50: number; longTasks: number; mainThreadMs: number }>;
  close(): Promise<void>;
}

export async function openConsole(url: string, login: { email: string; password: string }): Promise<ConsoleProbe> {
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'en-GB' });
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (response.status !== 201) throw new Error(`sign-in failed: ${response.status}`);
  const session = await response.text();
  await context.addInitScript((value) => sessionStorage.setItem('voltscope.session', value), session);
  await context.addCookies([{ name: 'language', value: 'en', url }]);
  const page = await context.newPage();
  await page.goto(`${url}/alarm/realtime`);
  const grid = page.getByTestId('alarm-grid');
  await grid.waitFor({ timeout: 60_000 });
  await installRecorder(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const busySeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  const rows = async () => Number(await grid.getAttribute('aria-rowcount')) - 1;
  return {
    rows,
    async measure(ms) {
      await grid.hover();
      await page.evaluate(() => (globalThis as unknown as PageGlobals).__bench.start());
      const busyBefore = await busySeconds();
      const end = Date.now() + ms;
      for (let step = 0; Date.now() < end; step++) {
        // Down for two seconds, up for one: the list moves all the time, as an operator scanning it.
        await page.mouse.wheel(0, step % 30 < 20 ? 480 : -960);
        await page.waitForTimeout(100);
      }
      const { frames, longTasks } = await page.evaluate(() => (globalThis as unknown as PageGlobals).__bench.stop());
      const mainThreadMs = Math.round(((await busySeconds()) - busyBefore) * 1000);
      frames.sort((a, b) => a - b);
      return { frameP95: percentile(frames, 95), frameP50: percentile(frames, 50), longTasks, mainThreadMs };
    },
    close: () => browser.close(),
  };
}

interface Recorder {
  start(): void;
  stop(): { frames: number[]; longTasks: number };
}

/** What the page's code below uses of the browser (this workspace compiles without the DOM library). */
interface PageGlobals {
  __bench: Recorder;
  requestAnimationFrame(callback: (now: number) => void): number;
  PerformanceObserver: new (
    callback: (list: { getEntries(): unknown[] }) => void,
  ) => { observe(options: { type: string }): void };
}

/** Frame intervals from requestAnimationFrame, long tasks (over 50 ms) from the PerformanceObserver. */
async function installRecorder(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    let frames: number[] = [];
    let longTasks = 0;
    let running = false;
    let last = 0;
    new g.PerformanceObserver((list) => {
      if (running) longTasks += list.getEntries().length;
    }).observe({ type: 'longtask' });
    const tick = (now: number) => {
      if (!running) return;
      if (last > 0) frames.push(now - last);
      last = now;
      g.requestAnimationFrame(tick);
    };
    g.__bench = {
      start() {
        frames = [];
        longTasks = 0;
        last = 0;
        running = true;
        g.requestAnimationFrame(tick);
      },
      stop() {
        running = false;
        return { frames, longTasks };
      },
    };
  });
}
