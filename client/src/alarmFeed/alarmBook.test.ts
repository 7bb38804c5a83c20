import type { Alarm, AlarmState, SiteEvent } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { AlarmBook, type AlarmEventPayload, countRecent } from './alarmBook.ts';
import { testAlarm, text } from './testAlarm.ts';

const alarm = (id: number, seq: number, state: AlarmState = 'unacknowledged', extra: Partial<Alarm> = {}): Alarm =>
  testAlarm(id, { seq, state, ...extra });

function payload(seq: number, a: Alarm | null, type: SiteEvent['type'] = 'alarm_raised', ts = 5000): AlarmEventPayload {
  return {
    alarm: a,
    event: {
      id: seq,
      seq,
      siteId: a?.siteId ?? 's1',
      deviceId: a?.deviceId ?? null,
      alarmId: a?.id ?? null,
      type,
      severity: a?.priority ?? 'info',
      message: text('event'),
      userName: null,
      comment: null,
      ts,
    },
  };
}

const started = (seq = 10) => {
  const book = new AlarmBook();
  book.add('s1');
  book.start('s1', seq);
  book.applySnapshot('s1', seq, [], 0);
  return book;
};

describe('AlarmBook', () => {
  it('applies events in seq order and delivers each once', () => {
    const book = started();
    const first = book.receive(payload(11, alarm(1, 11)));
    expect(first).toEqual({ kind: 'applied', delivered: [payload(11, alarm(1, 11))] });
    expect(book.lastSeq('s1')).toBe(11);
    expect(book.alarms.get(1)?.state).toBe('unacknowledged');
  });

  it('drops a duplicate seq, as a replay overlapping the live stream sends', () => {
    const book = started();
    book.receive(payload(11, alarm(1, 11)));
    book.receive(payload(12, alarm(1, 12, 'acknowledged'), 'alarm_acknowledged'));
    expect(book.receive(payload(11, alarm(1, 11)))).toEqual({ kind: 'duplicate' });
    expect(book.receive(payload(12, alarm(1, 12, 'acknowledged')))).toEqual({ kind: 'duplicate' });
    expect(book.alarms.get(1)?.state).toBe('acknowledged');
  });

  it('reports a jump in seq as a gap from the last seq held and holds the later events back', () => {
    const book = started();
    book.receive(payload(11, alarm(1, 11)));
    expect(book.receive(payload(14, alarm(3, 14)))).toEqual({ kind: 'gap', lastSeq: 11 });
    expect(book.alarms.has(3)).toBe(false);
    expect(book.missing('s1')).toBe(true);
    // The replay fills the hole; the held event follows in order.
    expect(book.receive(payload(12, alarm(2, 12)))).toMatchObject({ kind: 'applied' });
    const last = book.receive(payload(13, alarm(2, 13, 'acknowledged')));
    expect(last.kind === 'applied' && last.delivered.map((p) => p.event.seq)).toEqual([13, 14]);
    expect(book.lastSeq('s1')).toBe(14);
    expect(book.missing('s1')).toBe(false);
    expect([...book.alarms.keys()].sort()).toEqual([1, 2, 3]);
  });

  it('holds events that come before the grant and applies those after the granted seq', () => {
    const book = new AlarmBook();
    book.add('s1');
    expect(book.receive(payload(10, alarm(1, 10))).kind).toBe('ignored');
    expect(book.receive(payload(11, alarm(2, 11))).kind).toBe('ignored');
    const unblocked = book.start('s1', 10);
    expect(unblocked.map((p) => p.event.seq)).toEqual([11]);
    expect(book.alarms.has(1)).toBe(false);
    expect(book.alarms.has(2)).toBe(true);
  });

  it('removes a closed alarm and never lets an older snapshot bring it back', () => {
    const book = new AlarmBook();
    book.add('s1');
    book.start('s1', 10);
    book.receive(payload(11, alarm(1, 11, 'closed'), 'alarm_closed'));
    // The snapshot was read before the close committed.
    book.applySnapshot('s1', 10, [alarm(1, 9), alarm(2, 8)], 0);
    expect([...book.alarms.keys()]).toEqual([2]);
  });

  it('keeps the newer of a snapshot alarm and an event that raced it', () => {
    const book = new AlarmBook();
    book.add('s1');
    book.start('s1', 10);
    book.receive(payload(11, alarm(1, 11, 'acknowledged'), 'alarm_acknowledged'));
    book.applySnapshot('s1', 10, [alarm(1, 9)], 0);
    expect(book.alarms.get(1)?.state).toBe('acknowledged');
  });

  it('drops alarms of the site that a resync snapshot no longer holds', () => {
    const book = started();
    book.receive(payload(11, alarm(1, 11)));
    book.start('s1', 50);
    book.applySnapshot('s1', 50, [alarm(2, 40)], 0);
    expect([...book.alarms.keys()]).toEqual([2]);
  });

  it('ignores events of sites it does not follow and fleet-wide events', () => {
    const book = started();
    expect(book.receive(payload(11, alarm(1, 11, 'unacknowledged', { siteId: 's2' }))).kind).toBe('ignored');
    const fleet = payload(1, null, 'sign_in');
    expect(book.receive({ ...fleet, event: { ...fleet.event, siteId: null } }).kind).toBe('ignored');
  });

  it('asks for a reload when too much is missing to hold', () => {
    const book = started();
    let last = book.receive(payload(13, null, 'door'));
    for (let seq = 14; last.kind === 'gap'; seq++) last = book.receive(payload(seq, null, 'door'));
    expect(last).toEqual({ kind: 'overflow' });
    expect(book.missing('s1')).toBe(false);
  });
});

describe('flood detection', () => {
  it('flags a site with more than the limit of new alarms in the window, not suppressed ones', () => {
    const book = started();
    let seq = 10;
    for (let id = 1; id <= 11; id++) book.receive(payload(++seq, alarm(id, seq), 'alarm_raised', 100_000 + id));
    expect(book.flooding(100_000, 10)).toEqual([{ siteId: 's1', count: 11 }]);
    // Past the window, the early ones no longer count.
    expect(book.flooding(100_002, 10)).toEqual([]);
  });

  it('does not count alarms suppressed by design', () => {
    const book = started();
    let seq = 10;
    for (let id = 1; id <= 20; id++) {
      book.receive(payload(++seq, alarm(id, seq, 'unacknowledged', { suppressed: true }), 'alarm_raised', 100_000));
    }
    expect(book.flooding(0, 10)).toEqual([]);
  });

  it('counts recent raises of a snapshot', () => {
    const book = new AlarmBook();
    book.add('s1');
    book.start('s1', 100);
    const alarms = Array.from({ length: 12 }, (_, i) => alarm(i + 1, i + 1, 'unacknowledged', { raisedAt: 9000 + i }));
    book.applySnapshot('s1', 100, alarms, 9001);
    expect(book.flooding(9001, 10)).toEqual([{ siteId: 's1', count: 11 }]);
  });

  it('forgets raises older than the window', () => {
    const raises = new Map([
      [1, 10],
      [2, 20],
      [3, 30],
    ]);
    expect(countRecent(raises, 20)).toBe(2);
    expect([...raises.keys()]).toEqual([2, 3]);
  });
});
