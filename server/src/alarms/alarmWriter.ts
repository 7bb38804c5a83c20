// Stores the effects of one alarm transition (alarmMachine.ts) inside the caller's transaction: the
// occurrence's columns, the alarm point's, a new occurrence, and the events that record them, each with
// the site's next event number. Returns the changes to announce after the commit, each event beside the
// alarm as it stands after the transition.
import type { Alarm, AlarmChangeOf, AlarmPriority, LocalisedText, SiteEvent } from '@voltscope/shared/alarms';
import type { Db } from '../store/db.ts';
import type { AlarmEffect, OccurrencePatch } from './alarmMachine.ts';
import { getAlarms, insertEvent, type NewEvent, takeSeq } from './store.ts';

/** An event and the alarm it changed (null for events that change no alarm: a door opened, a sign-in). */
export type AlarmChange = AlarmChangeOf;

/** What a new occurrence is raised with. */
export interface Opening {
  siteId: string;
  deviceId: string;
  ruleId: number;
  priority: AlarmPriority;
  message: LocalisedText;
  value: number | null;
}

type EventSource = Pick<Alarm, 'id' | 'siteId' | 'deviceId' | 'ruleId' | 'priority' | 'message' | 'seq'>;

type Column = [column: string, value: string | number | null];

/** The columns and values of a patch (who acknowledged is kept by id, with the name they had then). */
const COLUMNS: { [K in keyof OccurrencePatch]-?: (value: NonNullable<OccurrencePatch[K]>) => Column[] } = {
  state: (v) => [['state', v]],
  clearedAt: (v) => [['cleared_at', v]],
  acknowledgedAt: (v) => [['acknowledged_at', v]],
  acknowledgedBy: (v) => [
    ['acknowledged_by', v.name],
    ['acknowledged_by_id', v.id],
  ],
  closedAt: (v) => [['closed_at', v]],
  suppressed: (v) => [['suppressed', v ? 1 : 0]],
};

const columnsOf = (patch: OccurrencePatch): Column[] =>
  (Object.keys(patch) as (keyof OccurrencePatch)[]).flatMap((k) =>
    (COLUMNS[k] as (value: unknown) => Column[])(patch[k]),
  );

export async function reread(tx: Db, id: number): Promise<Alarm> {
  const [alarm] = await getAlarms(tx, [id]);
  if (!alarm) throw new Error(`alarm ${id} vanished`);
  return alarm;
}

/**
 * Writes `effects` for the occurrence `current` (null when there is none) at `ts`; `opening` is what an
 * `open` effect raises. The alarm's `seq` follows its latest event whenever the alarm or its point
 * changed (a comment alone changes neither).
 */
export async function writeEffects(
  tx: Db,
  current: Alarm | null,
  effects: readonly AlarmEffect[],
  ts: number,
  opening?: Opening,
): Promise<AlarmChange[]> {
  const changes: AlarmChange[] = [];
  let source: EventSource | null = current;
  let unchanged: Alarm | null = current;
  let events: SiteEvent[] = [];
  let changed = false;
  let taken: number | null = null;

  const flush = async () => {
    if (!source || events.length === 0) return;
    const last = events[events.length - 1] as SiteEvent;
    if (changed && last.seq !== source.seq)
      await tx.run('UPDATE alarms SET seq = ? WHERE id = ?', [last.seq, source.id]);
    const alarm = changed || !unchanged ? await reread(tx, source.id) : unchanged;
    for (const event of events) changes.push({ alarm, event });
    events = [];
    changed = false;
  };

  for (const effect of effects) {
    if (effect.type === 'update') {
      if (!source) throw new Error('an update needs an occurrence');
      const columns = columnsOf(effect.set);
      await tx.run(`UPDATE alarms SET ${columns.map(([c]) => `${c} = ?`).join(', ')} WHERE id = ?`, [
        ...columns.map(([, v]) => v),
        source.id,
      ]);
      changed = true;
    } else if (effect.type === 'setPoint') {
      if (!source) throw new Error('a point change needs an occurrence');
      const columns: Column[] =
        'outOfService' in effect.set
          ? [
              ['out_of_service', effect.set.outOfService ? 1 : 0],
              ['out_of_service_until', effect.set.outOfServiceUntil],
            ]
          : [['shelved_until', effect.set.shelvedUntil]];
      const names = columns.map(([c]) => c);
      await tx.run(
        `INSERT INTO alarm_points (rule_id, device_id, ${names.join(', ')}) VALUES (?, ?, ${names.map(() => '?').join(', ')})
         ON CONFLICT (rule_id, device_id) DO UPDATE SET ${names.map((c) => `${c} = excluded.${c}`).join(', ')}`,
        [source.ruleId, source.deviceId, ...columns.map(([, v]) => v)],
      );
      changed = true;
    } else if (effect.type === 'open') {
      if (!opening) throw new Error('an occurrence opens only with what it is raised with');
      await flush();
      const o = opening;
      // The new occurrence and its first event share the site's next event number.
      taken = await takeSeq(tx, o.siteId);
      const row = await tx.get<{ id: number }>(
        `INSERT INTO alarms (site_id, device_id, rule_id, priority, state, message, value, raised_at, suppressed, seq)
         VALUES (?, ?, ?, ?, 'unacknowledged', ?, ?, ?, ?, ?) RETURNING id`,
        [
          o.siteId,
          o.deviceId,
          o.ruleId,
          o.priority,
          JSON.stringify(o.message),
          o.value,
          ts,
          effect.suppressed ? 1 : 0,
          taken,
        ],
      );
      source = { ...o, id: Number(row?.id), seq: taken };
      unchanged = null;
      changed = true;
    } else {
      if (!source) throw new Error('an event of an alarm needs an occurrence');
      const event: NewEvent = {
        siteId: source.siteId,
        deviceId: source.deviceId,
        alarmId: source.id,
        type: effect.event,
        severity: effect.event === 'alarm_raised' ? source.priority : 'info',
        message: source.message,
        userName: effect.by?.name ?? null,
        userId: effect.by?.id ?? null,
        comment: effect.comment,
        ts,
      };
      events.push(await insertEvent(tx, event, taken ?? undefined));
      taken = null;
    }
  }
  await flush();
  return changes;
}
