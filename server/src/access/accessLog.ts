// The site access log: each entry a door reader reports is stored, then pushed to whoever follows its site;
// when an alarm of a door reader's access rule is raised (door forced, held open, denials), the entry that
// raised it gets the alarm's id and is pushed again. Entries are written one after another, so an alarm
// (raised from the samples of the same simulator step, after their commit) always finds its entry stored.
import type { AccessEvent, AccessResult } from '@voltscope/shared/contracts/access';
import type { AlarmEngine } from '../alarms/engine.ts';
import type { Db } from '../store/db.ts';
import type { AccessRecord } from './doorReader.ts';
import { insertAccessEvent, linkAlarm } from './store.ts';

export interface AccessLogDeps {
  db: Db;
  alarms: AlarmEngine;
  /** Hands a stored (or updated) entry to the sockets following its site. */
  push: (event: AccessEvent) => void;
  log: { error(details: object, message: string): void };
}

/** The access log's series, and the entries whose alarms they raise. */
const resultOfSeries: Record<string, AccessResult> = {
  door_forced: 'forced',
  door_held_open: 'held_open',
  access_denied: 'denied',
};

/** How far back an alarm looks for the entry that raised it. */
const LINK_WINDOW_MS = 10 * 60_000;

export class AccessLog {
  readonly #deps: AccessLogDeps;
  /** The writes in order: each waits for the one before. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(deps: AccessLogDeps) {
    this.#deps = deps;
    deps.alarms.on('change', ({ alarm, event }) => {
      if (!alarm || event.type !== 'alarm_raised') return;
      const rule = deps.alarms.rules().find((r) => r.id === alarm.ruleId);
      const result = rule?.seriesKey ? resultOfSeries[rule.seriesKey] : undefined;
      if (!result || rule?.deviceType !== 'door_reader') return;
      this.#then(async () => {
        const linked = await linkAlarm(deps.db, alarm.deviceId, result, alarm.raisedAt - LINK_WINDOW_MS, alarm.id);
        if (linked) deps.push(linked);
      });
    });
  }

  /** Stores a reader's entry and pushes it; resolves with it once stored. */
  record(record: AccessRecord): Promise<AccessEvent | null> {
    return this.#then(async () => {
      const event = await insertAccessEvent(this.#deps.db, record);
      this.#deps.push(event);
      return event;
    });
  }

  /** Resolves once every entry handed over so far is stored. */
  flush(): Promise<unknown> {
    return this.#queue;
  }

  #then<T>(work: () => Promise<T>): Promise<T | null> {
    const next = this.#queue.then(work).catch((error: unknown) => {
      this.#deps.log.error({ err: error }, 'access log entry not stored');
      return null;
    });
    this.#queue = next;
    return next;
  }
}
