// The message a raise opens its occurrence with, built once per (point, value, power lost) and shared by
// every occurrence raised with the same words: in a storm the same fault codes come back on the same
// devices again and again, and building a message (every language, a fault's meaning, the device's name)
// was a good part of each raise's cost. A point's messages are dropped with the point (rules reloaded) or
// when the fleet changes (a device renamed); a point whose value keeps changing keeps only a few.
import type { LocalisedText } from '@voltscope/shared/alarms';
import type { Registry } from '../fleet/registry.ts';
import type { LatestValues } from '../live/latest.ts';
import { messageOf, type Point } from './alarmPoints.ts';
import { faultWords, powerLost } from './faultWords.ts';

/** Messages kept per point: a threshold alarm's value is rarely the same twice. */
const PER_POINT = 8;

interface Cached {
  registry: Registry;
  byWords: Map<string, LocalisedText>;
}

export class RaiseMessages {
  readonly #byPoint = new WeakMap<Point, Cached>();

  /** The point's message for a raise by `value` at `ts` (read only: shared between occurrences). */
  of(point: Point, registry: Registry, latest: LatestValues, value: number | null, ts: number): LocalisedText {
    const fault = point.rule.kind === 'fault_code';
    const kw = fault ? powerLost(registry, latest, point.device, ts) : null;
    let cached = this.#byPoint.get(point);
    if (!cached || cached.registry !== registry) {
      cached = { registry, byWords: new Map() };
      this.#byPoint.set(point, cached);
    }
    const key = `${value}|${kw}`;
    let message = cached.byWords.get(key);
    if (!message) {
      if (cached.byWords.size >= PER_POINT) cached.byWords.clear();
      message = Object.freeze(messageOf(point, registry, value, fault ? faultWords(point.device, value, kw) : {}));
      cached.byWords.set(key, message);
    }
    return message;
  }
}
