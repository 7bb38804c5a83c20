// Faults as timed conditions: each starts at random with a rate per hour and lasts a random time.
// Drawn from the simulator's seeded generator, so the same seed replays the same faults.

export interface FaultRates {
  /** Multiplies every rate below; 0 switches faults off. */
  scale: number;
}

/** Rates per device (or per site) and hour, and durations in minutes [min, max]. */
export const faultCatalogue = {
  inverterTrip: { perHour: 0.002, minutes: [10, 60] },
  stringDead: { perHour: 0.0004, minutes: [120, 2880] },
  commLoss: { perHour: 0.001, minutes: [1, 20] },
  gridOutage: { perHour: 0.0008, minutes: [5, 40] },
  turbineTrip: { perHour: 0.002, minutes: [15, 120] },
  yawMisalignment: { perHour: 0.001, minutes: [60, 720] },
  /** Only when the air is near freezing. */
  icing: { perHour: 0.05, minutes: [60, 360] },
  motionAtNight: { perHour: 0.08, minutes: [0.1, 0.5] },
} as const satisfies Record<string, { perHour: number; minutes: readonly [number, number] }>;

export type FaultKind = keyof typeof faultCatalogue;

/** A condition that is on until a time. */
export class Fault {
  until = 0;
  /** Free detail, such as which fault code a trip shows or which string died. */
  detail = 0;

  active(now: number): boolean {
    return now < this.until;
  }

  /** Maybe starts (if not already on) with the kind's rate over `dtSeconds`; true when it just started. */
  maybeStart(
    kind: FaultKind,
    now: number,
    dtSeconds: number,
    random: () => number,
    rates: FaultRates,
    gate = 1,
  ): boolean {
    if (this.active(now)) return false;
    const { perHour, minutes } = faultCatalogue[kind];
    if (random() >= perHour * rates.scale * gate * (dtSeconds / 3600)) return false;
    const [low, high] = minutes;
    this.until = now + (low + random() * (high - low)) * 60_000;
    return true;
  }
}
