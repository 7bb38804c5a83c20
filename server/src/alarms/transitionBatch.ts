// Group commit of an alarm storm's raises and clears. The engine plans each transition here in memory
// (the machine's effects applied to the occurrence as the engine holds it: nothing is read back from the
// store), then `flush` writes the whole batch table by table (batchStatements.ts: one statement per table
// on PostgreSQL, a few multi-row ones on SQLite): event numbers for every site at once, the changed
// occurrences, the new ones, the events. Ids and event
// numbers are known only once written, so the alarms and events to announce are completed in place
// before `flush` returns them; the engine announces them after the commit (invariant I1).
// Only what a raise or a clear does goes through here (open, close, return to normal, suppression);
// operators' actions keep the one-transition writer (alarmWriter.ts).
import type { Alarm, LocalisedText, SiteEvent } from '@voltscope/shared/alarms';
import type { Db } from '../store/db.ts';
import type { AlarmEffect, OccurrencePatch } from './alarmMachine.ts';
import { pointKey } from './alarmPoints.ts';
import type { AlarmChange, Opening } from './alarmWriter.ts';
import { batchWriters } from './batchStatements.ts';

/** One occurrence the batch touched: stored already (`id` known) or new (its id comes with `flush`). */
interface Occurrence {
  isNew: boolean;
  /** The occurrence as it stands after the batch's latest transition of it. */
  latest: Alarm;
  changed: boolean;
  /** Whether `latest.seq` was taken by this batch (counted from 1 until `flush`), not read from the store. */
  numbered: boolean;
  /** Every copy handed out (announced alarms), completed with the id and event number at `flush`. */
  copies: { alarm: Alarm; numbered: boolean }[];
}

/**
 * A message as stored (JSON), made once per message: a storm's raises share their messages
 * (raiseMessages.ts). It is stored with its occurrence only: the occurrence's events read it from there.
 */
const storedJson = new WeakMap<LocalisedText, string>();
function messageJson(message: LocalisedText): string {
  let json = storedJson.get(message);
  if (json === undefined) {
    json = JSON.stringify(message);
    storedJson.set(message, json);
  }
  return json;
}

/** The patch as Alarm fields: only what a raise or a clear sets (the machine's other patches are actions'). */
function patched(alarm: Alarm, set: OccurrencePatch): Alarm {
  if (set.acknowledgedAt !== undefined || set.acknowledgedBy !== undefined) {
    throw new Error('an acknowledgement is written by the one-transition writer');
  }
  return {
    ...alarm,
    ...(set.state !== undefined && { state: set.state }),
    ...(set.clearedAt !== undefined && { clearedAt: set.clearedAt }),
    ...(set.closedAt !== undefined && { closedAt: set.closedAt }),
    ...(set.suppressed !== undefined && { suppressed: set.suppressed }),
  };
}

export class TransitionBatch {
  /** The batch's view of each point it touched: its open occurrence after the batch, null once closed. */
  readonly #points = new Map<string, Alarm | null>();
  readonly #occurrences: Occurrence[] = [];
  readonly #byAlarm = new Map<Alarm, Occurrence>();
  readonly #byId = new Map<number, Occurrence>();
  /** Event numbers taken so far, by site, counted from 1 until `flush` knows where the site stands. */
  readonly #taken = new Map<string, number>();
  readonly #changes: { change: AlarmChange; occurrence: Occurrence }[] = [];

  get size(): number {
    return this.#changes.length;
  }

  /** The point's open occurrence as the batch leaves it; undefined when the batch has not touched it. */
  current(key: string): Alarm | null | undefined {
    return this.#points.get(key);
  }

  /** Plans the machine's `effects` for the occurrence `current` (null: none) at `ts`, as alarmWriter does. */
  plan(current: Alarm | null, effects: readonly AlarmEffect[], ts: number, opening?: Opening): void {
    let occurrence = current ? this.#occurrenceOf(current) : null;
    let group: SiteEvent[] = [];
    const close = () => {
      if (!occurrence || group.length === 0) return;
      if (occurrence.changed) {
        occurrence.latest = { ...occurrence.latest, seq: (group.at(-1) as SiteEvent).seq };
        occurrence.numbered = true;
      }
      const copy = { ...occurrence.latest };
      this.#byAlarm.set(copy, occurrence);
      occurrence.copies.push({ alarm: copy, numbered: occurrence.numbered });
      for (const event of group) this.#changes.push({ change: { alarm: copy, event }, occurrence });
      const key = pointKey(copy.ruleId, copy.deviceId);
      this.#points.set(key, copy.state === 'closed' ? null : copy);
      group = [];
      occurrence.changed = false;
    };
    for (const effect of effects) {
      if (effect.type === 'open') {
        if (!opening) throw new Error('an occurrence opens only with what it is raised with');
        close();
        occurrence = this.#open(opening, ts, effect.suppressed);
      } else if (!occurrence) {
        throw new Error(`${effect.type} needs an occurrence`);
      } else if (effect.type === 'update') {
        occurrence.latest = patched(occurrence.latest, effect.set);
        occurrence.changed = true;
      } else if (effect.type === 'record') {
        group.push(this.#event(occurrence.latest, effect, ts));
      } else {
        throw new Error('a point is shelved or taken out of service by the one-transition writer');
      }
    }
    close();
  }

  #occurrenceOf(alarm: Alarm): Occurrence {
    const known = this.#byAlarm.get(alarm) ?? this.#byId.get(alarm.id);
    if (known) return known;
    const occurrence: Occurrence = { isNew: false, latest: alarm, changed: false, numbered: false, copies: [] };
    this.#occurrences.push(occurrence);
    this.#byId.set(alarm.id, occurrence);
    return occurrence;
  }

  #open(o: Opening, ts: number, suppressed: boolean): Occurrence {
    const latest: Alarm = {
      ...{ id: 0, siteId: o.siteId, deviceId: o.deviceId, ruleId: o.ruleId, priority: o.priority },
      ...{ state: 'unacknowledged', message: o.message, value: o.value, raisedAt: ts, clearedAt: null },
      ...{ acknowledgedAt: null, acknowledgedBy: null, closedAt: null, shelvedUntil: null, suppressed },
      ...{ outOfService: false, outOfServiceUntil: null, seq: 0 },
    };
    const occurrence: Occurrence = { isNew: true, latest, changed: true, numbered: false, copies: [] };
    this.#occurrences.push(occurrence);
    return occurrence;
  }

  #event(source: Alarm, effect: Extract<AlarmEffect, { type: 'record' }>, ts: number): SiteEvent {
    const seq = (this.#taken.get(source.siteId) ?? 0) + 1;
    this.#taken.set(source.siteId, seq);
    return {
      ...{ id: 0, seq, siteId: source.siteId, deviceId: source.deviceId, alarmId: source.id, type: effect.event },
      severity: effect.event === 'alarm_raised' ? source.priority : 'info',
      ...{ message: source.message, userName: effect.by?.name ?? null, comment: effect.comment, ts },
    };
  }

  /**
   * Writes the batch inside the caller's transaction and returns its changes, in order, with their ids and
   * event numbers; empty afterwards. Each table written in one go (batchStatements.ts), and one read: the
   * points shelved (a new occurrence of a shelved point is shown shelved).
   */
  async flush(tx: Db): Promise<AlarmChange[]> {
    if (this.#changes.length === 0) return [];
    const writer = batchWriters[tx.dialect];
    const tops = await writer.reserve(tx, [...this.#taken]);
    const base = new Map(tops.map((r) => [r.site_id, Number(r.seq) - (this.#taken.get(r.site_id) ?? 0)]));
    const at = (a: { siteId: string | null; seq: number }) => a.seq + (base.get(a.siteId as string) ?? 0);
    for (const o of this.#occurrences) {
      if (o.numbered) o.latest.seq = at(o.latest);
      for (const copy of o.copies) if (copy.numbered) copy.alarm.seq = at(copy.alarm);
    }
    for (const { change } of this.#changes) change.event.seq = at(change.event);

    const stored = this.#occurrences.filter((o) => !o.isNew && o.numbered);
    if (stored.length > 0) {
      const rows = stored.map(({ latest: a }) => [a.id, a.state, a.clearedAt, a.closedAt, a.suppressed ? 1 : 0, a.seq]);
      await writer.update(tx, rows);
    }
    await this.#insertNew(tx);
    const events = this.#changes.map(({ change: { event: e }, occurrence }) => {
      e.alarmId = occurrence.latest.id;
      return [e.siteId, e.seq, e.deviceId, e.alarmId, e.type, e.severity, e.userName, null, e.comment, e.ts];
    });
    const ids = await writer.insert(tx, 'events', events);
    const changes = this.#changes.map(({ change }, i) => {
      change.event.id = ids[i] as number;
      return change;
    });
    this.#clear();
    return changes;
  }

  /** The new occurrences, then their ids (and whether their point is shelved) on every copy of them. */
  async #insertNew(tx: Db): Promise<void> {
    const fresh = this.#occurrences.filter((o) => o.isNew);
    if (fresh.length === 0) return;
    const rows = fresh.map(({ latest: a }) => [
      ...[a.siteId, a.deviceId, a.ruleId, a.priority, a.state, messageJson(a.message), a.value, a.raisedAt],
      ...[a.clearedAt, a.closedAt, a.suppressed ? 1 : 0, a.seq],
    ]);
    const ids = await batchWriters[tx.dialect].insert(tx, 'alarms', rows);
    const shelved = new Map(
      (
        await tx.all<{ rule_id: number; device_id: string; shelved_until: number }>(
          'SELECT rule_id, device_id, shelved_until FROM alarm_points WHERE shelved_until IS NOT NULL',
        )
      ).map((p) => [pointKey(Number(p.rule_id), p.device_id), Number(p.shelved_until)]),
    );
    fresh.forEach((o, i) => {
      const id = ids[i] as number;
      const shelvedUntil = shelved.get(pointKey(o.latest.ruleId, o.latest.deviceId)) ?? null;
      for (const a of [o.latest, ...o.copies.map((c) => c.alarm)]) Object.assign(a, { id, shelvedUntil });
    });
  }

  #clear(): void {
    for (const collection of [this.#points, this.#byAlarm, this.#byId, this.#taken]) collection.clear();
    this.#occurrences.length = 0;
    this.#changes.length = 0;
  }
}
