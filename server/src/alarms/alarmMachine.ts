// The ISA-18.2 alarm lifecycle as a pure function (RELIABILITY decision 8): an alarm point and what
// happened to it in, the point as it stands after and the effects to store out. No clock, no database:
// the engine (engine.ts) reads the point, calls `transition`, and writes the effects (alarmWriter.ts).
//
// An occurrence is raised unacknowledged; it closes once it is both acknowledged and back to normal.
// A closed occurrence never becomes active again: the next activation is a new occurrence (one open per
// point). Shelving (with an expiry) and out of service belong to the point and outlive its occurrence;
// suppression by design belongs to the occurrence. Shelved and suppressed alarms are still raised and
// recorded, only not annunciated; a point out of service is evaluated but opens no occurrence.
//
// What is not allowed changes nothing and records nothing (`ignored` says why): any change of state of a
// closed occurrence (acknowledge, shelve, clear, suppress), a second acknowledgement, a shelving past the
// maximum. Three actions stay open on a closed occurrence, because they are not its state: a comment
// (the record may be annotated after the fact), and out of service / in service and unshelve, which change
// the point: putting a point back in service is only possible through its last, closed occurrence, since
// out of service it opens no new one.
import type { AlarmState, EventType } from '@voltscope/shared/alarms';

/** What the machine needs of an alarm point and the occurrence in hand. */
export interface AlarmPoint {
  /** The point's open occurrence, or the one an operator named (maybe closed); null when there is none. */
  occurrence: { state: AlarmState; suppressed: boolean } | null;
  shelvedUntil: number | null;
  outOfService: boolean;
  /** Out of service: when it returns to service by itself (null: only by hand). */
  outOfServiceUntil: number | null;
}

/** Who acted: the user's id (what the record keeps) and their name then. */
export interface Actor {
  id: number;
  name: string;
}

interface ByOperator {
  ts: number;
  by: Actor;
  comment: string | null;
}

/** What happened: a change of the condition, the clock, the rules, or an operator's action. */
export type AlarmInput =
  /** The condition became active; `suppressed` when the site's grid is out and the rule is consequential. */
  | { type: 'raise'; ts: number; suppressed: boolean }
  /** The condition returned to normal. */
  | { type: 'clear'; ts: number }
  /** No rule watches the point any more (disabled, removed, or replaced by a device override). */
  | { type: 'retire'; ts: number }
  | ({ type: 'acknowledge' } & ByOperator)
  | ({ type: 'shelve'; until: number; maxShelveMs: number } & ByOperator)
  | ({ type: 'unshelve' } & ByOperator)
  /** The clock reached a shelving's expiry. */
  | { type: 'shelveExpired'; ts: number }
  /** The site's grid went out (suppress) or came back (unsuppress): suppression by design. */
  | { type: 'suppress' | 'unsuppress'; ts: number }
  /** Out of service until a time (its end or review date), or back in service. */
  | ({ type: 'outOfService'; until: number | null } & ByOperator)
  | ({ type: 'inService' } & ByOperator)
  /** The clock reached the end of an out-of-service period. */
  | { type: 'outOfServiceExpired'; ts: number }
  | ({ type: 'comment'; comment: string } & ByOperator);

export type AlarmInputType = AlarmInput['type'];

/** Columns of the occurrence that a transition sets. */
export interface OccurrencePatch {
  state?: AlarmState;
  clearedAt?: number;
  acknowledgedAt?: number;
  acknowledgedBy?: Actor;
  closedAt?: number;
  suppressed?: boolean;
}

/** What to store, in order. Records after `open` belong to the new occurrence, the others to the one in hand. */
export type AlarmEffect =
  | { type: 'update'; set: OccurrencePatch }
  | {
      type: 'setPoint';
      set: { shelvedUntil: number | null } | { outOfService: boolean; outOfServiceUntil: number | null };
    }
  | { type: 'open'; suppressed: boolean }
  | { type: 'record'; event: EventType; by: Actor | null; comment: string | null };

/** Why nothing happened. */
export type Ignored =
  | 'no_occurrence'
  | 'closed'
  | 'already_active'
  | 'already_cleared'
  | 'already_acknowledged'
  | 'already_so'
  | 'out_of_service'
  | 'not_shelved'
  | 'not_expired'
  | 'shelve_not_in_future'
  | 'shelve_too_long';

export interface Transition {
  point: AlarmPoint;
  effects: AlarmEffect[];
  /** Set when `effects` is empty: the input was illegal here, or changed nothing (idempotent). */
  ignored?: Ignored;
}

export const SUPERSEDED = 'superseded by a new occurrence';
export const RETIRED = 'its rule was disabled, removed or overridden';
export const OUT_OF_SERVICE_ENDED = 'its out-of-service period ended';

const ignore = (point: AlarmPoint, why: Ignored): Transition => ({ point, effects: [], ignored: why });
const record = (event: EventType, by: Actor | null = null, comment: string | null = null): AlarmEffect => ({
  type: 'record',
  event,
  by,
  comment,
});
const withState = (point: AlarmPoint, state: AlarmState, suppressed?: boolean): AlarmPoint => ({
  ...point,
  occurrence: { state, suppressed: suppressed ?? point.occurrence?.suppressed ?? false },
});

/** The open occurrence's state, or why an action on the occurrence is not allowed. */
function openState(point: AlarmPoint): AlarmState | Ignored {
  if (!point.occurrence) return 'no_occurrence';
  return point.occurrence.state === 'closed' ? 'closed' : point.occurrence.state;
}
const isIgnored = (s: AlarmState | Ignored): s is Ignored => s === 'no_occurrence' || s === 'closed';

function raise(point: AlarmPoint, ts: number, suppressed: boolean): Transition {
  const state = point.occurrence?.state;
  if (state === 'unacknowledged' || state === 'acknowledged') return ignore(point, 'already_active');
  const effects: AlarmEffect[] = [];
  let after = point;
  if (state === 'rtn_unacknowledged') {
    // Back before its return to normal was acknowledged: that occurrence ends here, unacknowledged.
    effects.push({ type: 'update', set: { state: 'closed', closedAt: ts } }, record('alarm_closed', null, SUPERSEDED));
    after = withState(point, 'closed');
  }
  if (point.outOfService) return effects.length ? { point: after, effects } : ignore(point, 'out_of_service');
  effects.push({ type: 'open', suppressed }, record('alarm_raised'));
  return { point: withState(point, 'unacknowledged', suppressed), effects };
}

function clear(point: AlarmPoint, ts: number): Transition {
  const state = openState(point);
  if (isIgnored(state)) return ignore(point, state);
  if (state === 'rtn_unacknowledged') return ignore(point, 'already_cleared');
  if (state === 'acknowledged') {
    const set = { state: 'closed', clearedAt: ts, closedAt: ts } as const;
    return { point: withState(point, 'closed'), effects: [{ type: 'update', set }, record('alarm_closed')] };
  }
  const set = { state: 'rtn_unacknowledged', clearedAt: ts } as const;
  return {
    point: withState(point, 'rtn_unacknowledged'),
    effects: [{ type: 'update', set }, record('alarm_returned')],
  };
}

function retire(point: AlarmPoint, ts: number): Transition {
  const state = openState(point);
  if (isIgnored(state)) return ignore(point, state);
  const set: OccurrencePatch = { state: 'closed', closedAt: ts };
  if (state !== 'rtn_unacknowledged') set.clearedAt = ts;
  return {
    point: withState(point, 'closed'),
    effects: [{ type: 'update', set }, record('alarm_closed', null, RETIRED)],
  };
}

function acknowledge(point: AlarmPoint, { ts, by, comment }: ByOperator): Transition {
  const state = openState(point);
  if (isIgnored(state)) return ignore(point, state);
  if (state === 'acknowledged') return ignore(point, 'already_acknowledged');
  const acknowledged = record('alarm_acknowledged', by, comment);
  if (state === 'rtn_unacknowledged') {
    // Acknowledged after its return to normal: the occurrence closes, and that is a transition too.
    const set = { state: 'closed', acknowledgedAt: ts, acknowledgedBy: by, closedAt: ts } as const;
    return {
      point: withState(point, 'closed'),
      effects: [{ type: 'update', set }, acknowledged, record('alarm_closed')],
    };
  }
  const set = { state: 'acknowledged', acknowledgedAt: ts, acknowledgedBy: by } as const;
  return { point: withState(point, 'acknowledged'), effects: [{ type: 'update', set }, acknowledged] };
}

function shelve(point: AlarmPoint, input: Extract<AlarmInput, { type: 'shelve' }>): Transition {
  const state = openState(point);
  if (isIgnored(state)) return ignore(point, state);
  if (input.until <= input.ts) return ignore(point, 'shelve_not_in_future');
  if (input.until - input.ts > input.maxShelveMs) return ignore(point, 'shelve_too_long');
  return {
    point: { ...point, shelvedUntil: input.until },
    effects: [
      { type: 'setPoint', set: { shelvedUntil: input.until } },
      record('alarm_shelved', input.by, input.comment),
    ],
  };
}

function unshelve(point: AlarmPoint, by: Actor | null, comment: string | null): Transition {
  if (point.shelvedUntil === null) return ignore(point, 'not_shelved');
  return {
    point: { ...point, shelvedUntil: null },
    effects: [{ type: 'setPoint', set: { shelvedUntil: null } }, record('alarm_unshelved', by, comment)],
  };
}

function suppress(point: AlarmPoint, suppressed: boolean): Transition {
  const state = openState(point);
  if (isIgnored(state)) return ignore(point, state);
  if (point.occurrence?.suppressed === suppressed) return ignore(point, 'already_so');
  return {
    point: withState(point, state, suppressed),
    effects: [{ type: 'update', set: { suppressed } }, record(suppressed ? 'alarm_suppressed' : 'alarm_unsuppressed')],
  };
}

/**
 * Out of service until `until` (null: until returned by hand), or back in service (`until` ignored).
 * A point already out of service may get a new end or review date: recorded like the first time.
 */
function setOutOfService(
  point: AlarmPoint,
  outOfService: boolean,
  until: number | null,
  by: Actor | null,
  comment: string | null,
): Transition {
  if (!point.occurrence) return ignore(point, 'no_occurrence');
  const outOfServiceUntil = outOfService ? until : null;
  if (point.outOfService === outOfService && point.outOfServiceUntil === outOfServiceUntil) {
    return ignore(point, 'already_so');
  }
  if (!outOfService && !point.outOfService) return ignore(point, 'already_so');
  return {
    point: { ...point, outOfService, outOfServiceUntil },
    effects: [
      { type: 'setPoint', set: { outOfService, outOfServiceUntil } },
      record(outOfService ? 'alarm_out_of_service' : 'alarm_in_service', by, comment),
    ],
  };
}

/** The lifecycle: `point` after `input`, and what to store. Never throws; never mutates `point`. */
export function transition(point: AlarmPoint, input: AlarmInput): Transition {
  switch (input.type) {
    case 'raise':
      return raise(point, input.ts, input.suppressed);
    case 'clear':
      return clear(point, input.ts);
    case 'retire':
      return retire(point, input.ts);
    case 'acknowledge':
      return acknowledge(point, input);
    case 'shelve':
      return shelve(point, input);
    case 'unshelve':
      if (!point.occurrence) return ignore(point, 'no_occurrence');
      return unshelve(point, input.by, input.comment);
    case 'shelveExpired':
      if (!point.occurrence) return ignore(point, 'no_occurrence');
      if (point.shelvedUntil !== null && point.shelvedUntil > input.ts) return ignore(point, 'not_expired');
      return unshelve(point, null, null);
    case 'suppress':
    case 'unsuppress':
      return suppress(point, input.type === 'suppress');
    case 'outOfService':
      return setOutOfService(point, true, input.until, input.by, input.comment);
    case 'inService':
      return setOutOfService(point, false, null, input.by, input.comment);
    case 'outOfServiceExpired':
      if (!point.outOfService) return ignore(point, 'already_so');
      if (point.outOfServiceUntil === null || point.outOfServiceUntil > input.ts) return ignore(point, 'not_expired');
      return setOutOfService(point, false, null, null, OUT_OF_SERVICE_ENDED);
    case 'comment':
      if (!point.occurrence) return ignore(point, 'no_occurrence');
      return { point, effects: [record('alarm_comment', input.by, input.comment)] };
  }
}
