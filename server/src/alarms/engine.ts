// The alarm engine: evaluates every rule on the samples the store accepted as new, in time order, once
// they are committed (a sample that arrives late is history: it raises nothing now), runs the ISA-18.2
// lifecycle, and commits each transition with its event before announcing it, so that an alarm a client
// sees is always in the store (RELIABILITY decisions 1, 7, 8; invariants I1, I3, I6). Work runs one piece
// at a time: two operators acknowledging the same alarm give one record. The lifecycle itself is
// alarmMachine.ts (pure); what is evaluated, alarmPoints.ts; how a raise or a clear is decided and
// batched, transitions.ts; how a transition is stored, alarmWriter.ts and transitionBatch.ts; order and
// transactions, alarmCommits.ts. This file reads the points, feeds them samples and the clock, keeps the
// open alarms and is the one surface the routes and the realtime layer call. In a cluster only the
// leader evaluates (a follower's sinks and clock do nothing) and its transitions commit through the fence
// (alarmCommits.ts); a node that becomes leader reads its state again from the store first (`lead`).
// A follower's operator actions go to the leader (`AlarmRemote`, cluster/leaderCalls.ts), so that every
// action runs in the leader's one queue, against its open alarms, through the fence.
import { EventEmitter } from 'node:events';
import { seededRules } from '@voltscope/shared/alarmRationale';
import type { Alarm, AlarmRule } from '@voltscope/shared/alarms';
import type { Device } from '@voltscope/shared/fleet';
import type { Leadership } from '../cluster/leadership.ts';
import type { Registry } from '../fleet/registry.ts';
import type { LatestValues } from '../live/latest.ts';
import type { Db } from '../store/db.ts';
import { devicesInMaintenance } from '../store/maintenance.ts';
import type { SampleBatch } from '../store/telemetry/types.ts';
import { AlarmCommits } from './alarmCommits.ts';
import type { Actor, AlarmInput } from './alarmMachine.ts';
import { buildPoints, clockChanges, lastSeenOf, type Points, pointKey, sensorSample } from './alarmPoints.ts';
import type { AlarmChange } from './alarmWriter.ts';
import {
  getAlarms,
  insertEvent,
  insertRules,
  listRules,
  type NewEvent,
  openAlarms,
  pointsOutOfService,
  toAlarm,
} from './store.ts';
import { Transitions } from './transitions.ts';

export type { AlarmChange };

interface EngineEvents {
  /** After commit: an alarm changed, with the event that records it. */
  change: [AlarmChange];
}

export type { Actor };

/** What the engine asks of the cluster's leadership: whether to evaluate, and how to commit a transition. */
export type EngineLeadership = Pick<Leadership, 'isLeader' | 'fenced'>;

/**
 * In a cluster: how a follower's operator action reaches the leader (answered with the alarms as the
 * leader left them), and how a rule change made here reaches every other node's engine.
 */
export interface AlarmRemote {
  act(ids: readonly number[], input: AlarmInput): Promise<Alarm[]>;
  rulesChanged(): Promise<void>;
}

/** A point out of service: when it returns by itself (null: by hand), and its latest occurrence. */
interface OutOfService {
  until: number | null;
  alarmId: number | null;
}

export class AlarmEngine extends EventEmitter<EngineEvents> {
  readonly #db: Db;
  readonly #registry: () => Registry;
  readonly #latest: LatestValues;
  readonly #maxShelveMs: number;
  readonly #lateSampleMs: number;
  /** The time of the newest sample evaluated per series: one older than it comes late. */
  readonly #evaluated = new Map<number, number>();
  /** When each device was last heard on time, by device id: communication loss is judged on it. */
  readonly #heard = new Map<string, number>();
  #rules: AlarmRule[] = [];
  #points: Points = { byKey: new Map(), bySeries: new Map(), commLoss: [], binary: new Map() };
  /** Open occurrences by point key. */
  readonly #open = new Map<string, Alarm>();
  /** Alarm points out of service, by point key: evaluated, never raised. */
  readonly #outOfService = new Map<string, OutOfService>();
  /** Devices in maintenance: every point of theirs is out of service while it lasts (none is raised). */
  #maintenance = new Set<string>();
  /** Alarms whose shelving or out-of-service period ran out, on their way back (asked once, not every tick). */
  readonly #unshelving = new Set<number>();
  readonly #returning = new Set<number>();
  readonly #commits: AlarmCommits;
  readonly #transitions: Transitions;
  readonly #leadership: EngineLeadership;
  readonly #remote: AlarmRemote | null;

  constructor(
    db: Db,
    registry: () => Registry,
    latest: LatestValues,
    options: { maxShelveMs: number; lateSampleMs: number; leadership?: EngineLeadership; remote?: AlarmRemote | null },
  ) {
    super();
    this.#db = db;
    this.#remote = options.remote ?? null;
    // Without a cluster the engine is always the leader and its transactions are plain ones.
    this.#leadership = options.leadership ?? { isLeader: () => true, fenced: (fn) => db.transaction(fn) };
    this.#registry = registry;
    this.#latest = latest;
    this.#maxShelveMs = options.maxShelveMs;
    this.#lateSampleMs = options.lateSampleMs;
    this.#commits = new AlarmCommits(db, (fn) => this.#leadership.fenced(fn), {
      written: (changes) => {
        for (const { alarm } of changes) {
          if (alarm?.state === 'closed') this.#open.delete(pointKey(alarm.ruleId, alarm.deviceId));
          else if (alarm) this.#open.set(pointKey(alarm.ruleId, alarm.deviceId), alarm);
        }
      },
      announce: (change) => this.emit('change', change),
      rolledBack: () => this.reload(),
    });
    this.#transitions = new Transitions(
      {
        open: this.#open,
        outOfService: this.#outOfService,
        maintenance: () => this.#maintenance,
        points: () => this.#points,
        registry,
        latest,
      },
      this.#commits,
    );
  }

  get maxShelveMs(): number {
    return this.#maxShelveMs;
  }

  async start(): Promise<void> {
    this.#warmHeard();
    if ((await listRules(this.#db)).length === 0) await insertRules(this.#db, seededRules);
    await this.readRules();
  }

  /**
   * On becoming the cluster's leader, before evaluating anything: the rules, open alarms and points read
   * again from the store (another node raised, cleared or acknowledged meanwhile, an admin may have changed
   * the rules), alarms no rule watches any more retired, and devices heard from when their newest values
   * say (the hub has refreshed them from the store).
   */
  lead(): Promise<void> {
    this.#warmHeard();
    return this.readRules();
  }

  /** Heard from before now: the newest value of each device (never older than what was heard already). */
  #warmHeard(): void {
    const registry = this.#registry();
    for (const device of registry.devices.values()) {
      const seen = lastSeenOf(registry, this.#latest, device);
      if (seen !== null && seen > (this.#heard.get(device.id) ?? 0)) this.#heard.set(device.id, seen);
    }
  }

  /** Waits for the transitions under way. The clock (`tick`) is the hub scheduler's. */
  async stop(): Promise<void> {
    await this.#commits.idle();
  }

  /**
   * After an admin changed the rules or maintenance on this node: in force here, then (in a cluster) on
   * every other node's engine before this resolves.
   */
  async rulesChanged(now = Date.now()): Promise<void> {
    await this.readRules(now);
    await this.#remote?.rulesChanged();
  }

  /**
   * The rules changed (here or on another node): re-reads them in turn with the transitions, then closes the open
   * alarms no rule watches any more (disabled, retired, or replaced by a device override), so that none
   * stands forever. The point re-evaluates under its new rule and raises anew if the condition holds.
   * A follower only re-reads: the retiring is the leader's (done again by `lead`).
   */
  readRules(now = Date.now()): Promise<void> {
    return this.#commits.enqueue(async () => {
      await this.reload();
      if (!this.#leadership.isLeader()) return;
      for (const alarm of [...this.#open.values()]) {
        if (this.#points.byKey.has(pointKey(alarm.ruleId, alarm.deviceId))) continue;
        await this.#transitions.run(alarm, alarm.outOfService, { type: 'retire', ts: now });
      }
    });
  }

  /** Re-reads the rules and the open alarms. */
  async reload(): Promise<void> {
    this.#rules = await listRules(this.#db);
    this.#open.clear();
    for (const alarm of await openAlarms(this.#db)) this.#open.set(pointKey(alarm.ruleId, alarm.deviceId), alarm);
    this.#outOfService.clear();
    for (const p of await pointsOutOfService(this.#db)) {
      this.#outOfService.set(pointKey(p.ruleId, p.deviceId), { until: p.until, alarmId: p.alarmId });
    }
    this.#maintenance = await devicesInMaintenance(this.#db);
    this.#points = buildPoints(this.#rules, this.#registry(), this.#open);
  }

  /** The open occurrences as the engine holds them (not closed). */
  openAlarms(): IterableIterator<Alarm> {
    return this.#open.values();
  }

  rules(): readonly AlarmRule[] {
    return this.#rules;
  }

  /**
   * Straight from the ingest, before the store: the devices heard from. A sample older than
   * `lateSampleMs` is no sign of life now (one 20 days old does not make a device lost either).
   */
  onHeard(batch: SampleBatch, now = Date.now()): void {
    if (!this.#leadership.isLeader()) return;
    const oldest = now - this.#lateSampleMs;
    const registry = this.#registry();
    for (let i = 0; i < batch.series.length; i++) {
      const ts = batch.ts[i] as number;
      const deviceId = ts >= oldest ? registry.seriesById(batch.series[i] as number)?.deviceId : undefined;
      if (deviceId !== undefined && ts > (this.#heard.get(deviceId) ?? 0)) this.#heard.set(deviceId, ts);
    }
  }

  /**
   * From the ingest once the store has committed them: the samples it accepted as new, in time order.
   * A sample older than the newest evaluated of its series, or older than `lateSampleMs` at `now`, is
   * late: it stays in the history and raises nothing now. Only the leader evaluates: a follower's samples
   * reach the leader's engine through this same entry point once relayed between nodes.
   */
  onSamples(batch: SampleBatch, now = Date.now()): void {
    if (!this.#leadership.isLeader()) return;
    const oldest = now - this.#lateSampleMs;
    for (let i = 0; i < batch.series.length; i++) {
      const id = batch.series[i] as number;
      const value = batch.values[i] as number;
      const ts = batch.ts[i] as number;
      if (ts < oldest || ts < (this.#evaluated.get(id) ?? ts)) continue;
      this.#evaluated.set(id, ts);
      const sensor = this.#points.binary.get(id);
      const event = sensor && sensorSample(sensor, value, ts);
      if (event) void this.record(event).catch(() => {});
      const points = this.#points.bySeries.get(id);
      if (!points) continue;
      for (const point of points) {
        point.value = value;
        const change = point.condition.sample(value, ts);
        if (change) this.#transitions.queue(point, change, ts);
      }
    }
  }

  /** Stores an event that changes no alarm (a door, a sign-in, a rule change) and announces it. */
  record(event: NewEvent): Promise<AlarmChange[]> {
    return this.#commits.enqueue(() =>
      this.#commits.commit(async (tx) => [{ alarm: null, event: await insertEvent(tx, event) }], false),
    );
  }

  /**
   * The clock: delays that ran out without a new sample, communication loss, shelving and out-of-service
   * periods that ended.
   */
  tick(now: number): void {
    if (!this.#leadership.isLeader()) return;
    const lastSeen = (device: Device) => this.#heard.get(device.id) ?? null;
    for (const { point, change } of clockChanges(this.#points, now, lastSeen))
      this.#transitions.queue(point, change, now);
    const shelved = [...this.#open.values()]
      .filter((a) => a.shelvedUntil !== null && a.shelvedUntil <= now)
      .map((a) => a.id);
    this.#expire(shelved, this.#unshelving, { type: 'shelveExpired', ts: now });
    const outOfService = [...this.#outOfService.values()]
      .filter((p) => p.until !== null && p.until <= now)
      .flatMap((p) => (p.alarmId === null ? [] : [p.alarmId]));
    this.#expire(outOfService, this.#returning, { type: 'outOfServiceExpired', ts: now });
  }

  /**
   * One action for all the alarms whose period ended, asked once however long the queue takes to reach
   * it (actHere reads the alarms again when it runs: one an operator changed meanwhile is left as it is).
   */
  #expire(ids: readonly number[], underWay: Set<number>, input: AlarmInput): void {
    const expired = ids.filter((id) => !underWay.has(id));
    if (expired.length === 0) return;
    for (const id of expired) underWay.add(id);
    void this.actHere(expired, input)
      .catch(() => {})
      .finally(() => {
        for (const id of expired) underWay.delete(id);
      });
  }

  // Operator actions, on one alarm or a selection: the selection is one transaction (acknowledging a
  // flood of 500 is one durable write, not 500). Each returns the alarms as they stand after it.

  /** On a follower of a cluster, the leader's to run (`remote`); here otherwise. */
  #act(ids: readonly number[], input: AlarmInput): Promise<Alarm[]> {
    if (this.#remote && !this.#leadership.isLeader()) return this.#remote.act(ids, input);
    return this.actHere(ids, input);
  }

  /**
   * Runs an action here, in the queue and through the fence (a node that no longer leads changes nothing):
   * the leader's own, the clock's expiries, and those other nodes send it.
   */
  actHere(ids: readonly number[], input: AlarmInput): Promise<Alarm[]> {
    return this.#commits.enqueue(async () => {
      const alarms = await getAlarms(this.#db, ids);
      await this.#commits.batched(async () => {
        for (const alarm of alarms) {
          const after = await this.#transitions.run(alarm, alarm.outOfService, input);
          if (after.ignored || !after.effects.some((e) => e.type === 'setPoint' && 'outOfService' in e.set)) continue;
          const key = pointKey(alarm.ruleId, alarm.deviceId);
          if (after.point.outOfService) {
            this.#outOfService.set(key, { until: after.point.outOfServiceUntil, alarmId: alarm.id });
          } else this.#outOfService.delete(key);
        }
      });
      return getAlarms(this.#db, ids);
    });
  }

  acknowledge(ids: readonly number[], actor: Actor, comment: string | null, now = Date.now()): Promise<Alarm[]> {
    return this.#act(ids, { type: 'acknowledge', ts: now, by: actor, comment });
  }

  shelve(ids: readonly number[], until: number, actor: Actor, comment: string | null, now = Date.now()) {
    const maxShelveMs = this.#maxShelveMs;
    return this.#act(ids, { type: 'shelve', ts: now, until, maxShelveMs, by: actor, comment });
  }

  unshelve(ids: readonly number[], actor: Actor, comment: string | null, now = Date.now()) {
    return this.#act(ids, { type: 'unshelve', ts: now, by: actor, comment });
  }

  /** Out of service until `until` (epoch ms; null: until returned by hand), or back in service. */
  setOutOfService(
    ids: readonly number[],
    outOfService: boolean,
    actor: Actor,
    comment: string | null,
    until: number | null = null,
    now = Date.now(),
  ) {
    const by = { ts: now, by: actor, comment };
    return this.#act(ids, outOfService ? { type: 'outOfService', until, ...by } : { type: 'inService', ...by });
  }

  comment(ids: readonly number[], actor: Actor, comment: string, now = Date.now()) {
    return this.#act(ids, { type: 'comment', ts: now, by: actor, comment });
  }
}

export { toAlarm };
