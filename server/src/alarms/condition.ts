// One alarm point's condition over time: a limit with its deadband (the alarm clears only once the value
// is back inside by the deadband) and on/off delays (the condition must hold, or be gone, that long),
// so that a value hovering at a limit does not chatter. Pure: fed samples, it says when to raise or clear.
import type { AlarmRule } from '@voltscope/shared/alarms';

type Rule = Pick<AlarmRule, 'kind' | 'threshold' | 'deadband' | 'onDelayMs' | 'offDelayMs'>;

export class PointCondition {
  readonly #rule: Rule;
  /** The debounced state: raised (active) or not. */
  active = false;
  /** Since when the raw condition has disagreed with `active` (null while it agrees). */
  #pendingSince: number | null = null;
  #previous: { ts: number; value: number } | null = null;

  constructor(rule: Rule, active = false) {
    this.#rule = rule;
    this.active = active;
  }

  /** Whether the raw condition holds for this value, with the deadband applied when clearing. */
  #holds(value: number, ts: number): boolean {
    const { kind, threshold, deadband } = this.#rule;
    switch (kind) {
      case 'high':
        return this.active ? value > threshold - deadband : value > threshold;
      case 'low':
        return this.active ? value < threshold + deadband : value < threshold;
      case 'fault_code':
        return threshold === 0 ? value !== 0 : value === threshold;
      case 'rate_of_change': {
        const previous = this.#previous;
        this.#previous = { ts, value };
        if (!previous || ts <= previous.ts) return this.active;
        const perMinute = (Math.abs(value - previous.value) * 60_000) / (ts - previous.ts);
        return this.active ? perMinute > threshold - deadband : perMinute > threshold;
      }
      default:
        return false;
    }
  }

  /** Feeds a sample; returns 'raise' or 'clear' when the debounced state changes at `ts`. */
  sample(value: number, ts: number): 'raise' | 'clear' | null {
    const holds = this.#holds(value, ts);
    if (holds === this.active) {
      this.#pendingSince = null;
      return null;
    }
    this.#pendingSince ??= ts;
    return this.check(ts);
  }

  /** Whether a pending change has waited its delay by `now` (called on samples and by the clock). */
  check(now: number): 'raise' | 'clear' | null {
    if (this.#pendingSince === null) return null;
    const delay = this.active ? this.#rule.offDelayMs : this.#rule.onDelayMs;
    if (now - this.#pendingSince < delay) return null;
    this.#pendingSince = null;
    this.active = !this.active;
    return this.active ? 'raise' : 'clear';
  }
}
