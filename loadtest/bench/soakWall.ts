// The soak's wall: a real Chromium at 1920×1080 showing a playlist of every page. By default a paired
// display (an admin registers it with POST /api/displays, the browser opens /display?code=… and the
// kiosk turns the pages by itself); with `--no-display`, an operator's session whose pages the benchmark
// turns by `page.goto`. Reads what the soak records of the page: the heap after a collection, DOM nodes
// and listeners (CDP), long tasks (a PerformanceObserver installed before any page script), and the live
// layer's state through client/src/live/probe.ts.
import { itemPath, type PlaylistItem, playlistPageNames, sitePages } from '@voltscope/shared/displays';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { call } from './soakOperator.ts';

const ADMIN = { email: 'admin@voltscope.io', password: 'Volt!Admin1' };

/** Counts long tasks on `window.__soakLongTasks` from the first script of every document. */
const LONG_TASK_COUNTER = `
  window.__soakLongTasks = 0;
  new PerformanceObserver((list) => { window.__soakLongTasks += list.getEntries().length; })
    .observe({ type: 'longtask', buffered: true });
`;

export interface WallSample {
  heapMb: number;
  domNodes: number;
  listeners: number;
  /** Long tasks since the previous sample. */
  longTasks: number;
  /** Seconds since the newest live frame arrived (null before the first). */
  frameAgeS: number | null;
  connection: string;
  /** The page shown (its path and query). */
  page: string;
  /** Documents loaded so far (the kiosk reloads itself after a hub restart or at a new build). */
  loads: number;
  /** The page had drawn its data: its main figure shown, no skeleton or loader left (false mid-recovery). */
  drawn: boolean;
}

export interface Wall {
  page: Page;
  /** The playlist the wall shows, in order. */
  playlist: PlaylistItem[];
  sample(): Promise<WallSample>;
  /** Resolves at the next page turn (or after `timeoutMs`). */
  nextTurn(timeoutMs: number): Promise<void>;
  /** The live layer's state, and when its newest frame arrived (ms; 0 before the first, or off the app). */
  liveState(): Promise<{ connection: string; newestFrameAt: number }>;
  close(): Promise<void>;
}

const post = <T>(url: string, body: unknown, token?: string) =>
  call<T>(url, { method: 'POST', body: JSON.stringify(body) }, token);

interface Login {
  accessToken: string;
  expiresAt: number;
  userData: unknown;
  userAbilityRules: unknown[];
}

const shown = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Opens the wall on `base` (the proxy's address); `hub` is the hub's own (for the admin's calls). */
export async function openWall(
  browser: Browser,
  options: { base: string; hub: string; dwellSeconds: number; display: boolean },
): Promise<Wall> {
  const admin = await post<Login>(`${options.hub}/api/auth/login`, { ...ADMIN, rememberMe: true });
  const sites = await call<{ id: string; kind: string }[]>(`${options.hub}/api/sites`, {}, admin.accessToken);
  const siteIds = sites.map((s) => s.id);
  // A page of one site shows a site of its kind, as an admin would choose (the wind overview a wind farm).
  const siteOf = (kind: string) => sites.find((s) => s.kind === kind)?.id ?? null;
  const playlist: PlaylistItem[] = playlistPageNames.map((page) => ({
    page,
    siteId: sitePages.has(page) ? siteOf(page === 'overview-wind' ? 'wind' : 'solar') : null,
    dwellSeconds: options.dwellSeconds,
    language: null,
    theme: null,
  }));
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.addInitScript(LONG_TASK_COUNTER);
  const page = await context.newPage();
  let loads = 0;
  page.on('load', () => {
    loads++;
  });
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  let stopTurning = () => {};
  if (options.display) {
    const { code } = await post<{ code: string }>(
      `${options.hub}/api/displays`,
      { name: 'Soak wall', siteIds, playlist, language: 'en', theme: 'dark', sound: false },
      admin.accessToken,
    );
    await page.goto(`${options.base}/display?code=${encodeURIComponent(code)}`);
  } else {
    // An operator's session in localStorage ("remember me"), as the sign-in page leaves it.
    const session = JSON.stringify({
      accessToken: admin.accessToken,
      expiresAt: admin.expiresAt,
      userData: admin.userData,
      userAbilityRules: admin.userAbilityRules,
    });
    await context.addInitScript(`localStorage.setItem('voltscope.session', ${JSON.stringify(session)});`);
    let turning = true;
    stopTurning = () => {
      turning = false;
    };
    await page.goto(`${options.base}${itemPath(playlist[0] as PlaylistItem, siteIds)}`);
    // Later turns inside the app, as the kiosk's runner does (the router follows history), not page loads.
    void (async () => {
      for (let i = 0; turning; i++) {
        const item = playlist[i % playlist.length] as PlaylistItem;
        if (i > 0) {
          const to = JSON.stringify(itemPath(item, siteIds));
          await page
            .evaluate(`history.pushState(null, '', ${to}); dispatchEvent(new PopStateEvent('popstate'))`)
            .catch(() => {});
        }
        await page.waitForTimeout(item.dwellSeconds * 1000).catch(() => {});
      }
    })();
  }
  return {
    page,
    playlist,
    async sample() {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
      const live = await page.evaluate(() => {
        const w = globalThis as unknown as {
          document: { querySelector(selector: string): unknown };
          __soakLongTasks?: number;
          __voltscope?: { connection(): string; newestFrameAt(): number };
        };
        const longTasks = w.__soakLongTasks ?? 0;
        w.__soakLongTasks = 0;
        const newest = w.__voltscope?.newestFrameAt() ?? 0;
        return {
          longTasks,
          drawn:
            w.document.querySelector('[data-main-figure]') !== null &&
            w.document.querySelector('.mantine-Skeleton-root, .mantine-Loader-root') === null,
          connection: w.__voltscope?.connection() ?? 'none',
          frameAgeS: newest > 0 ? (Date.now() - newest) / 1000 : null,
        };
      });
      return {
        heapMb: of('JSHeapUsedSize') / 2 ** 20,
        domNodes: of('Nodes'),
        listeners: of('JSEventListeners'),
        ...live,
        page: shown(page),
        loads,
      };
    },
    async nextTurn(timeoutMs) {
      const from = shown(page);
      const deadline = Date.now() + timeoutMs;
      while (shown(page) === from && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    },
    async liveState() {
      return page
        .evaluate(() => {
          const probe = (globalThis as unknown as { __voltscope?: { connection(): string; newestFrameAt(): number } })
            .__voltscope;
          return { connection: probe?.connection() ?? 'none', newestFrameAt: probe?.newestFrameAt() ?? 0 };
        })
        .catch(() => ({ connection: 'none', newestFrameAt: 0 }));
    },
    async close() {
      stopTurning();
      await context.close();
    },
  };
}
