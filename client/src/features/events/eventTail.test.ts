import type { SiteEvent } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { EventTail } from './eventTail.ts';

let nextId = 1;
const event = (siteId: string | null, seq: number, ts: number): SiteEvent => ({
  id: nextId++,
  seq,
  siteId,
  deviceId: null,
  alarmId: null,
  type: 'door',
  severity: 'info',
  message: { en: `${siteId} ${seq}`, fr: '', fa: '', ar: '' },
  userName: null,
  comment: null,
  ts,
});

const seqs = (events: readonly SiteEvent[]) => events.map((e) => `${e.siteId}:${e.seq}`);

describe('the live tail', () => {
  it('keeps events newest first, whatever order the history and the socket deliver them in', () => {
    const tail = new EventTail();
    tail.addHistory([event('a', 1, 100), event('a', 3, 300), event('b', 1, 200)]);
    tail.addLive(event('a', 4, 400));
    expect(seqs(tail.snapshot.shown)).toEqual(['a:4', 'a:3', 'b:1', 'a:1']);
  });

  it('holds each (site, seq) once when the history and the socket overlap', () => {
    const tail = new EventTail();
    tail.addLive(event('a', 7, 700));
    tail.addHistory([event('a', 6, 600), event('a', 7, 700), event('a', 7, 700)]);
    tail.addLive(event('a', 7, 700));
    expect(seqs(tail.snapshot.shown)).toEqual(['a:7', 'a:6']);
  });

  it('tells fleet-wide events apart from a site whose events have the same seq', () => {
    const tail = new EventTail();
    tail.addHistory([event(null, 1, 100), event('a', 1, 100)]);
    expect(tail.snapshot.shown).toHaveLength(2);
  });

  it('never holds more than its limit, dropping the oldest', () => {
    const tail = new EventTail({ limit: 3 });
    for (let seq = 1; seq <= 10; seq++) tail.addLive(event('a', seq, seq * 10));
    expect(seqs(tail.snapshot.shown)).toEqual(['a:10', 'a:9', 'a:8']);
    // One that fell off may come back from the history: it sorts below and falls off again.
    tail.addHistory([event('a', 2, 20)]);
    expect(seqs(tail.snapshot.shown)).toEqual(['a:10', 'a:9', 'a:8']);
  });

  it('holds live events back while paused and shows them on resume', () => {
    const tail = new EventTail();
    tail.addLive(event('a', 1, 100));
    tail.pause();
    tail.addLive(event('a', 2, 200));
    tail.addLive(event('b', 1, 250));
    expect(seqs(tail.snapshot.shown)).toEqual(['a:1']);
    expect(seqs(tail.snapshot.waiting)).toEqual(['b:1', 'a:2']);
    // A duplicate of a waiting event is still dropped.
    tail.addLive(event('a', 2, 200));
    expect(tail.snapshot.waiting).toHaveLength(2);
    tail.resume();
    expect(seqs(tail.snapshot.shown)).toEqual(['b:1', 'a:2', 'a:1']);
    expect(tail.snapshot.waiting).toEqual([]);
    expect(tail.snapshot.paused).toBe(false);
  });

  it('marks live events, not those of the history', () => {
    const tail = new EventTail();
    const past = event('a', 1, 100);
    const now = event('a', 2, 200);
    tail.addHistory([past]);
    tail.addLive(now);
    expect([tail.isLive(past), tail.isLive(now)]).toEqual([false, true]);
  });

  it('tells its listeners once per scheduled run, however many events came', () => {
    const runs: (() => void)[] = [];
    const tail = new EventTail({ schedule: (run) => runs.push(run) });
    let told = 0;
    tail.subscribe(() => told++);
    for (let seq = 1; seq <= 50; seq++) tail.addLive(event('a', seq, seq));
    expect(runs).toHaveLength(1);
    runs[0]?.();
    expect(told).toBe(1);
    expect(tail.snapshot.shown).toHaveLength(50);
  });
});
