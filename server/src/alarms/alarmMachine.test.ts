// The ISA-18.2 state machine, table-driven: every legal and illegal transition from every state, with
// the effects each produces. Over 300 lines because the tables are the specification, one row a case.
import type { AlarmState, EventType } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import {
  type AlarmInput,
  type AlarmInputType,
  type AlarmPoint,
  type Ignored,
  OUT_OF_SERVICE_ENDED,
  RETIRED,
  SUPERSEDED,
  transition,
} from './alarmMachine.ts';

const T = 1_800_000_000_000;
const HOUR = 3_600_000;
const julien = { id: 2, name: 'Julien Moreau' };
const by = { by: julien, comment: 'crew on site' };

type Row = 'none' | AlarmState;
const rows: Row[] = ['none', 'unacknowledged', 'acknowledged', 'rtn_unacknowledged', 'closed'];

const pointIn = (row: Row, flags: Partial<AlarmPoint> & { suppressed?: boolean } = {}): AlarmPoint => {
  const { suppressed = false, ...rest } = flags;
  return {
    occurrence: row === 'none' ? null : { state: row, suppressed },
    shelvedUntil: null,
    outOfService: false,
    outOfServiceUntil: null,
    ...rest,
  };
};

/** Each input, and the point flags it needs to do anything (unshelving needs a shelved point...). */
const inputs: Record<AlarmInputType, { input: AlarmInput; flags?: Parameters<typeof pointIn>[1] }> = {
  raise: { input: { type: 'raise', ts: T, suppressed: false } },
  clear: { input: { type: 'clear', ts: T } },
  retire: { input: { type: 'retire', ts: T } },
  acknowledge: { input: { type: 'acknowledge', ts: T, ...by } },
  shelve: { input: { type: 'shelve', ts: T, until: T + HOUR, maxShelveMs: 8 * HOUR, ...by } },
  unshelve: { input: { type: 'unshelve', ts: T, ...by }, flags: { shelvedUntil: T + HOUR } },
  shelveExpired: { input: { type: 'shelveExpired', ts: T }, flags: { shelvedUntil: T } },
  suppress: { input: { type: 'suppress', ts: T } },
  unsuppress: { input: { type: 'unsuppress', ts: T }, flags: { suppressed: true } },
  outOfService: { input: { type: 'outOfService', ts: T, until: T + 24 * HOUR, ...by } },
  inService: { input: { type: 'inService', ts: T, ...by }, flags: { outOfService: true } },
  outOfServiceExpired: {
    input: { type: 'outOfServiceExpired', ts: T },
    flags: { outOfService: true, outOfServiceUntil: T },
  },
  comment: { input: { type: 'comment', ts: T, by: julien, comment: 'yaw motor noisy' } },
};

/** A legal transition: the occurrence's state after it, and the events it records, in order. */
const to = (state: AlarmState, ...events: EventType[]) => ({ state, events });
/** An illegal (or idempotent) one: nothing changes, nothing is recorded. */
const no = (why: Ignored) => ({ ignored: why });
type Cell = ReturnType<typeof to> | ReturnType<typeof no>;

// Rows: none · unacknowledged · acknowledged · returned to normal unacknowledged · closed.
const table: Record<AlarmInputType, [Cell, Cell, Cell, Cell, Cell]> = {
  raise: [
    to('unacknowledged', 'alarm_raised'),
    no('already_active'),
    no('already_active'),
    // A cleared occurrence never becomes active again: it closes, and a new one starts.
    to('unacknowledged', 'alarm_closed', 'alarm_raised'),
    to('unacknowledged', 'alarm_raised'),
  ],
  clear: [
    no('no_occurrence'),
    to('rtn_unacknowledged', 'alarm_returned'),
    to('closed', 'alarm_closed'),
    no('already_cleared'),
    no('closed'),
  ],
  retire: [
    no('no_occurrence'),
    to('closed', 'alarm_closed'),
    to('closed', 'alarm_closed'),
    to('closed', 'alarm_closed'),
    no('closed'),
  ],
  acknowledge: [
    no('no_occurrence'),
    to('acknowledged', 'alarm_acknowledged'),
    no('already_acknowledged'),
    to('closed', 'alarm_acknowledged', 'alarm_closed'),
    no('closed'),
  ],
  shelve: [
    no('no_occurrence'),
    to('unacknowledged', 'alarm_shelved'),
    to('acknowledged', 'alarm_shelved'),
    to('rtn_unacknowledged', 'alarm_shelved'),
    no('closed'),
  ],
  // Shelving and out of service belong to the point: they may be undone through a closed occurrence.
  unshelve: [
    no('no_occurrence'),
    to('unacknowledged', 'alarm_unshelved'),
    to('acknowledged', 'alarm_unshelved'),
    to('rtn_unacknowledged', 'alarm_unshelved'),
    to('closed', 'alarm_unshelved'),
  ],
  shelveExpired: [
    no('no_occurrence'),
    to('unacknowledged', 'alarm_unshelved'),
    to('acknowledged', 'alarm_unshelved'),
    to('rtn_unacknowledged', 'alarm_unshelved'),
    to('closed', 'alarm_unshelved'),
  ],
  suppress: [
    no('no_occurrence'),
    to('unacknowledged', 'alarm_suppressed'),
    to('acknowledged', 'alarm_suppressed'),
    to('rtn_unacknowledged', 'alarm_suppressed'),
    no('closed'),
  ],
  unsuppress: [
    no('no_occurrence'),
    to('unacknowledged', 'alarm_unsuppressed'),
    to('acknowledged', 'alarm_unsuppressed'),
    to('rtn_unacknowledged', 'alarm_unsuppressed'),
    no('closed'),
  ],
  outOfService: [
    no('no_occurrence'),
    to('unacknowledged', 'alarm_out_of_service'),
    to('acknowledged', 'alarm_out_of_service'),
    to('rtn_unacknowledged', 'alarm_out_of_service'),
    to('closed', 'alarm_out_of_service'),
  ],
  // The only way back in service: out of service, a point opens no occurrence, so its last one is closed.
  inService: [
    no('no_occurrence'),
    to('unacknowledged', 'alarm_in_service'),
    to('acknowledged', 'alarm_in_service'),
    to('rtn_unacknowledged', 'alarm_in_service'),
    to('closed', 'alarm_in_service'),
  ],
  // Its end or review date came: back in service by itself, through its last occurrence like by hand.
  outOfServiceExpired: [
    no('no_occurrence'),
    to('unacknowledged', 'alarm_in_service'),
    to('acknowledged', 'alarm_in_service'),
    to('rtn_unacknowledged', 'alarm_in_service'),
    to('closed', 'alarm_in_service'),
  ],
  // The record may be annotated at any time, after the fact too; a comment changes nothing else.
  comment: [
    no('no_occurrence'),
    to('unacknowledged', 'alarm_comment'),
    to('acknowledged', 'alarm_comment'),
    to('rtn_unacknowledged', 'alarm_comment'),
    to('closed', 'alarm_comment'),
  ],
};

const cases = (Object.keys(table) as AlarmInputType[]).flatMap((type) =>
  rows.map((row, i) => ({ type, row, cell: table[type][i] as Cell })),
);

describe('alarm machine: every input in every state', () => {
  it.each(cases)('$type on $row', ({ type, row, cell }) => {
    const { input, flags } = inputs[type];
    const before = pointIn(row, flags);
    const frozen = structuredClone(before);
    const result = transition(before, input);
    expect(before).toEqual(frozen);
    if ('ignored' in cell) {
      expect(result).toEqual({ point: before, effects: [], ignored: cell.ignored });
      return;
    }
    expect(result.ignored).toBeUndefined();
    expect(result.point.occurrence?.state).toBe(cell.state);
    const recorded = result.effects.flatMap((e) => (e.type === 'record' ? [e.event] : []));
    expect(recorded).toEqual(cell.events);
  });
});

describe('alarm machine: what each transition stores', () => {
  it('raises an occurrence unacknowledged, suppressed by design while the grid is out', () => {
    const { point, effects } = transition(pointIn('none'), { type: 'raise', ts: T, suppressed: true });
    expect(point.occurrence).toEqual({ state: 'unacknowledged', suppressed: true });
    expect(effects).toEqual([
      { type: 'open', suppressed: true },
      { type: 'record', event: 'alarm_raised', by: null, comment: null },
    ]);
  });

  it('closes an occurrence back before its return was acknowledged, then opens a new one', () => {
    const { effects } = transition(pointIn('rtn_unacknowledged'), { type: 'raise', ts: T, suppressed: false });
    expect(effects).toEqual([
      { type: 'update', set: { state: 'closed', closedAt: T } },
      { type: 'record', event: 'alarm_closed', by: null, comment: SUPERSEDED },
      { type: 'open', suppressed: false },
      { type: 'record', event: 'alarm_raised', by: null, comment: null },
    ]);
  });

  it('opens a new occurrence after a closed one, never touching the closed one', () => {
    const { effects } = transition(pointIn('closed'), { type: 'raise', ts: T, suppressed: false });
    expect(effects.map((e) => e.type)).toEqual(['open', 'record']);
  });

  it('opens nothing out of service, yet still ends an occurrence that came back unacknowledged', () => {
    const raise = { type: 'raise', ts: T, suppressed: false } as const;
    expect(transition(pointIn('none', { outOfService: true }), raise).ignored).toBe('out_of_service');
    expect(transition(pointIn('closed', { outOfService: true }), raise).ignored).toBe('out_of_service');
    const { point, effects } = transition(pointIn('rtn_unacknowledged', { outOfService: true }), raise);
    expect(point.occurrence?.state).toBe('closed');
    expect(effects.map((e) => e.type)).toEqual(['update', 'record']);
  });

  it('raises a shelved point as any other: shelving hides from annunciation, not from the record', () => {
    const { point, effects } = transition(pointIn('none', { shelvedUntil: T + HOUR }), {
      type: 'raise',
      ts: T,
      suppressed: false,
    });
    expect(point).toMatchObject({ shelvedUntil: T + HOUR, occurrence: { state: 'unacknowledged' } });
    expect(effects[0]).toEqual({ type: 'open', suppressed: false });
  });

  it('returns to normal unacknowledged, or closes when already acknowledged, with the time it cleared', () => {
    expect(transition(pointIn('unacknowledged'), { type: 'clear', ts: T }).effects[0]).toEqual({
      type: 'update',
      set: { state: 'rtn_unacknowledged', clearedAt: T },
    });
    expect(transition(pointIn('acknowledged'), { type: 'clear', ts: T }).effects[0]).toEqual({
      type: 'update',
      set: { state: 'closed', clearedAt: T, closedAt: T },
    });
  });

  it('closes an occurrence whose rule is gone, keeping the time it had cleared', () => {
    const retire = { type: 'retire', ts: T } as const;
    expect(transition(pointIn('acknowledged'), retire).effects).toEqual([
      { type: 'update', set: { state: 'closed', closedAt: T, clearedAt: T } },
      { type: 'record', event: 'alarm_closed', by: null, comment: RETIRED },
    ]);
    expect(transition(pointIn('rtn_unacknowledged'), retire).effects[0]).toEqual({
      type: 'update',
      set: { state: 'closed', closedAt: T },
    });
  });

  it('acknowledges by user and comment; after a return to normal that closes it, a second event', () => {
    const ack = { type: 'acknowledge', ts: T, ...by } as const;
    expect(transition(pointIn('unacknowledged'), ack).effects).toEqual([
      { type: 'update', set: { state: 'acknowledged', acknowledgedAt: T, acknowledgedBy: julien } },
      { type: 'record', event: 'alarm_acknowledged', by: julien, comment: 'crew on site' },
    ]);
    expect(transition(pointIn('rtn_unacknowledged'), ack).effects).toEqual([
      { type: 'update', set: { state: 'closed', acknowledgedAt: T, acknowledgedBy: julien, closedAt: T } },
      { type: 'record', event: 'alarm_acknowledged', by: julien, comment: 'crew on site' },
      { type: 'record', event: 'alarm_closed', by: null, comment: null },
    ]);
  });

  it('acknowledges an occurrence once: the second acknowledgement of the same one changes nothing', () => {
    const ack = { type: 'acknowledge', ts: T, ...by } as const;
    const once = transition(pointIn('unacknowledged'), ack);
    expect(transition(once.point, { ...ack, ts: T + 1000, by: { id: 3, name: 'Someone Else' } })).toMatchObject({
      effects: [],
      ignored: 'already_acknowledged',
    });
  });

  it('walks the whole lifecycle, then refuses everything but annotations on the closed occurrence', () => {
    let point = pointIn('none');
    for (const input of [
      { type: 'raise', ts: T, suppressed: false },
      { type: 'acknowledge', ts: T + 1, ...by },
      { type: 'clear', ts: T + 2 },
    ] as const)
      point = transition(point, input).point;
    expect(point.occurrence?.state).toBe('closed');
    for (const type of ['clear', 'retire', 'acknowledge', 'suppress', 'unsuppress'] as const)
      expect(transition(point, { ...inputs[type].input, ts: T + 3 } as AlarmInput).ignored).toBe('closed');
    expect(transition(point, inputs.shelve.input).ignored).toBe('closed');
  });

  it('shelves for a bounded time: up to the maximum, never into the past', () => {
    const shelve = (until: number) =>
      transition(pointIn('unacknowledged'), { type: 'shelve', ts: T, until, maxShelveMs: 8 * HOUR, ...by });
    expect(shelve(T + 8 * HOUR)).toMatchObject({
      point: { shelvedUntil: T + 8 * HOUR },
      effects: [
        { type: 'setPoint', set: { shelvedUntil: T + 8 * HOUR } },
        { type: 'record', event: 'alarm_shelved', by: julien, comment: 'crew on site' },
      ],
    });
    expect(shelve(T + 8 * HOUR + 1).ignored).toBe('shelve_too_long');
    expect(shelve(T).ignored).toBe('shelve_not_in_future');
    // Shelved again: a new expiry, recorded again.
    const again = transition(pointIn('unacknowledged', { shelvedUntil: T + HOUR }), {
      type: 'shelve',
      ts: T,
      until: T + 2 * HOUR,
      maxShelveMs: 8 * HOUR,
      ...by,
    });
    expect(again.point.shelvedUntil).toBe(T + 2 * HOUR);
  });

  it('unshelves on request or when the expiry is reached, and not before or twice', () => {
    expect(transition(pointIn('unacknowledged'), inputs.unshelve.input).ignored).toBe('not_shelved');
    expect(transition(pointIn('unacknowledged'), inputs.shelveExpired.input).ignored).toBe('not_shelved');
    const early = transition(pointIn('unacknowledged', { shelvedUntil: T + 1 }), { type: 'shelveExpired', ts: T });
    expect(early.ignored).toBe('not_expired');
    const expired = transition(pointIn('acknowledged', { shelvedUntil: T - 1 }), { type: 'shelveExpired', ts: T });
    expect(expired).toMatchObject({
      point: { shelvedUntil: null, occurrence: { state: 'acknowledged' } },
      effects: [
        { type: 'setPoint', set: { shelvedUntil: null } },
        { type: 'record', event: 'alarm_unshelved', by: null, comment: null },
      ],
    });
  });

  it('suppresses and unsuppresses an open occurrence once each', () => {
    expect(transition(pointIn('unacknowledged', { suppressed: true }), { type: 'suppress', ts: T }).ignored).toBe(
      'already_so',
    );
    expect(transition(pointIn('unacknowledged'), { type: 'unsuppress', ts: T }).ignored).toBe('already_so');
    expect(transition(pointIn('acknowledged'), { type: 'suppress', ts: T })).toMatchObject({
      point: { occurrence: { state: 'acknowledged', suppressed: true } },
      effects: [
        { type: 'update', set: { suppressed: true } },
        { type: 'record', event: 'alarm_suppressed' },
      ],
    });
  });

  it('takes a point out of service until a date and back once each, by name and comment', () => {
    const out = { outOfService: true, outOfServiceUntil: T + 24 * HOUR };
    expect(transition(pointIn('unacknowledged', out), inputs.outOfService.input).ignored).toBe('already_so');
    expect(transition(pointIn('unacknowledged'), inputs.inService.input).ignored).toBe('already_so');
    expect(transition(pointIn('unacknowledged'), inputs.outOfService.input)).toMatchObject({
      point: out,
      effects: [
        { type: 'setPoint', set: out },
        { type: 'record', event: 'alarm_out_of_service', by: julien, comment: 'crew on site' },
      ],
    });
    // A new review date for a point out of service: recorded like the first time.
    const later = { ...inputs.outOfService.input, until: T + 48 * HOUR } as AlarmInput;
    expect(transition(pointIn('acknowledged', out), later)).toMatchObject({
      point: { outOfService: true, outOfServiceUntil: T + 48 * HOUR },
      effects: [{ type: 'setPoint' }, { type: 'record', event: 'alarm_out_of_service' }],
    });
  });

  it('returns a point to service by itself once its date has come, not before', () => {
    const out = { outOfService: true, outOfServiceUntil: T + HOUR };
    expect(transition(pointIn('acknowledged', out), { type: 'outOfServiceExpired', ts: T }).ignored).toBe(
      'not_expired',
    );
    expect(
      transition(pointIn('acknowledged', { outOfService: true }), { type: 'outOfServiceExpired', ts: T }).ignored,
    ).toBe('not_expired');
    expect(transition(pointIn('acknowledged'), { type: 'outOfServiceExpired', ts: T }).ignored).toBe('already_so');
    expect(transition(pointIn('closed', out), { type: 'outOfServiceExpired', ts: T + HOUR })).toMatchObject({
      point: { outOfService: false, outOfServiceUntil: null },
      effects: [
        { type: 'setPoint', set: { outOfService: false, outOfServiceUntil: null } },
        { type: 'record', event: 'alarm_in_service', by: null, comment: OUT_OF_SERVICE_ENDED },
      ],
    });
  });

  it('records a comment without changing the alarm or its point', () => {
    const before = pointIn('acknowledged', { shelvedUntil: T + HOUR });
    const { point, effects } = transition(before, inputs.comment.input);
    expect(point).toBe(before);
    expect(effects).toEqual([{ type: 'record', event: 'alarm_comment', by: julien, comment: 'yaw motor noisy' }]);
  });
});
