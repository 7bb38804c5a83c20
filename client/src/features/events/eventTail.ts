// The live tail's buffer: events newest first, each (site, seq) once, at most `limit` of them (the
// oldest fall off, so that a wall screen left for weeks holds the same memory as on its first day).
// While paused, live events wait aside (bounded too) and join the list on resume. Listeners are told
// of changes through `schedule` (an animation frame in the browser), so a burst renders once.
import type { SiteEvent } from '@voltscope/shared/alarms';

export const TAIL_LIMIT = 1000;

export interface TailSnapshot {
  /** Newest first. */
  shown: readonly SiteEvent[];
  /** Live events held back while paused, newest first. */
  waiting: readonly SiteEvent[];
  paused: boolean;
}

export const tailKey = (e: Pick<SiteEvent, 'siteId' | 'seq'>): string => `${e.siteId ?? 'fleet'}:${e.seq}`;

const newestFirst = (a: SiteEvent, b: SiteEvent) => b.ts - a.ts || b.id - a.id;

export interface EventTailOptions {
  limit?: number;
  schedule?: (run: () => void) => void;
}

export class EventTail {
  readonly limit: number;
  readonly #schedule: (run: () => void) => void;
  readonly #keys = new Set<string>();
  /** Events that arrived live (not from the history API): the page marks them as new. */
  readonly #live = new WeakSet<SiteEvent>();
  readonly #listeners = new Set<() => void>();
  #snapshot: TailSnapshot = { shown: [], waiting: [], paused: false };
  #scheduled = false;

  constructor({ limit = TAIL_LIMIT, schedule = (run) => run() }: EventTailOptions = {}) {
    this.limit = limit;
    this.#schedule = schedule;
  }

  get snapshot(): TailSnapshot {
    return this.#snapshot;
  }

  isLive(event: SiteEvent): boolean {
    return this.#live.has(event);
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Events from the history API (any order), merged by time; events already held are skipped. */
  addHistory(events: readonly SiteEvent[]): void {
    const unique = new Map(events.map((e) => [tailKey(e), e]));
    const fresh = [...unique.values()].filter((e) => !this.#keys.has(tailKey(e)));
    if (fresh.length === 0) return;
    this.#commit({ ...this.#snapshot, shown: this.#bounded([...this.#snapshot.shown, ...fresh]) }, fresh);
  }

  /** A live event: on top, or aside while paused. */
  addLive(event: SiteEvent): void {
    if (this.#keys.has(tailKey(event))) return;
    this.#live.add(event);
    const { shown, waiting, paused } = this.#snapshot;
    this.#commit(
      paused
        ? { shown, waiting: this.#bounded([event, ...waiting]), paused }
        : { shown: this.#bounded([event, ...shown]), waiting, paused },
      [event],
    );
  }

  pause(): void {
    if (!this.#snapshot.paused) this.#commit({ ...this.#snapshot, paused: true }, []);
  }

  resume(): void {
    const { shown, waiting, paused } = this.#snapshot;
    if (!paused) return;
    this.#commit({ shown: this.#bounded([...waiting, ...shown]), waiting: [], paused: false }, []);
  }

  /** Sorted newest first and cut to the limit; what falls off is forgotten (it may come back later). */
  #bounded(events: SiteEvent[]): SiteEvent[] {
    events.sort(newestFirst);
    for (const dropped of events.splice(this.limit)) this.#keys.delete(tailKey(dropped));
    return events;
  }

  #commit(next: TailSnapshot, added: readonly SiteEvent[]): void {
    // Keys first, then trimming in #bounded has already removed the dropped ones: add only those kept.
    const kept = new Set([...next.shown, ...next.waiting]);
    for (const e of added) if (kept.has(e)) this.#keys.add(tailKey(e));
    this.#snapshot = next;
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.#schedule(() => {
      this.#scheduled = false;
      for (const listener of this.#listeners) listener();
    });
  }
}
