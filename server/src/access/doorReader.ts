// A simulated door reader: badges shown (crews in the morning and evening, contractors by day, at site
// local time), the door opening a few seconds on a grant, now and then held open past 30 s, rarely forced
// (more likely at night), and occasional refusals. It yields the reader's series and the access records.
// Refusals, held-open and forced doors scale with the simulator's fault rate (0: none but on demand).
import type { AccessDenial, AccessResult } from '@voltscope/shared/contracts/access';
import type { Badge } from './roster.ts';

/** A door reader's entry as a source hands it over (the hub gives it its id). */
export interface AccessRecord {
  siteId: string;
  deviceId: string;
  ts: number;
  badge: string | null;
  person: string | null;
  holder: string | null;
  result: AccessResult;
  reason: AccessDenial | null;
}

/** A door open longer than this without closing is held open (the usual reader default). */
export const HELD_OPEN_MS = 30_000;
/** Denials counted by the `access_denied` series. */
export const DENIAL_WINDOW_MS = 300_000;

export interface DoorStep {
  now: number;
  dt: number;
  /** The simulator's fault rate scale. */
  scale: number;
  /** Until when the site's main gate is forced on demand (the simulator's `doorForced` fault); 0: not. */
  forcedUntil: number;
  record: ((record: AccessRecord) => void) | undefined;
}

export interface DoorState {
  open: number;
  forced: number;
  heldOpen: number;
  denied: number;
}

/** Badges shown per hour at a local hour: crews arrive 6–9 and leave 16–20; contractors work by day. */
function badgesPerHour(hour: number, mainGate: boolean): number {
  if (!mainGate) return hour >= 7 && hour < 18 ? 1.5 : 0.05;
  if ((hour >= 6 && hour < 9) || (hour >= 16 && hour < 20)) return 8;
  return hour >= 9 && hour < 16 ? 3 : 0.1;
}

const pick = <T>(items: readonly T[], random: () => number): T | undefined =>
  items[Math.floor(random() * items.length)];

export class DoorReader {
  readonly #siteId: string;
  readonly #deviceId: string;
  readonly #mainGate: boolean;
  readonly #roster: readonly Badge[];
  readonly #hourOf: (now: number) => number;
  /** Its own seeded stream: door traffic leaves the plant's faults as they were. */
  readonly #random: () => number;
  #openUntil = 0;
  #openedAt = 0;
  #forcedUntil = 0;
  #heldReported = false;
  /** Forced by the simulator's fault switch: lasts as long as the fault. */
  #onDemand = false;
  #holder: Badge | null = null;
  readonly #denials: number[] = [];

  constructor(
    siteId: string,
    deviceId: string,
    mainGate: boolean,
    roster: readonly Badge[],
    hourOf: (now: number) => number,
    random: () => number,
  ) {
    this.#random = random;
    this.#siteId = siteId;
    this.#deviceId = deviceId;
    this.#mainGate = mainGate;
    this.#roster = roster;
    this.#hourOf = hourOf;
  }

  step(step: DoorStep): DoorState {
    // The fault switch forces the main gate only.
    const s = this.#mainGate ? step : { ...step, forcedUntil: 0 };
    const hour = this.#hourOf(s.now);
    const night = hour < 6 || hour >= 21;
    const chance = (perHour: number) => this.#random() < (perHour * s.dt) / 3600;
    const scale = Math.min(1, s.scale);
    const open = s.now < this.#openUntil;

    if (!open && (s.forcedUntil > s.now || chance((night ? 0.06 : 0.01) * s.scale))) {
      // Forced: the door opens without a grant, for the fault's time or up to a minute.
      this.#onDemand = s.forcedUntil > s.now;
      this.#forcedUntil = this.#onDemand ? s.forcedUntil : s.now + (10 + this.#random() * 50) * 1000;
      this.#open(s.now, this.#forcedUntil, null);
      this.#emit(s, { badge: null, person: null, holder: null, result: 'forced', reason: null });
    } else if (!open && chance(badgesPerHour(hour, this.#mainGate))) {
      this.#present(s, hour, scale);
    }
    if (this.#onDemand && s.forcedUntil <= s.now) {
      // The on-demand fault ended (or was ended): the door closes.
      this.#onDemand = false;
      this.#forcedUntil = Math.min(this.#forcedUntil, s.now);
      this.#openUntil = Math.min(this.#openUntil, s.now);
    }
    const nowOpen = s.now < this.#openUntil;
    const forced = s.now < this.#forcedUntil;
    const held = nowOpen && !forced && s.now - this.#openedAt >= HELD_OPEN_MS;
    if (held && !this.#heldReported) {
      this.#heldReported = true;
      const b = this.#holder;
      this.#emit(s, {
        badge: b?.badge ?? null,
        person: b?.person ?? null,
        holder: b?.holder ?? null,
        result: 'held_open',
        reason: null,
      });
    }
    while ((this.#denials[0] ?? Number.POSITIVE_INFINITY) <= s.now - DENIAL_WINDOW_MS) this.#denials.shift();
    return { open: nowOpen ? 1 : 0, forced: forced ? 1 : 0, heldOpen: held ? 1 : 0, denied: this.#denials.length };
  }

  /** A badge shown: now and then one refused (unknown, expired, revoked, out of hours, wrong door). */
  #present(s: DoorStep, hour: number, scale: number): void {
    const inHours = (b: Badge) => hour >= b.hours[0] && hour < b.hours[1];
    const opens = (b: Badge) => b.status === 'valid' && inHours(b) && (this.#mainGate || !b.gateOnly);
    if (this.#random() < 0.12 * scale) {
      const refusals: { badge: Badge | null; reason: AccessDenial }[] = [
        { badge: null, reason: 'unknown_badge' },
        ...this.#roster
          .filter((b) => b.status !== 'valid')
          .map((b) => ({ badge: b, reason: b.status as AccessDenial })),
        ...this.#roster
          .filter((b) => b.status === 'valid' && !inHours(b))
          .map((b) => ({ badge: b, reason: 'outside_schedule' as const })),
        ...(this.#mainGate
          ? []
          : this.#roster
              .filter((b) => b.status === 'valid' && b.gateOnly)
              .map((b) => ({ badge: b, reason: 'wrong_door' as const }))),
      ];
      const refusal = pick(refusals, this.#random) ?? { badge: null, reason: 'unknown_badge' };
      const badge =
        refusal.badge?.badge ??
        `${this.#siteId.slice(0, 2).toUpperCase()}-9${String(Math.floor(this.#random() * 10_000)).padStart(4, '0')}`;
      this.#denials.push(s.now);
      this.#emit(s, {
        badge,
        person: refusal.badge?.person ?? null,
        holder: refusal.badge?.holder ?? null,
        result: 'denied',
        reason: refusal.reason,
      });
      return;
    }
    const holder = pick(this.#roster.filter(opens), this.#random);
    if (!holder) return;
    // Open a few seconds to walk through; now and then propped open well past the held-open limit.
    const seconds = this.#random() < 0.03 * scale ? 45 + this.#random() * 105 : 3 + this.#random() * 5;
    this.#open(s.now, s.now + seconds * 1000, holder);
    this.#emit(s, {
      badge: holder.badge,
      person: holder.person,
      holder: holder.holder,
      result: 'granted',
      reason: null,
    });
  }

  #open(now: number, until: number, holder: Badge | null): void {
    this.#openedAt = now;
    this.#openUntil = until;
    this.#holder = holder;
    this.#heldReported = false;
  }

  #emit(s: DoorStep, entry: Omit<AccessRecord, 'siteId' | 'deviceId' | 'ts'>): void {
    s.record?.({ siteId: this.#siteId, deviceId: this.#deviceId, ts: s.now, ...entry });
  }
}
