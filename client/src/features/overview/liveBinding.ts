// Live values written straight into the DOM: a page with some hundred live numbers (a tile per
// inverter) must not render React per frame. A binder per site collects small update functions; after a
// frame of the site it runs them all, at most every `intervalMs`, and again when the age watchdog's
// verdicts change (a value that stops arriving turns stale on screen: live/ageWatchdog.ts judges it).
// Each update writes only what changed.
import { sampleAge } from '../../live/ageWatchdog.ts';
import { liveStore } from '../../live/liveStore.ts';
import { ageWatchdog } from '../../live/staleness.ts';

export type Update = (now: number) => void;

export interface LiveReading {
  value: number;
  /** ms since the sample was taken (hub clock). */
  age: number;
}

/** The newest values of two series (`a` and `b`) and the older one's age, or null until both have one. */
export function readPair(
  binder: LiveBinder,
  a: { id: number } | undefined,
  b: { id: number } | undefined,
  now: number,
): { a: number; b: number; age: number } | null {
  const x = binder.read(a?.id, now);
  const y = binder.read(b?.id, now);
  return x && y ? { a: x.value, b: y.value, age: Math.max(x.age, y.age) } : null;
}

export class LiveBinder {
  readonly siteId: string;
  readonly #intervalMs: number;
  readonly #updates = new Set<Update>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #last = 0;

  constructor(siteId: string, intervalMs = 400) {
    this.siteId = siteId;
    this.#intervalMs = intervalMs;
  }

  /** The newest value of a series and its age, or null when none has arrived. */
  read(seriesId: number | undefined, now: number): LiveReading | null {
    if (seriesId === undefined) return null;
    const latest = liveStore.latest(seriesId);
    if (!latest) return null;
    return { value: latest.value, age: sampleAge(latest.ts, liveStore.progress(this.siteId), now) };
  }

  /** Runs every update soon (what they read besides the live store changed: the hub's device states). */
  refresh(): void {
    this.#schedule();
  }

  /** Starts listening to the site's frames; returns the stop. */
  start(): () => void {
    const stopFrames = liveStore.onFrame(this.siteId, () => this.#schedule());
    const stopVerdicts = ageWatchdog.state.subscribe(() => this.#schedule());
    return () => {
      stopFrames();
      stopVerdicts();
      if (this.#timer) clearTimeout(this.#timer);
      this.#timer = null;
    };
  }

  /** Adds an update, runs it once now; returns its removal. */
  add(update: Update): () => void {
    this.#updates.add(update);
    update(Date.now());
    return () => {
      this.#updates.delete(update);
    };
  }

  #schedule(): void {
    if (this.#timer) return;
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        this.#run();
      },
      Math.max(0, this.#last + this.#intervalMs - Date.now()),
    );
  }

  #run(): void {
    this.#last = Date.now();
    for (const update of this.#updates) update(this.#last);
  }
}

/** Sets an element's text if it differs (a write that changes nothing still costs a style pass). */
export function setText(element: Element | null | undefined, text: string): void {
  if (element && element.textContent !== text) element.textContent = text;
}

/** Sets (or, with null, removes) an attribute if it differs. */
export function setAttr(element: Element | null | undefined, name: string, value: string | null): void {
  if (!element || element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}
