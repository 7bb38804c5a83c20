// Photovoltaic physics: module temperature (NOCT model), DC power with its temperature coefficient,
// MPP voltage, and the inverter's conversion losses and clipping at its AC rating.

export const PV = {
  /** Nominal operating cell temperature, °C (IEC 61215 conditions: 800 W/m², 20 °C, 1 m/s). */
  noct: 45,
  /** Power temperature coefficient of crystalline silicon, per °C. */
  gammaPower: -0.0037,
  /** MPP voltage temperature coefficient, per °C. */
  betaVoltage: -0.0032,
  /** Soiling, mismatch and DC wiring losses. */
  dcLosses: 0.03,
  /** MPP voltage of a string at standard test conditions, V (1500 V systems). */
  vmpStc: 1100,
  /** Open-circuit over MPP voltage. */
  vocRatio: 1.22,
} as const;

export function moduleTemperature(ambient: number, poa: number, windSpeed: number): number {
  // Wind cools the modules: about 1.5 °C per m/s above the 1 m/s of NOCT conditions, never below ambient.
  const rise = (poa * (PV.noct - 20)) / 800;
  return ambient + Math.max(0, rise - 1.5 * Math.max(0, windSpeed - 1) * (poa / 1000));
}

/** Available DC power in kW of an array of `dcKw` peak at a plane-of-array irradiance and module temperature. */
export function dcPower(dcKw: number, poa: number, moduleTemp: number): number {
  if (poa <= 0) return 0;
  return dcKw * (poa / 1000) * (1 + PV.gammaPower * (moduleTemp - 25)) * (1 - PV.dcLosses);
}

/** MPP voltage of a string: falls with temperature, and slightly at low light. */
export function mppVoltage(poa: number, moduleTemp: number): number {
  if (poa < 5) return 0;
  return PV.vmpStc * (1 + PV.betaVoltage * (moduleTemp - 25)) * (1 + 0.04 * Math.log(Math.max(poa, 20) / 1000));
}

export interface InverterOutput {
  ac: number;
  /** DC power actually drawn: below the available power when the inverter clips. */
  dc: number;
  clipping: boolean;
}

/**
 * Inverter conversion: fixed, linear and quadratic losses (about 98 % efficient at mid load), the AC
 * output capped at the rating. When clipping, the inverter moves off the maximum power point and draws
 * only what it can deliver.
 */
export function invert(availableDc: number, acRated: number): InverterOutput {
  if (availableDc < acRated * 0.005) return { ac: 0, dc: 0, clipping: false };
  const loss = (p: number) => acRated * (0.004 + 0.006 * (p / acRated) + 0.012 * (p / acRated) ** 2);
  const ac = availableDc - loss(availableDc);
  if (ac <= acRated) return { ac: Math.max(0, ac), dc: availableDc, clipping: false };
  return { ac: acRated, dc: acRated + loss(acRated), clipping: true };
}
