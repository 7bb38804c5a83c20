// The alarm engine: evaluates every rule on the samples as they arrive (before the store writes them),
// runs the ISA-18.2 lifecycle, and commits each transition with its event before announcing it, so that
// an alarm a client sees is always in the store (RELIABILITY decisions 1, 7, 8; invariants I1, I3, I6).
// Transitions run one at a time: two operators acknowledging the same alarm give one record.
import { EventEmitter } from 'node:events';
import {
  type Alarm,
  type AlarmRule,
  fillLocalised,
  type LocalisedText,
  type SiteEvent,
} from '@voltscope/shared/alarms';
import type { Device } from '@voltscope/shared/fleet';
import type { Registry } from '../fleet/registry.ts';
import type { LatestValues } from '../live/latest.ts';
import type { Db } from '../store/db.ts';
import type { SampleBatch } from '../store/telemetry/types.ts';
import { PointCondition } from './condition.ts';
import { defaultRules } from './defaultRules.ts';
import {
  getAlarms,
  insertEvent,
  insertRules,
  listRules,
  type NewEvent,
  openAlarms,
  takeSeq,
  toAlarm,
} from './store.ts';

interface Point {
  key: string;
  rule: AlarmRule;
  device: Device;
  condition: PointCondition;
  /** The last value that fed the condition (for the message). */
  value: number | null;
}

export interface AlarmChange {
  /** Null for events that change no alarm (a door opened, a sign-in). */
  alarm: Alarm | null;
  event: SiteEvent;
}

interface EngineEvents {
  /** After commit: an alarm changed, with the event that records it. */
  change: [AlarmChange];
}

export interface Actor {
  name: string;
}

const pointKey = (ruleId: number, deviceId: string) => `${ruleId}|${deviceId}`;

/**
 * Transitions per transaction in a storm: enough that a flood costs few durable writes, few enough that
 * the write lock is held briefly (the telemetry writer shares the SQLite file) and the first alarms of a
 * storm reach operators without waiting for the whole backlog.
 */
const MAX_BATCH = 500;

const BINARY_SENSORS: Partial<Record<string, { key: string; type: 'door' | 'motion' }>> = {
  door_reader: { key: 'door_open', type: 'door' },
  motion_sensor: { key: 'motion', type: 'motion' },
};

const SENSOR_MESSAGES: Record<'door' | 'motion', LocalisedText> = {
  door: {
    en: '{device}: door opened',
    fr: '{device} : porte ouverte',
    fa: '{device}: در باز شد',
    ar: '{device}: فُتح الباب',
  },
  motion: {
    en: '{device}: motion detected',
    fr: '{device} : mouvement détecté',
    fa: '{device}: حرکت شناسایی شد',
    ar: '{device}: رُصدت حركة',
  },
};
const SEVERITY_NONE = 'info' as const;

export class AlarmEngine extends EventEmitter<EngineEvents> {
  readonly #db: Db;
  readonly #registry: () => Registry;
  readonly #latest: LatestValues;
  readonly #maxShelveMs: number;
  #rules: AlarmRule[] = [];
  readonly #points = new Map<string, Point>();
  readonly #bySeries = new Map<number, Point[]>();
  readonly #commLoss: Point[] = [];
  /** Door and motion sensors: an event on each change of their 0/1 series. */
  readonly #binary = new Map<number, { device: Device; type: 'door' | 'motion'; value: number | null }>();
  /** Open occurrences by point key. */
  readonly #open = new Map<string, Alarm>();
  #queue: Promise<unknown> = Promise.resolve();
  /** Transitions waiting for the next batch, and the batch being written. */
  readonly #pending: { point: Point; change: 'raise' | 'clear'; ts: number; value: number | null }[] = [];
  #batch: { tx: Db; changes: AlarmChange[] } | null = null;
  /** Alarm points out of service: evaluated, never raised. */
  readonly #outOfService = new Set<string>();
  /** Alarms whose shelving ran out, on their way back (asked once, not every tick). */
  readonly #unshelving = new Set<number>();

  constructor(db: Db, registry: () => Registry, latest: LatestValues, options: { maxShelveMs: number }) {
    super();
    this.#db = db;
    this.#registry = registry;
    this.#latest = latest;
    this.#maxShelveMs = options.maxShelveMs;
  }

  get maxShelveMs(): number {
    return this.#maxShelveMs;
  }

  async start(): Promise<void> {
    if ((await listRules(this.#db)).length === 0) await insertRules(this.#db, defaultRules);
    await this.rulesChanged();
  }

  /** Waits for the transitions under way. The clock (`tick`) is the hub scheduler's. */
  async stop(): Promise<void> {
    await this.#queue;
  }

  /**
   * After an admin changed the rules: re-reads them in turn with the transitions, then closes the open
   * alarms no rule watches any more (disabled, retired, or replaced by a device override), so that none
   * stands forever. The point re-evaluates under its new rule and raises anew if the condition holds.
   */
  rulesChanged(now = Date.now()): Promise<void> {
    return this.#enqueue(async () => {
      await this.reload();
      for (const alarm of [...this.#open.values()]) {
        if (this.#points.has(pointKey(alarm.ruleId, alarm.deviceId))) continue;
        await this.#commit(async (tx) => {
          await tx.run(
            `UPDATE alarms SET state = 'closed', cleared_at = coalesce(cleared_at, ?), closed_at = ? WHERE id = ?`,
            [now, now, alarm.id],
          );
          const event = await insertEvent(
            tx,
            this.#event(alarm, 'alarm_closed', now, { comment: 'its rule was disabled, removed or overridden' }),
          );
          await tx.run('UPDATE alarms SET seq = ? WHERE id = ?', [event.seq, alarm.id]);
          return [{ alarm: await this.#reread(tx, alarm.id), event }];
        });
      }
    });
  }

  /** Re-reads the rules and the open alarms. */
  async reload(): Promise<void> {
    this.#rules = await listRules(this.#db);
    this.#points.clear();
    this.#bySeries.clear();
    this.#commLoss.length = 0;
    this.#open.clear();
    for (const alarm of await openAlarms(this.#db)) this.#open.set(pointKey(alarm.ruleId, alarm.deviceId), alarm);
    this.#outOfService.clear();
    for (const row of await this.#db.all<{ rule_id: number; device_id: string }>(
      'SELECT rule_id, device_id FROM alarm_points WHERE out_of_service = 1',
    ))
      this.#outOfService.add(pointKey(Number(row.rule_id), row.device_id));
    const registry = this.#registry();
    this.#binary.clear();
    for (const device of registry.devices.values()) {
      const binary = BINARY_SENSORS[device.type];
      const seriesId = binary && registry.seriesIdByKey(`${device.id}/${binary.key}`);
      if (binary && seriesId !== undefined) this.#binary.set(seriesId, { device, type: binary.type, value: null });
      for (const rule of this.#rulesFor(device)) {
        const key = pointKey(rule.id, device.id);
        const open = this.#open.get(key);
        // An open occurrence that has returned to normal waits only for its acknowledgement.
        const active = open !== undefined && open.state !== 'rtn_unacknowledged';
        const point: Point = { key, rule, device, condition: new PointCondition(rule, active), value: null };
        this.#points.set(key, point);
        if (rule.kind === 'comm_loss') {
          this.#commLoss.push(point);
          continue;
        }
        const seriesId = registry.seriesIdByKey(`${device.id}/${rule.seriesKey}`);
        if (seriesId === undefined) continue;
        const list = this.#bySeries.get(seriesId) ?? [];
        list.push(point);
        this.#bySeries.set(seriesId, list);
      }
    }
  }

  /** The enabled rules of a device: its type's, each replaced by the device's own of the same name. */
  #rulesFor(device: Device): AlarmRule[] {
    const own = this.#rules.filter((r) => r.deviceId === device.id);
    return this.#rules
      .filter((r) => r.deviceId === null && r.deviceType === device.type && !own.some((o) => o.name === r.name))
      .concat(own)
      .filter((r) => r.enabled);
  }

  rules(): readonly AlarmRule[] {
    return this.#rules;
  }

  /** Straight from the ingest, before the store writes: evaluation never waits on the database. */
  onSamples(batch: SampleBatch): void {
    for (let i = 0; i < batch.series.length; i++) {
      const sensor = this.#binary.get(batch.series[i] as number);
      if (sensor) this.#sensorSample(sensor, batch.values[i] as number, batch.ts[i] as number);
      const points = this.#bySeries.get(batch.series[i] as number);
      if (!points) continue;
      const value = batch.values[i] as number;
      const ts = batch.ts[i] as number;
      for (const point of points) {
        point.value = value;
        const change = point.condition.sample(value, ts);
        if (change) this.#transition(point, change, ts);
      }
    }
  }

  #sensorSample(sensor: { device: Device; type: 'door' | 'motion'; value: number | null }, value: number, ts: number) {
    const previous = sensor.value;
    sensor.value = value;
    // The first value heard only sets the state; an opening (or motion starting) is the event.
    if (previous === null || previous === value || value !== 1) return;
    const text = SENSOR_MESSAGES[sensor.type];
    const name = sensor.device.name;
    void this.record({
      siteId: sensor.device.siteId,
      deviceId: sensor.device.id,
      alarmId: null,
      type: sensor.type,
      severity: 'info',
      message: fillLocalised(text, { device: name }),
      ts,
    }).catch(() => {});
  }

  /** Stores an event that changes no alarm (a door, a sign-in, a rule change) and announces it. */
  record(event: NewEvent): Promise<AlarmChange[]> {
    return this.#enqueue(() => this.#commit(async (tx) => [{ alarm: null, event: await insertEvent(tx, event) }]));
  }

  /** The clock: delays that ran out without a new sample, communication loss, shelving that expired. */
  tick(now: number): void {
    for (const point of this.#points.values()) {
      if (point.rule.kind === 'comm_loss') continue;
      const change = point.condition.check(now);
      if (change) this.#transition(point, change, now);
    }
    for (const point of this.#commLoss) {
      const lastSeen = this.#lastSeen(point.device);
      // A device never heard from is not lost, only not there yet.
      if (lastSeen === null) continue;
      const silent = now - lastSeen > point.rule.threshold * 1000;
      if (silent !== point.condition.active) {
        point.condition.active = silent;
        point.value = Math.round((now - lastSeen) / 1000);
        this.#transition(point, silent ? 'raise' : 'clear', now);
      }
    }
    const expired = [...this.#open.values()]
      .filter((a) => a.shelvedUntil !== null && a.shelvedUntil <= now && !this.#unshelving.has(a.id))
      .map((a) => a.id);
    if (expired.length === 0) return;
    // One action for all of them, asked once however long the queue takes to reach it (#act reads the
    // alarms again when it runs: one an operator unshelved meanwhile is left as it is).
    for (const id of expired) this.#unshelving.add(id);
    void this.#act(expired, (alarm) => this.#unshelve(alarm, null, null, now))
      .catch(() => {})
      .finally(() => {
        for (const id of expired) this.#unshelving.delete(id);
      });
  }

  #lastSeen(device: Device): number | null {
    let last: number | null = null;
    for (const series of this.#registry().seriesOfDevice(device.id)) {
      const ts = this.#latest.get(series.id)?.ts;
      if (ts !== undefined && (last === null || ts > last)) last = ts;
    }
    return last;
  }

  #enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => {});
    return next;
  }

  /**
   * Queues a transition with the value that caused it (later samples may change point.value first).
   * The transitions waiting when the queue gets to them are committed in one transaction (group
   * commit: an alarm storm costs one durable write per batch, not one per alarm), then announced.
   */
  #transition(point: Point, change: 'raise' | 'clear', ts: number): void {
    this.#pending.push({ point, change, ts, value: point.value });
    if (this.#pending.length > 1) return;
    void this.#enqueue(() => this.#drain()).catch(() => {});
  }

  async #drain(): Promise<void> {
    const items = this.#pending.splice(0, MAX_BATCH);
    if (items.length === 0) return;
    // The rest go in the next batch, queued behind this one (an operator's action waiting in the queue
    // goes between the two).
    if (this.#pending.length > 0) void this.#enqueue(() => this.#drain()).catch(() => {});
    await this.#batched(async () => {
      for (const t of items) {
        if (t.change === 'raise') await this.#raise(t.point, t.ts, t.value);
        else await this.#clear(t.point, t.ts);
      }
    });
  }

  /** Runs `work` in one transaction that every #commit inside joins; announces the changes after it. */
  async #batched(work: () => Promise<void>): Promise<void> {
    const batch: AlarmChange[] = [];
    try {
      await this.#db.transaction(async (tx) => {
        this.#batch = { tx, changes: batch };
        await work();
      });
    } catch (error) {
      // The open alarms were updated as the batch went; the store is the truth.
      this.#batch = null;
      await this.reload();
      throw error;
    } finally {
      this.#batch = null;
    }
    for (const change of batch) this.emit('change', change);
  }

  #gridOut(siteId: string): boolean {
    for (const alarm of this.#open.values()) {
      if (alarm.siteId !== siteId || alarm.state === 'rtn_unacknowledged') continue;
      if (this.#points.get(pointKey(alarm.ruleId, alarm.deviceId))?.rule.gridRoot) return true;
    }
    return false;
  }

  #message(point: Point, raw: number | null): LocalisedText {
    const { rule, device } = point;
    const series = rule.seriesKey
      ? this.#registry().seriesById(this.#registry().seriesIdByKey(`${device.id}/${rule.seriesKey}`) ?? -1)
      : undefined;
    const value = raw === null ? '' : Number.isInteger(raw) ? raw : raw.toFixed(1);
    const values = {
      device: device.name,
      value,
      unit: series?.unit ?? '',
      threshold: rule.threshold,
      code: raw ?? '',
    };
    return fillLocalised(rule.message, values);
  }

  /** Runs `work` in its own transaction and announces its changes after the commit, or joins the batch. */
  async #commit(work: (tx: Db) => Promise<AlarmChange[]>): Promise<AlarmChange[]> {
    const batch = this.#batch;
    const changes = batch ? await work(batch.tx) : await this.#db.transaction(work);
    for (const { alarm } of changes) {
      if (alarm?.state === 'closed') this.#open.delete(pointKey(alarm.ruleId, alarm.deviceId));
      else if (alarm) this.#open.set(pointKey(alarm.ruleId, alarm.deviceId), alarm);
    }
    if (batch) batch.changes.push(...changes);
    else for (const change of changes) this.emit('change', change);
    return changes;
  }

  async #reread(tx: Db, id: number): Promise<Alarm> {
    const [alarm] = await getAlarms(tx, [id]);
    if (!alarm) throw new Error(`alarm ${id} vanished`);
    return alarm;
  }

  #event(alarm: Alarm, type: NewEvent['type'], ts: number, extra: Partial<NewEvent> = {}): NewEvent {
    return {
      siteId: alarm.siteId,
      deviceId: alarm.deviceId,
      alarmId: alarm.id,
      type,
      severity: type === 'alarm_raised' ? alarm.priority : SEVERITY_NONE,
      message: alarm.message,
      ts,
      ...extra,
    };
  }

  async #raise(point: Point, ts: number, value: number | null): Promise<void> {
    const open = this.#open.get(point.key);
    if (open && open.state !== 'rtn_unacknowledged') return;
    if (open) {
      // Back before its return to normal was acknowledged: that occurrence ends here, unacknowledged,
      // and a new one starts (a cleared occurrence never becomes active again; one open per point).
      await this.#commit(async (tx) => {
        await tx.run(`UPDATE alarms SET state = 'closed', closed_at = ? WHERE id = ?`, [ts, open.id]);
        const event = await insertEvent(
          tx,
          this.#event(open, 'alarm_closed', ts, { comment: 'superseded by a new occurrence' }),
        );
        await tx.run('UPDATE alarms SET seq = ? WHERE id = ?', [event.seq, open.id]);
        return [{ alarm: await this.#reread(tx, open.id), event }];
      });
    }
    const { rule, device } = point;
    if (this.#outOfService.has(point.key)) return;
    const suppressed = rule.consequentialOfGrid && this.#gridOut(device.siteId);
    const message = this.#message(point, value);
    await this.#commit(async (tx) => {
      const seq = await takeSeq(tx, device.siteId);
      const row = await tx.get<{ id: number }>(
        `INSERT INTO alarms (site_id, device_id, rule_id, priority, state, message, value, raised_at, suppressed, seq)
         VALUES (?, ?, ?, ?, 'unacknowledged', ?, ?, ?, ?, ?) RETURNING id`,
        [device.siteId, device.id, rule.id, rule.priority, JSON.stringify(message), value, ts, suppressed ? 1 : 0, seq],
      );
      const id = Number(row?.id);
      const event = await insertEvent(
        tx,
        {
          siteId: device.siteId,
          deviceId: device.id,
          alarmId: id,
          type: 'alarm_raised',
          severity: rule.priority,
          message,
          ts,
        },
        seq,
      );
      const changes: AlarmChange[] = [{ alarm: await this.#reread(tx, id), event }];
      // The root of a grid outage: the site's consequential alarms are suppressed by design.
      if (rule.gridRoot) changes.push(...(await this.#setSuppressed(tx, device.siteId, true, ts)));
      return changes;
    });
  }

  async #setSuppressed(tx: Db, siteId: string, suppressed: boolean, ts: number): Promise<AlarmChange[]> {
    const changes: AlarmChange[] = [];
    for (const alarm of this.#open.values()) {
      if (alarm.siteId !== siteId || alarm.suppressed === suppressed) continue;
      if (!this.#points.get(pointKey(alarm.ruleId, alarm.deviceId))?.rule.consequentialOfGrid) continue;
      await tx.run('UPDATE alarms SET suppressed = ? WHERE id = ?', [suppressed ? 1 : 0, alarm.id]);
      const event = await insertEvent(
        tx,
        this.#event(alarm, suppressed ? 'alarm_suppressed' : 'alarm_unsuppressed', ts),
      );
      await tx.run('UPDATE alarms SET seq = ? WHERE id = ?', [event.seq, alarm.id]);
      changes.push({ alarm: await this.#reread(tx, alarm.id), event });
    }
    return changes;
  }

  async #clear(point: Point, ts: number): Promise<void> {
    const open = this.#open.get(point.key);
    if (!open || open.state === 'rtn_unacknowledged') return;
    await this.#commit(async (tx) => {
      const closes = open.state === 'acknowledged';
      await tx.run(
        closes
          ? `UPDATE alarms SET state = 'closed', cleared_at = ?, closed_at = ? WHERE id = ?`
          : `UPDATE alarms SET state = 'rtn_unacknowledged', cleared_at = ? WHERE id = ?`,
        closes ? [ts, ts, open.id] : [ts, open.id],
      );
      const event = await insertEvent(tx, this.#event(open, closes ? 'alarm_closed' : 'alarm_returned', ts));
      await tx.run('UPDATE alarms SET seq = ? WHERE id = ?', [event.seq, open.id]);
      const changes: AlarmChange[] = [{ alarm: await this.#reread(tx, open.id), event }];
      if (point.rule.gridRoot) {
        this.#open.delete(point.key);
        if (!this.#gridOut(open.siteId)) changes.push(...(await this.#setSuppressed(tx, open.siteId, false, ts)));
      }
      return changes;
    });
  }

  // Operator actions, on one alarm or a selection: the selection is one transaction (acknowledging a
  // flood of 500 is one durable write, not 500). Each returns the alarms as they stand after it.

  #act(ids: readonly number[], each: (alarm: Alarm) => Promise<void>): Promise<Alarm[]> {
    return this.#enqueue(async () => {
      const alarms = await getAlarms(this.#db, ids);
      await this.#batched(async () => {
        for (const alarm of alarms) await each(alarm);
      });
      return getAlarms(this.#db, ids);
    });
  }

  acknowledge(ids: readonly number[], actor: Actor, comment: string | null, now = Date.now()): Promise<Alarm[]> {
    return this.#act(ids, async (alarm) => {
      // Acknowledging twice, or an occurrence already closed, changes nothing (idempotent).
      if (alarm.state !== 'unacknowledged' && alarm.state !== 'rtn_unacknowledged') return;
      const closes = alarm.state === 'rtn_unacknowledged';
      await this.#commit(async (tx) => {
        await tx.run(
          `UPDATE alarms SET state = ?, acknowledged_at = ?, acknowledged_by = ?${closes ? ', closed_at = ?' : ''} WHERE id = ?`,
          closes ? ['closed', now, actor.name, now, alarm.id] : ['acknowledged', now, actor.name, alarm.id],
        );
        const event = await insertEvent(
          tx,
          this.#event(alarm, 'alarm_acknowledged', now, { userName: actor.name, comment }),
        );
        // Acknowledged after its return to normal: the occurrence closes, and that is a transition too.
        const closed = closes ? await insertEvent(tx, this.#event(alarm, 'alarm_closed', now)) : null;
        await tx.run('UPDATE alarms SET seq = ? WHERE id = ?', [(closed ?? event).seq, alarm.id]);
        const after = await this.#reread(tx, alarm.id);
        return closed
          ? [
              { alarm: after, event },
              { alarm: after, event: closed },
            ]
          : [{ alarm: after, event }];
      });
    });
  }

  shelve(ids: readonly number[], until: number, actor: Actor, comment: string | null, now = Date.now()) {
    return this.#act(ids, async (alarm) => {
      if (alarm.state === 'closed') return;
      await this.#pointChange(alarm, 'shelved_until', until, 'alarm_shelved', actor, comment, now);
    });
  }

  unshelve(ids: readonly number[], actor: Actor, comment: string | null, now = Date.now()) {
    return this.#act(ids, (alarm) => this.#unshelve(alarm, actor, comment, now));
  }

  async #unshelve(alarm: Alarm, actor: Actor | null, comment: string | null, now: number): Promise<void> {
    if (alarm.shelvedUntil === null) return;
    await this.#pointChange(alarm, 'shelved_until', null, 'alarm_unshelved', actor, comment, now);
  }

  setOutOfService(
    ids: readonly number[],
    outOfService: boolean,
    actor: Actor,
    comment: string | null,
    now = Date.now(),
  ) {
    return this.#act(ids, async (alarm) => {
      if (alarm.outOfService === outOfService) return;
      const key = pointKey(alarm.ruleId, alarm.deviceId);
      if (outOfService) this.#outOfService.add(key);
      else this.#outOfService.delete(key);
      const type = outOfService ? 'alarm_out_of_service' : 'alarm_in_service';
      await this.#pointChange(alarm, 'out_of_service', outOfService ? 1 : 0, type, actor, comment, now);
    });
  }

  comment(ids: readonly number[], actor: Actor, comment: string, now = Date.now()) {
    return this.#act(ids, async (alarm) => {
      await this.#commit(async (tx) => {
        const event = await insertEvent(
          tx,
          this.#event(alarm, 'alarm_comment', now, { userName: actor.name, comment }),
        );
        return [{ alarm, event }];
      });
    });
  }

  /** A change kept on the alarm point (it outlives the occurrence), recorded as an event of the alarm. */
  async #pointChange(
    alarm: Alarm,
    column: 'shelved_until' | 'out_of_service',
    value: number | null,
    type: NewEvent['type'],
    actor: Actor | null,
    comment: string | null,
    now: number,
  ): Promise<void> {
    await this.#commit(async (tx) => {
      await tx.run(
        `INSERT INTO alarm_points (rule_id, device_id, ${column}) VALUES (?, ?, ?)
         ON CONFLICT (rule_id, device_id) DO UPDATE SET ${column} = excluded.${column}`,
        [alarm.ruleId, alarm.deviceId, value],
      );
      const event = await insertEvent(tx, this.#event(alarm, type, now, { userName: actor?.name ?? null, comment }));
      await tx.run('UPDATE alarms SET seq = ? WHERE id = ?', [event.seq, alarm.id]);
      return [{ alarm: await this.#reread(tx, alarm.id), event }];
    });
  }
}

export { toAlarm };
