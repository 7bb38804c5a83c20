// How a raise or a clear is decided and committed. A transition the samples or the clock cause waits in
// a queue; the transitions waiting when the engine's queue gets to them are planned in memory and
// written as one batch (transitionBatch.ts: each table in one go), in one transaction, then announced.
// A grid root's transition goes on its own, through the one-transition writer (alarmWriter.ts), because it
// suppresses or unsuppresses the site's other alarms as they stand. `run` is that writer's entry for
// every other input too (operators' actions, retirements), called by the engine (engine.ts).
import type { Alarm } from '@voltscope/shared/alarms';
import type { Registry } from '../fleet/registry.ts';
import type { LatestValues } from '../live/latest.ts';
import type { Db } from '../store/db.ts';
import type { AlarmCommits } from './alarmCommits.ts';
import { type AlarmInput, type AlarmPoint, type Transition, transition } from './alarmMachine.ts';
import { consequentialOfGrid, gridOut, type Point, type Points } from './alarmPoints.ts';
import { type AlarmChange, type Opening, writeEffects } from './alarmWriter.ts';
import { RaiseMessages } from './raiseMessages.ts';
import { TransitionBatch } from './transitionBatch.ts';

/**
 * Transitions per transaction in a storm: enough that a flood costs few durable writes, few enough that
 * the write lock is held briefly (the telemetry writer shares the SQLite file) and the first alarms of a
 * storm reach operators without waiting for the whole backlog.
 */
const MAX_BATCH = 500;

/** A raise or a clear waiting for the next batch, with the value that caused it. */
interface Pending {
  point: Point;
  change: 'raise' | 'clear';
  ts: number;
  value: number | null;
}

/** The machine's view of an occurrence (or of none) and its point. */
const pointOf = (alarm: Alarm | null | undefined, outOfService: boolean): AlarmPoint => ({
  occurrence: alarm ? { state: alarm.state, suppressed: alarm.suppressed } : null,
  shelvedUntil: alarm?.shelvedUntil ?? null,
  outOfService,
  outOfServiceUntil: (outOfService && alarm?.outOfServiceUntil) || null,
});

/** What the engine holds that a transition reads (its open occurrences are kept by the commits' hooks). */
export interface EngineState {
  /** Open occurrences by point key. */
  readonly open: Map<string, Alarm>;
  /** Alarm points out of service, by point key. */
  readonly outOfService: ReadonlyMap<string, unknown>;
  /** Devices in maintenance: none of their points raises. */
  maintenance(): ReadonlySet<string>;
  points(): Points;
  registry(): Registry;
  readonly latest: LatestValues;
}

export class Transitions {
  readonly #state: EngineState;
  readonly #commits: AlarmCommits;
  /** Transitions waiting for the next batch. */
  readonly #pending: Pending[] = [];
  readonly #messages = new RaiseMessages();

  constructor(state: EngineState, commits: AlarmCommits) {
    this.#state = state;
    this.#commits = commits;
  }

  /**
   * Queues a transition with the value that caused it (later samples may change point.value first).
   * The transitions waiting when the queue gets to them are committed in one transaction (group
   * commit: an alarm storm costs one durable write per batch, not one per alarm), then announced.
   */
  queue(point: Point, change: 'raise' | 'clear', ts: number): void {
    this.#pending.push({ point, change, ts, value: point.value });
    if (this.#pending.length > 1) return;
    void this.#commits.enqueue(() => this.#drain()).catch(() => {});
  }

  async #drain(): Promise<void> {
    const items = this.#pending.splice(0, MAX_BATCH);
    if (items.length === 0) return;
    // The rest go in the next batch, queued behind this one (an operator's action waiting in the queue
    // goes between the two).
    if (this.#pending.length > 0) void this.#commits.enqueue(() => this.#drain()).catch(() => {});
    const batch = new TransitionBatch();
    if (!items.some((t) => t.point.rule.gridRoot)) {
      // A storm's usual batch: planned before the transaction opens, so that the write lock (which the
      // telemetry writer waits for) covers only the statements. Nothing else runs on the engine's state
      // meanwhile: this is the engine's queue.
      for (const t of items) this.#plan(batch, t);
      await this.#commits.batched(() => this.#commits.commit((tx) => batch.flush(tx)).then(() => {}));
      return;
    }
    await this.#commits.batched(async () => {
      const flush = async () => {
        if (batch.size > 0) await this.#commits.commit((tx) => batch.flush(tx));
      };
      for (const t of items) {
        if (!t.point.rule.gridRoot) {
          this.#plan(batch, t);
          continue;
        }
        // A grid root's transition (un)suppresses the site's other alarms, as they stand: written on its
        // own, after what the batch planned before it.
        await flush();
        if (t.change === 'raise') await this.#raise(t.point, t.ts, t.value);
        else await this.#clear(t.point, t.ts);
      }
      await flush();
    });
  }

  /** A raise or a clear planned in the batch, against the occurrence as the batch leaves it. */
  #plan(batch: TransitionBatch, { point, change, ts, value }: Pending): void {
    const planned = batch.current(point.key);
    const open = planned === undefined ? (this.#state.open.get(point.key) ?? null) : planned;
    if (change === 'clear') {
      const after = transition(pointOf(open, this.#state.outOfService.has(point.key)), { type: 'clear', ts });
      batch.plan(open, after.effects, ts);
      return;
    }
    const { input, opening, outOfService } = this.#raising(point, ts, value);
    batch.plan(open, transition(pointOf(open, outOfService), input).effects, ts, opening);
  }

  /**
   * One transition of the lifecycle: the machine decides, the writer stores what it decided (nothing
   * when it changed nothing), and `then` adds what follows from it on other alarms (suppression).
   */
  async run(
    alarm: Alarm | null,
    outOfService: boolean,
    input: AlarmInput,
    opening?: Opening,
    then?: (tx: Db, after: Transition) => Promise<AlarmChange[]>,
  ): Promise<Transition> {
    const after = transition(pointOf(alarm, outOfService), input);
    if (after.effects.length === 0) return after;
    await this.#commits.commit(async (tx) => {
      const changes = await writeEffects(tx, alarm, after.effects, input.ts, opening);
      return then ? changes.concat(await then(tx, after)) : changes;
    });
    return after;
  }

  /** What a raise of the point opens, and whether its point is out of service. */
  #raising(point: Point, ts: number, value: number | null) {
    const { rule, device } = point;
    const suppressed =
      rule.consequentialOfGrid && gridOut(this.#state.open.values(), this.#state.points(), device.siteId);
    const opening: Opening = {
      ...{ siteId: device.siteId, deviceId: device.id, ruleId: rule.id, priority: rule.priority, value },
      message: this.#messages.of(point, this.#state.registry(), this.#state.latest, value, ts),
    };
    const input = { type: 'raise', ts, suppressed } as const;
    return {
      input,
      opening,
      outOfService: this.#state.outOfService.has(point.key) || this.#state.maintenance().has(device.id),
    };
  }

  async #raise(point: Point, ts: number, value: number | null): Promise<void> {
    const { input, opening, outOfService } = this.#raising(point, ts, value);
    const open = this.#state.open.get(point.key) ?? null;
    await this.run(open, outOfService, input, opening, async (tx, after) =>
      // The root of a grid outage: the site's consequential alarms are suppressed by design.
      point.rule.gridRoot && after.effects.some((e) => e.type === 'open')
        ? this.#setSuppressed(tx, point.device.siteId, true, ts)
        : [],
    );
  }

  async #setSuppressed(tx: Db, siteId: string, suppressed: boolean, ts: number): Promise<AlarmChange[]> {
    const changes: AlarmChange[] = [];
    for (const alarm of consequentialOfGrid(this.#state.open.values(), this.#state.points(), siteId)) {
      const after = transition(pointOf(alarm, alarm.outOfService), {
        type: suppressed ? 'suppress' : 'unsuppress',
        ts,
      });
      changes.push(...(await writeEffects(tx, alarm, after.effects, ts)));
    }
    return changes;
  }

  async #clear(point: Point, ts: number): Promise<void> {
    const open = this.#state.open.get(point.key) ?? null;
    await this.run(open, this.#state.outOfService.has(point.key), { type: 'clear', ts }, undefined, async (tx) => {
      if (!point.rule.gridRoot || !open) return [];
      // This root no longer holds the grid out (its occurrence is written, not yet in #open).
      this.#state.open.delete(point.key);
      return gridOut(this.#state.open.values(), this.#state.points(), open.siteId)
        ? []
        : this.#setSuppressed(tx, open.siteId, false, ts);
    });
  }
}
