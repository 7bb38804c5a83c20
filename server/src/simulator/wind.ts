// Wind physics: Weibull-distributed mean wind, a turbine power curve with cut-in, rated and cut-out
// speeds, and the rotor speed and blade pitch a variable-speed pitch-regulated turbine shows.

export interface TurbineSpec {
  ratedKw: number;
  cutIn: number;
  rated: number;
  cutOut: number;
  /** Restart after a storm stop only below this speed (hysteresis). */
  reconnect: number;
  rotorRadius: number;
  ratedRpm: number;
  minRpm: number;
}

export const turbine3MW: TurbineSpec = {
  ratedKw: 3000,
  cutIn: 3,
  rated: 12.5,
  cutOut: 25,
  reconnect: 20,
  rotorRadius: 56,
  ratedRpm: 15.7,
  minRpm: 6,
};

/** The Weibull quantile: maps u in (0, 1) to a wind speed with shape k and scale c (m/s). */
export function weibullQuantile(u: number, k: number, c: number): number {
  const clamped = Math.min(0.9999, Math.max(0.0001, u));
  return c * (-Math.log(1 - clamped)) ** (1 / k);
}

/** Electrical power in kW at a hub-height wind speed (cubic between cut-in and rated). */
export function powerCurve(spec: TurbineSpec, speed: number): number {
  if (speed < spec.cutIn || speed >= spec.cutOut) return 0;
  if (speed >= spec.rated) return spec.ratedKw;
  return (spec.ratedKw * (speed ** 3 - spec.cutIn ** 3)) / (spec.rated ** 3 - spec.cutIn ** 3);
}

/** Rotor speed: tracks the optimal tip-speed ratio (about 8) below rated, held at rated above. */
export function rotorSpeed(spec: TurbineSpec, speed: number): number {
  if (speed < spec.cutIn) return 0;
  const optimal = (speed * 8 * 60) / (2 * Math.PI * spec.rotorRadius);
  return Math.min(spec.ratedRpm, Math.max(spec.minRpm, optimal));
}

/** Blade pitch in degrees: 0 below rated; above it the blades turn to shed the excess. */
export function pitchAngle(spec: TurbineSpec, speed: number): number {
  if (speed < spec.cutIn) return 80;
  if (speed < spec.rated) return 0;
  return Math.min(30, 2.2 * (speed - spec.rated) + 1.5 * Math.sqrt(speed - spec.rated));
}
