import { describe, expect, it } from 'vitest';
import { AgeWatchdog, type Clock, sampleAge } from './ageWatchdog.ts';

/** A clock the test moves by hand, and a live store of the newest sample per series. */
function setup() {
  let now = 1_000_000;
  let tick: (() => void) | null = null;
  const clock: Clock = {
    now: () => now,
    every: (_ms, t) => {
      tick = t;
      return () => {
        tick = null;
      };
    },
  };
  const latest = new Map<number, number>();
  const progress = new Map<string, { lastTs: number; receivedAt: number }>();
  let lostAt: number | null = null;
  const dog = new AgeWatchdog(
    {
      latestTs: (id) => latest.get(id) ?? null,
      progress: (siteId) => progress.get(siteId),
      lostAt: () => lostAt,
    },
    clock,
  );
  let notifications = 0;
  dog.state.subscribe(() => notifications++);
  return {
    dog,
    /** A frame of `siteId` with a sample of each series, taken and received now. */
    sample(siteId: string, ...ids: number[]) {
      for (const id of ids) latest.set(id, now);
      progress.set(siteId, { lastTs: now, receivedAt: now });
    },
    /** Lets `ms` pass, a timer tick each second. */
    advance(ms: number) {
      for (let t = 0; t < ms; t += 1000) {
        now += 1000;
        tick?.();
      }
    },
    lose(at: number | null) {
      lostAt = at;
    },
    get now() {
      return now;
    },
    get notifications() {
      return notifications;
    },
    get ticking() {
      return tick !== null;
    },
  };
}

describe('sampleAge', () => {
  it('counts on the hub’s clock: how much older than the site’s newest sample, plus since that arrived', () => {
    // The hub's clock is an hour ahead of the browser's: ages still come out right.
    const hub = 3_600_000;
    const site = { lastTs: hub + 10_000, receivedAt: 10_200 };
    expect(sampleAge(hub + 10_000, site, 10_700)).toBe(500);
    expect(sampleAge(hub + 4_000, site, 10_700)).toBe(6_500);
  });

  it('is the plain difference before any frame arrived, never negative', () => {
    expect(sampleAge(1_000, undefined, 4_000)).toBe(3_000);
    expect(sampleAge(5_000, undefined, 4_000)).toBe(0);
  });
});

describe('AgeWatchdog', () => {
  it('marks a series stale after three of its periods without a sample, since its last sample', () => {
    const t = setup();
    t.sample('s', 1);
    const last = t.now;
    t.dog.watchSeries('s', 1, 5000);
    t.advance(15_000);
    expect(t.dog.state.getState().series[1]).toBeUndefined();
    t.advance(1000);
    expect(t.dog.state.getState().series[1]).toBe(last);
  });

  it('clears a stale series by itself when a sample arrives', () => {
    const t = setup();
    t.sample('s', 1);
    t.dog.watchSeries('s', 1, 1000);
    t.advance(5000);
    expect(t.dog.state.getState().series[1]).toBeDefined();
    t.sample('s', 1);
    t.advance(1000);
    expect(t.dog.state.getState().series[1]).toBeUndefined();
  });

  it('judges a series that stopped while its site goes on by the site’s newest sample', () => {
    const t = setup();
    t.sample('s', 1, 2);
    t.dog.watchSeries('s', 1, 1000);
    t.dog.watchSeries('s', 2, 1000);
    for (let i = 0; i < 5; i++) {
      t.advance(1000);
      t.sample('s', 2);
    }
    expect(Object.keys(t.dog.state.getState().series)).toEqual(['1']);
  });

  it('falls back to a one-second period for a series whose period is unknown', () => {
    const t = setup();
    t.sample('s', 1);
    t.dog.watchSeries('s', 1);
    t.advance(4000);
    expect(t.dog.state.getState().series[1]).toBeDefined();
  });

  it('marks a site silent after 10 s without a frame, with minutes, and clears it on a frame', () => {
    const t = setup();
    t.sample('s', 1);
    const last = t.now;
    t.dog.watchSite('s');
    t.advance(10_000);
    expect(t.dog.state.getState().sites.s).toBeUndefined();
    t.advance(1000);
    expect(t.dog.state.getState().sites.s).toEqual({ since: last, minutes: 0 });
    t.advance(60_000);
    expect(t.dog.state.getState().sites.s).toEqual({ since: last, minutes: 1 });
    t.sample('s', 1);
    t.advance(1000);
    expect(t.dog.state.getState().sites.s).toBeUndefined();
  });

  it('marks a site that never sent a frame silent 10 s after it was first shown', () => {
    const t = setup();
    t.dog.watchSite('quiet');
    t.advance(11_000);
    expect(t.dog.state.getState().sites.quiet).toEqual({ since: null, minutes: 0 });
  });

  it('leaves sites unjudged while the connection is lost, and says since when it was lost', () => {
    const t = setup();
    t.sample('s', 1);
    t.dog.watchSite('s');
    t.dog.watchConnection();
    const at = t.now;
    t.lose(at);
    t.advance(125_000);
    expect(t.dog.state.getState().sites.s).toBeUndefined();
    expect(t.dog.state.getState().lost).toEqual({ at, minutes: 2 });
    t.lose(null);
    t.advance(1000);
    expect(t.dog.state.getState().lost).toBeNull();
    t.advance(11_000);
    expect(t.dog.state.getState().sites.s).toBeDefined();
  });

  it('gives a site 10 s after the connection comes back before calling it silent again', () => {
    const t = setup();
    t.sample('s', 1);
    t.dog.watchSite('s');
    t.lose(t.now);
    t.dog.check();
    t.advance(30_000);
    t.lose(null);
    t.dog.check();
    t.advance(10_000);
    expect(t.dog.state.getState().sites.s).toBeUndefined();
    t.advance(1000);
    expect(t.dog.state.getState().sites.s).toBeDefined();
  });

  it('notifies once per change of verdict, never per sample', () => {
    const t = setup();
    t.sample('s', 1);
    t.dog.watchSeries('s', 1, 1000);
    t.dog.watchSite('s');
    const start = t.notifications;
    for (let i = 0; i < 30; i++) {
      t.advance(1000);
      t.sample('s', 1);
    }
    expect(t.notifications).toBe(start);
    t.advance(4000);
    expect(t.notifications).toBe(start + 1);
    t.advance(7000);
    expect(t.notifications).toBe(start + 2);
    t.advance(3000);
    expect(t.notifications).toBe(start + 2);
    t.sample('s', 1);
    t.advance(1000);
    expect(t.notifications).toBe(start + 3);
  });

  it('stops its timer and forgets every verdict when nothing is watched', () => {
    const t = setup();
    t.sample('s', 1);
    const stopA = t.dog.watchSeries('s', 1, 1000);
    const stopB = t.dog.watchSeries('s', 1, 1000);
    t.advance(5000);
    stopA();
    stopA();
    expect(t.dog.state.getState().series[1]).toBeDefined();
    stopB();
    expect(t.ticking).toBe(false);
    expect(t.dog.state.getState().series).toEqual({});
  });
});
