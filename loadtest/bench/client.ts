// First load of the built client on a thin link: headless Chromium against a real hub (the demo fleet,
// its simulator live), throttled through CDP to 10 Mbit/s each way and 40 ms latency. Per page (sign-in
// in English and, as a first visit sees it, in Persian; solar dashboard; alarm console), a cold load (empty cache) then a warm one (same tab, cache kept): the
// bytes the page transfers over HTTP (headers included, the socket's frames not) and the time until it
// is ready, from navigation start. The baseline is the same build and hub with the browser asking for no
// compression (Accept-Encoding: identity), as the hub served every client before it was pre-compressed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { build } from 'vite';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { launchChromium } from './chromium.ts';
import type { Figure } from './report.ts';

type Mode = 'compressed' | 'uncompressed';
type PageName = 'login' | 'login_fa' | 'solar' | 'alarms';
interface Load {
  kb: number;
  readyMs: number;
}
interface PageRun {
  cold: Load;
  warm: Load;
}

const admin = { email: 'admin@voltscope.io', password: 'Volt!Admin1' };
/** 10 Mbit/s down and up, 40 ms latency: a wall on a thin link, an operator on a VPN. */
const link = { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 };

/** English, as an operator who chose it; `login_fa` in Persian, the default a first visit gets (its own font). */
const pages: Record<PageName, { path: string; signedIn: boolean; language: 'en' | 'fa' }> = {
  login: { path: '/login', signedIn: false, language: 'en' },
  login_fa: { path: '/login', signedIn: false, language: 'fa' },
  solar: { path: '/dashboards/solar', signedIn: true, language: 'en' },
  alarms: { path: '/alarm/realtime', signedIn: true, language: 'en' },
};

/**
 * When each page is ready, checked in the page on every animation frame (the time it was seen, else
 * false): the sign-in form on screen; the solar dashboard's fleet chart drawn with its history and a live
 * frame received (the chart redraws on the first frame at once: its throttle starts open); the alarm
 * console's grid (or its empty state).
 */
/** What readyAt reads of the page's document (loadtest is typed for Node, without the DOM). */
type PageDocument = { querySelector(selector: string): { textContent: string | null } | null };

function readyAt(name: PageName): number | false {
  const { document } = globalThis as unknown as { document: PageDocument };
  const has = (selector: string) => document.querySelector(selector) !== null;
  const ready =
    name === 'login' || name === 'login_fa'
      ? has('[data-testid=login-email]')
      : name === 'solar'
        ? has('[data-testid=fleet-trend-chart] canvas') &&
          /^Fleet power now/.test(document.querySelector('[data-testid=fleet-trend-summary]')?.textContent ?? '') &&
          (globalThis as unknown as { firstLiveFrameAt?: number }).firstLiveFrameAt !== undefined
        : has('[data-testid=alarm-grid], [data-testid=alarms-empty]');
  return ready && performance.now();
}

/** Notes when the page's socket first brings a live frame (Socket.IO's text part names the event). */
function watchLiveFrames(): void {
  const Native = WebSocket;
  const scope = globalThis as unknown as { firstLiveFrameAt?: number; WebSocket: typeof WebSocket };
  scope.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (typeof event.data === 'string' && event.data.includes('"live:frame"')) {
          scope.firstLiveFrameAt ??= performance.now();
        }
      });
    }
  };
}

/** Sums the bytes each HTTP response took on the wire (CDP's encodedDataLength), and tracks requests in flight. */
function countBytes(cdp: CDPSession) {
  let bytes = 0;
  const inFlight = new Set<string>();
  let lastChange = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    inFlight.add(e.requestId);
    lastChange = Date.now();
  });
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    inFlight.delete(e.requestId);
    lastChange = Date.now();
  });
  cdp.on('Network.loadingFailed', (e) => {
    inFlight.delete(e.requestId);
    lastChange = Date.now();
  });
  return {
    take() {
      const taken = bytes;
      bytes = 0;
      return taken;
    },
    /** Until nothing has been in flight for `quietMs` (what the page fetches just after it is ready counts). */
    async settle(quietMs = 500, maxMs = 10_000) {
      const until = Date.now() + maxMs;
      while (Date.now() < until && (inFlight.size > 0 || Date.now() - lastChange < quietMs)) {
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

async function load(page: Page, url: string, name: PageName, counter: ReturnType<typeof countBytes>): Promise<Load> {
  counter.take();
  await page.goto(url, { waitUntil: 'commit' });
  const ready = await page.waitForFunction(readyAt, name, { timeout: 60_000, polling: 'raf' });
  const readyMs = (await ready.jsonValue()) as number;
  await counter.settle();
  return { kb: counter.take() / 1024, readyMs };
}

async function run(browser: Browser, base: string, name: PageName, mode: Mode): Promise<PageRun> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'en-GB' });
  try {
    await context.addCookies([{ name: 'language', value: pages[name].language, url: base }]);
    await context.addInitScript(watchLiveFrames);
    if (pages[name].signedIn) {
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      if (response.status !== 201) throw new Error(`sign-in failed: ${response.status}`);
      const session = await response.text();
      await context.addInitScript((value) => sessionStorage.setItem('voltscope.session', value), session);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', link);
    if (mode === 'uncompressed')
      await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    const counter = countBytes(cdp);
    const url = base + pages[name].path;
    const cold = await load(page, url, name, counter);
    const warm = await load(page, url, name, counter);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const range = (xs: number[]): [number, number] => [Math.min(...xs), Math.max(...xs)];

function figures(runs: Record<Mode, Record<PageName, PageRun[]>>, measured: readonly PageName[]): Figure[] {
  const out: Figure[] = [];
  const add = (name: string, unit: string, pick: (r: PageRun) => number, page: PageName, lowerIsBetter = true) => {
    const values = runs.compressed[page].map(pick);
    const baselines = runs.uncompressed[page].map(pick);
    const value = median(values);
    const baseline = median(baselines);
    out.push({
      name,
      unit,
      value,
      baseline,
      ratio: lowerIsBetter ? baseline / value : value / baseline,
      range: range(values),
    });
  };
  const readyName: Record<PageName, string> = {
    login: 'form_ms',
    login_fa: 'form_ms',
    solar: 'first_live_chart_ms',
    alarms: 'console_ms',
  };
  for (const page of measured) {
    add(`client.${page}.transfer_kb`, 'KB', (r) => r.cold.kb, page);
    add(`client.${page}.${readyName[page]}`, 'ms', (r) => r.cold.readyMs, page);
    add(`client.${page}.warm.transfer_kb`, 'KB', (r) => r.warm.kb, page);
    add(`client.${page}.warm.${readyName[page]}`, 'ms', (r) => r.warm.readyMs, page);
  }
  return out;
}

export async function clientBenchmark(options: { quick: boolean; args: string[] }): Promise<Figure[]> {
  const work = await mkdtemp(path.join(tmpdir(), 'voltscope-client-'));
  const dist = path.join(work, 'dist');
  // The real client, built as `npm run build` builds it (its brotli and gzip copies included).
  await build({
    configFile: new URL('../../client/vite.config.ts', import.meta.url).pathname,
    build: { outDir: dist },
    logLevel: 'warn',
  });
  const app = await buildApp(
    loadConfig({
      DATA_DIR: path.join(work, 'data'),
      CLIENT_DIST: dist,
      LOG_LEVEL: 'warn',
      SCRYPT_LOG2N: '10',
      SIMULATOR: 'true',
      BACKFILL_DAYS: '1',
      // One browser from one address loads a page of ~25–70 requests every few seconds, as no person does.
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000',
      RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000',
      RATE_LIMIT_USER_PER_MINUTE: '1000000',
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const browser = await launchChromium(['--disable-sync', '--disable-quic']);
  const roundsArg = options.args.indexOf('--rounds');
  const rounds = roundsArg >= 0 ? Number(options.args[roundsArg + 1]) : options.quick ? 1 : 3;
  // `--pages login,solar`: only those (a quicker look while working on one page).
  const pagesArg = options.args.indexOf('--pages');
  const wanted = pagesArg >= 0 ? (options.args[pagesArg + 1] ?? '').split(',') : Object.keys(pages);
  const measured = (Object.keys(pages) as PageName[]).filter((name) => wanted.includes(name));
  const runs: Record<Mode, Record<PageName, PageRun[]>> = {
    compressed: { login: [], login_fa: [], solar: [], alarms: [] },
    uncompressed: { login: [], login_fa: [], solar: [], alarms: [] },
  };
  try {
    for (let round = 0; round < rounds; round++) {
      // Interleaved, so that a slow moment of the shared machine does not favour one mode.
      for (const name of measured) {
        for (const mode of ['uncompressed', 'compressed'] as const) {
          const result = await run(browser, base, name, mode);
          runs[mode][name].push(result);
          console.error(
            `  ${name.padEnd(6)} ${mode.padEnd(12)} cold ${result.cold.kb.toFixed(0)} KB ${result.cold.readyMs.toFixed(0)} ms · warm ${result.warm.kb.toFixed(0)} KB ${result.warm.readyMs.toFixed(0)} ms`,
          );
        }
      }
    }
  } finally {
    await browser.close();
    await app.close();
    await rm(work, { recursive: true, force: true });
  }
  return figures(runs, measured);
}
