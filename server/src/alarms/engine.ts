// The alarm engine: evaluates every rule on the samples as they arrive (before the store writes them),
// runs the ISA-18.2 lifecycle, and commits each transition with its event before announcing it, so that
// an alarm a client sees is always in the store (RELIABILITY decisions 1, 7, 8; invariants I1, I3, I6).
// Transitions run one at a time: two operators acknowledging the same alarm give one record. The
// lifecycle itself is alarmMachine.ts (pure); what is evaluated, alarmPoints.ts; how a transition is
// stored, alarmWriter.ts. This file reads, orders, batches and announces.
import { EventEmitter } from 'node:events';
import type { Alarm, AlarmRule } from '@voltscope/shared/alarms';
import type { Device } from '@voltscope/shared/fleet';
import type { Registry } from '../fleet/registry.ts';
import type { LatestValues } from '../live/latest.ts';
import type { Db } from '../store/db.ts';
import type { SampleBatch } from '../store/telemetry/types.ts';
import { type AlarmInput, type AlarmPoint, type Transition, transition } from './alarmMachine.ts';
import { buildPoints, messageOf, type Point, type Points, pointKey, sensorSample } from './alarmPoints.ts';
import { type AlarmChange, type Opening, writeEffects } from './alarmWriter.ts';
import { defaultRules } from './defaultRules.ts';
import { getAlarms, insertEvent, insertRules, listRules, type NewEvent, openAlarms, toAlarm } from './store.ts';

export type { AlarmChange };

interface EngineEvents {
  /** After commit: an alarm changed, with the event that records it. */
  change: [AlarmChange];
}

export interface Actor {
  name: string;
}

/**
 * Transitions per transaction in a storm: enough that a flood costs few durable writes, few enough that
 * the write lock is held briefly (the telemetry writer shares the SQLite file) and the first alarms of a
 * storm reach operators without waiting for the whole backlog.
 */
const MAX_BATCH = 500;

/** The machine's view of an occurrence (or of none) and its point. */
const pointOf = (alarm: Alarm | null | undefined, outOfService: boolean): AlarmPoint => ({
  occurrence: alarm ? { state: alarm.state, suppressed: alarm.suppressed } : null,
  shelvedUntil: alarm?.shelvedUntil ?? null,
  outOfService,
});

export class AlarmEngine extends EventEmitter<EngineEvents> {
  readonly #db: Db;
  readonly #registry: () => Registry;
  readonly #latest: LatestValues;
  readonly #maxShelveMs: number;
  #rules: AlarmRule[] = [];
  #points: Points = { byKey: new Map(), bySeries: new Map(), commLoss: [], binary: new Map() };
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
  #timer: NodeJS.Timeout | null = null;

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
    this.#timer = setInterval(() => this.tick(Date.now()), 1000);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
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
        if (this.#points.byKey.has(pointKey(alarm.ruleId, alarm.deviceId))) continue;
        await this.#run(alarm, alarm.outOfService, { type: 'retire', ts: now });
      }
    });
  }

  /** Re-reads the rules and the open alarms. */
  async reload(): Promise<void> {
    this.#rules = await listRules(this.#db);
    this.#open.clear();
    for (const alarm of await openAlarms(this.#db)) this.#open.set(pointKey(alarm.ruleId, alarm.deviceId), alarm);
    this.#outOfService.clear();
    for (const row of await this.#db.all<{ rule_id: number; device_id: string }>(
      'SELECT rule_id, device_id FROM alarm_points WHERE out_of_service = 1',
    ))
      this.#outOfService.add(pointKey(Number(row.rule_id), row.device_id));
    this.#points = buildPoints(this.#rules, this.#registry(), this.#open);
  }

  rules(): readonly AlarmRule[] {
    return this.#rules;
  }

  /** Straight from the ingest, before the store writes: evaluation never waits on the database. */
  onSamples(batch: SampleBatch): void {
    for (let i = 0; i < batch.series.length; i++) {
      const value = batch.values[i] as number;
      const ts = batch.ts[i] as number;
      const sensor = this.#points.binary.get(batch.series[i] as number);
      const event = sensor && sensorSample(sensor, value, ts);
      if (event) void this.record(event).catch(() => {});
      const points = this.#points.bySeries.get(batch.series[i] as number);
      if (!points) continue;
      for (const point of points) {
        point.value = value;
        const change = point.condition.sample(value, ts);
        if (change) this.#transition(point, change, ts);
      }
    }
  }

  /** Stores an event that changes no alarm (a door, a sign-in, a rule change) and announces it. */
  record(event: NewEvent): Promise<AlarmChange[]> {
    return this.#enqueue(() => this.#commit(async (tx) => [{ alarm: null, event: await insertEvent(tx, event) }]));
  }

  /** The clock: delays that ran out without a new sample, communication loss, shelving that expired. */
  tick(now: number): void {
    for (const point of this.#points.byKey.values()) {
      if (point.rule.kind === 'comm_loss') continue;
      const change = point.condition.check(now);
      if (change) this.#transition(point, change, now);
    }
    for (const point of this.#points.commLoss) {
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
    // alarms again when it runs: one an operator unshelved or shelved again meanwhile is left as it is).
    for (const id of expired) this.#unshelving.add(id);
    void this.#act(expired, { type: 'shelveExpired', ts: now })
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

  /**
   * One transition of the lifecycle: the machine decides, the writer stores what it decided (nothing
   * when it changed nothing), and `then` adds what follows from it on other alarms (suppression).
   */
  async #run(
    alarm: Alarm | null,
    outOfService: boolean,
    input: AlarmInput,
    opening?: Opening,
    then?: (tx: Db, after: Transition) => Promise<AlarmChange[]>,
  ): Promise<Transition> {
    const after = transition(pointOf(alarm, outOfService), input);
    if (after.effects.length === 0) return after;
    await this.#commit(async (tx) => {
      const changes = await writeEffects(tx, alarm, after.effects, input.ts, opening);
      return then ? changes.concat(await then(tx, after)) : changes;
    });
    return after;
  }

  /** Whether the site's grid is out: an active (not yet returned) occurrence of a grid-root rule. */
  #gridOut(siteId: string): boolean {
    for (const alarm of this.#open.values()) {
      if (alarm.siteId !== siteId || alarm.state === 'rtn_unacknowledged') continue;
      if (this.#points.byKey.get(pointKey(alarm.ruleId, alarm.deviceId))?.rule.gridRoot) return true;
    }
    return false;
  }

  async #raise(point: Point, ts: number, value: number | null): Promise<void> {
    const { rule, device } = point;
    const suppressed = rule.consequentialOfGrid && this.#gridOut(device.siteId);
    const opening: Opening = {
      ...{ siteId: device.siteId, deviceId: device.id, ruleId: rule.id, priority: rule.priority, value },
      message: messageOf(point, this.#registry(), value),
    };
    const open = this.#open.get(point.key) ?? null;
    const input = { type: 'raise', ts, suppressed } as const;
    await this.#run(open, this.#outOfService.has(point.key), input, opening, async (tx, after) =>
      // The root of a grid outage: the site's consequential alarms are suppressed by design.
      rule.gridRoot && after.effects.some((e) => e.type === 'open')
        ? this.#setSuppressed(tx, device.siteId, true, ts)
        : [],
    );
  }

  async #setSuppressed(tx: Db, siteId: string, suppressed: boolean, ts: number): Promise<AlarmChange[]> {
    const changes: AlarmChange[] = [];
    for (const alarm of this.#open.values()) {
      if (alarm.siteId !== siteId || alarm.suppressed === suppressed) continue;
      if (!this.#points.byKey.get(pointKey(alarm.ruleId, alarm.deviceId))?.rule.consequentialOfGrid) continue;
      const after = transition(pointOf(alarm, alarm.outOfService), {
        type: suppressed ? 'suppress' : 'unsuppress',
        ts,
      });
      changes.push(...(await writeEffects(tx, alarm, after.effects, ts)));
    }
    return changes;
  }

  async #clear(point: Point, ts: number): Promise<void> {
    const open = this.#open.get(point.key) ?? null;
    await this.#run(open, this.#outOfService.has(point.key), { type: 'clear', ts }, undefined, async (tx) => {
      if (!point.rule.gridRoot || !open) return [];
      // This root no longer holds the grid out (its occurrence is written, not yet in #open).
      this.#open.delete(point.key);
      return this.#gridOut(open.siteId) ? [] : this.#setSuppressed(tx, open.siteId, false, ts);
    });
  }

  // Operator actions, on one alarm or a selection: the selection is one transaction (acknowledging a
  // flood of 500 is one durable write, not 500). Each returns the alarms as they stand after it.

  #act(ids: readonly number[], input: AlarmInput): Promise<Alarm[]> {
    return this.#enqueue(async () => {
      const alarms = await getAlarms(this.#db, ids);
      await this.#batched(async () => {
        for (const alarm of alarms) {
          const after = await this.#run(alarm, alarm.outOfService, input);
          if (after.ignored || (input.type !== 'outOfService' && input.type !== 'inService')) continue;
          const key = pointKey(alarm.ruleId, alarm.deviceId);
          if (after.point.outOfService) this.#outOfService.add(key);
          else this.#outOfService.delete(key);
        }
      });
      return getAlarms(this.#db, ids);
    });
  }

  acknowledge(ids: readonly number[], actor: Actor, comment: string | null, now = Date.now()): Promise<Alarm[]> {
    return this.#act(ids, { type: 'acknowledge', ts: now, by: actor.name, comment });
  }

  shelve(ids: readonly number[], until: number, actor: Actor, comment: string | null, now = Date.now()) {
    const maxShelveMs = this.#maxShelveMs;
    return this.#act(ids, { type: 'shelve', ts: now, until, maxShelveMs, by: actor.name, comment });
  }

  unshelve(ids: readonly number[], actor: Actor, comment: string | null, now = Date.now()) {
    return this.#act(ids, { type: 'unshelve', ts: now, by: actor.name, comment });
  }

  setOutOfService(
    ids: readonly number[],
    outOfService: boolean,
    actor: Actor,
    comment: string | null,
    now = Date.now(),
  ) {
    return this.#act(ids, { type: outOfService ? 'outOfService' : 'inService', ts: now, by: actor.name, comment });
  }

  comment(ids: readonly number[], actor: Actor, comment: string, now = Date.now()) {
    return this.#act(ids, { type: 'comment', ts: now, by: actor.name, comment });
  }
}

export { toAlarm };
