// What the SLD benchmark measures inside Chromium, the same way on the live page and on its bare copy:
// frame times from requestAnimationFrame, long tasks (PerformanceObserver 'longtask'), the main
// thread's busy share (Chrome's TaskDuration over the window, as wall.ts), the DOM writes the live page
// makes per frame (a MutationObserver on its diagram, during a probe of its own so that it does not
// weigh on the measured window), and the bare copy: the rendered <svg> with the page's CSS and nothing
// else, updated by a setInterval at 10 Hz making the same writes.
import type { Page } from 'playwright-core';
import { percentile } from './report.ts';

/** Installed before any page script: `window.__sldBench`, counting only between start() and stop(). */
export const MEASURES_SCRIPT = `
  (() => {
    const m = { on: false, last: 0, frames: [], longTasks: 0, longestTaskMs: 0 };
    m.start = () => { m.frames = []; m.longTasks = 0; m.longestTaskMs = 0; m.last = 0; m.on = true; };
    m.stop = () => { m.on = false; return { frames: m.frames, longTasks: m.longTasks, longestTaskMs: m.longestTaskMs }; };
    window.__sldBench = m;
    new PerformanceObserver((list) => {
      if (!m.on) return;
      for (const e of list.getEntries()) { m.longTasks++; m.longestTaskMs = Math.max(m.longestTaskMs, e.duration); }
    }).observe({ type: 'longtask' });
    const tick = (t) => { if (m.on) { if (m.last > 0) m.frames.push(t - m.last); m.last = t; } requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })();
`;

export interface WindowRun {
  frameP50: number;
  frameP95: number;
  busyShare: number;
  longTasks: number;
  longestTaskMs: number;
}

/** Measures the page as it stands over `ms`. */
export async function measureWindow(page: Page, ms: number): Promise<WindowRun> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return { task: metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0, at: performance.now() };
  };
  // SLD_PROFILE=1: a JavaScript CPU profile of the window, its heaviest functions printed (self time).
  const profiling = process.env.SLD_PROFILE === '1';
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const before = await taskSeconds();
  await page.evaluate('window.__sldBench.start()');
  await page.waitForTimeout(ms);
  if (profiling) printProfile((await cdp.send('Profiler.stop')).profile);
  const run = (await page.evaluate('window.__sldBench.stop()')) as {
    frames: number[];
    longTasks: number;
    longestTaskMs: number;
  };
  const after = await taskSeconds();
  await cdp.detach();
  const frames = [...run.frames].sort((a, b) => a - b);
  return {
    frameP50: percentile(frames, 50),
    frameP95: percentile(frames, 95),
    busyShare: (after.task - before.task) / ((after.at - before.at) / 1000),
    longTasks: run.longTasks,
    longestTaskMs: run.longestTaskMs,
  };
}

/** The functions with the most self time in a CPU profile, to stderr. */
function printProfile(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  samples?: number[];
  timeDeltas?: number[];
}): void {
  const self = new Map<number, number>();
  profile.samples?.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0));
  });
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
    byName.set(name, (byName.get(name) ?? 0) + (self.get(node.id) ?? 0) / 1000);
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.error(`  profile (self ms):\n    ${top.map(([n, ms]) => `${ms.toFixed(0)} ${n}`).join('\n    ')}`);
}

/** The page's clock (ms) when the diagram first holds `symbols` symbols, polled every animation frame. */
async function symbolsDrawn(page: Page, symbols: number): Promise<number> {
  // A function, not a string: the hub's CSP forbids eval, which a string predicate needs.
  const handle = await page.waitForFunction(
    (n) => {
      const { document } = globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } };
      return document.querySelectorAll('svg [data-symbol]').length >= n ? performance.now() : false;
    },
    symbols,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Ms from the navigation's start to the diagram holding `symbols` symbols (polled every animation frame). */
export async function openDiagram(page: Page, url: string, symbols: number): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  return symbolsDrawn(page, symbols);
}

/**
 * Ms from an operator's move to the diagram (the app already running on another page, as when an alarm
 * row's "Show on diagram" or the menu is clicked) to the diagram holding `symbols` symbols. The move is
 * the app router's own (a history entry and its popstate), so nothing but the page's work is timed.
 */
export async function openInApp(page: Page, base: string, path: string, symbols: number): Promise<number> {
  await page.goto(`${base}/settings/user-interface`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const started = (await page.evaluate(`(() => {
    const t = performance.now();
    history.pushState(null, '', ${JSON.stringify(path)});
    dispatchEvent(new PopStateEvent('popstate'));
    return t;
  })()`)) as number;
  return (await symbolsDrawn(page, symbols)) - started;
}

/** Where an open's time went: each request the page made (path, start and end in ms from navigation). */
export async function openTimeline(page: Page): Promise<string[]> {
  const entries = (await page.evaluate(`performance.getEntriesByType('resource').map((e) => ({
    path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd, bytes: e.encodedBodySize }))`)) as {
    path: string;
    start: number;
    end: number;
    bytes: number;
  }[];
  return entries
    .sort((a, b) => a.start - b.start)
    .map((e) => `${e.path} ${e.start.toFixed(0)}–${e.end.toFixed(0)} ms, ${(e.bytes / 1024).toFixed(0)} kB`);
}

/** The writes of one tick: texts set (changed or the same), and per attribute the values set. */
export interface WritePlan {
  texts: number;
  changedTexts: number;
  attributes: { name: string; writes: number; changed: number; values: string[] }[];
}

/** Watches the diagram's DOM writes over `ms` and returns them per tick of 100 ms. */
export async function probeWrites(page: Page, ms: number): Promise<WritePlan> {
  // Run in the page: the loadtest workspace has no DOM types, so the code goes as a string.
  return (await page.evaluate(`(async () => {
    const ms = ${ms};
    const svg = document.querySelector('svg [data-symbol]')?.closest('svg');
    if (!svg) throw new Error('no diagram on the page');
    let texts = 0;
    let changedTexts = 0;
    const attributes = new Map();
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes' && r.attributeName) {
          const now = r.target.getAttribute(r.attributeName);
          const a = attributes.get(r.attributeName) ?? { writes: 0, changed: 0, values: new Set() };
          a.writes++;
          if (now !== r.oldValue) a.changed++;
          if (now !== null && a.values.size < 8) a.values.add(now);
          if (r.oldValue !== null && a.values.size < 8) a.values.add(r.oldValue);
          attributes.set(r.attributeName, a);
        } else if (r.type === 'characterData') {
          texts++;
          if (r.oldValue !== r.target.textContent) changedTexts++;
        } else if (r.type === 'childList' && r.addedNodes.length > 0) {
          // textContent = … replaces the text node: one write.
          texts++;
          if (r.removedNodes[0]?.textContent !== r.addedNodes[0]?.textContent) changedTexts++;
        }
      }
    });
    observer.observe(svg, {
      subtree: true,
      attributes: true,
      attributeOldValue: true,
      characterData: true,
      characterDataOldValue: true,
      childList: true,
    });
    await new Promise((r) => setTimeout(r, ms));
    observer.disconnect();
    const ticks = ms / 100;
    return {
      texts: texts / ticks,
      changedTexts: changedTexts / ticks,
      attributes: [...attributes].map(([name, a]) => ({
        name,
        writes: a.writes / ticks,
        changed: a.changed / ticks,
        values: [...a.values],
      })),
    };
  })()`)) as WritePlan;
}

/** The live page's diagram as a bare page: its <svg> at its rendered size, the page's CSS, a timer. */
export async function bareCopy(page: Page, plan: WritePlan): Promise<string> {
  const { svg, css, rootAttributes } = (await page.evaluate(`(() => {
    const svg = document.querySelector('svg [data-symbol]')?.closest('svg');
    if (!svg) throw new Error('no diagram on the page');
    const box = svg.getBoundingClientRect();
    const copy = svg.cloneNode(true);
    copy.setAttribute('style', \`\${copy.getAttribute('style') ?? ''};width:\${box.width}px;height:\${box.height}px\`);
    const css = [];
    for (const sheet of document.styleSheets) {
      try {
        for (const rule of sheet.cssRules) css.push(rule.cssText);
      } catch {
        // A sheet from another origin cannot be read (none is expected).
      }
    }
    const rootAttributes = [...document.documentElement.attributes].map((a) => [a.name, a.value]);
    return { svg: copy.outerHTML, css: css.join('\\n'), rootAttributes };
  })()`)) as { svg: string; css: string; rootAttributes: [string, string][] };
  const attrs = rootAttributes.map(([n, v]) => `${n}="${String(v).replaceAll('"', '&quot;')}"`).join(' ');
  const script = `
    const plan = ${JSON.stringify(plan)};
    const svg = document.querySelector('svg');
    // The live page writes its values into text[data-value]; any text where it has none.
    const valueTexts = [...svg.querySelectorAll('text[data-value]')];
    const texts = valueTexts.length > 0 ? valueTexts : [...svg.querySelectorAll('text')];
    const targets = plan.attributes.map((a) => [...svg.querySelectorAll('[' + CSS.escape(a.name) + ']')]);
    let tick = 0;
    // Fractional writes per tick carry over, so that the total over the window matches the live page's.
    const carry = new Map();
    const take = (key, per) => { const c = (carry.get(key) ?? 0) + per; const n = Math.floor(c); carry.set(key, c - n); return n; };
    setInterval(() => {
      tick++;
      const changed = take('changedTexts', plan.changedTexts);
      const all = take('texts', plan.texts);
      for (let i = 0; i < all && texts.length > 0; i++) {
        const t = texts[(tick * all + i) % texts.length];
        t.textContent = i < changed ? (Math.random() * 1000).toFixed(1) + ' kW' : t.textContent;
      }
      plan.attributes.forEach((a, j) => {
        const els = targets[j];
        if (els.length === 0) return;
        const changed = take(a.name + '/c', a.changed);
        const all = take(a.name, a.writes);
        for (let i = 0; i < all; i++) {
          const el = els[(tick * all + i) % els.length];
          const now = el.getAttribute(a.name);
          const other = a.values.find((v) => v !== now) ?? now;
          el.setAttribute(a.name, i < changed ? other : now);
        }
      });
    }, 100);
  `;
  return `<!doctype html><html ${attrs}><head><meta charset="utf-8"><style>${css}</style></head><body style="margin:0">${svg}<script>${script}</script></body></html>`;
}
