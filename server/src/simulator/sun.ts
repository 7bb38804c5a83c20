// Sun position (NOAA's solar calculator equations) and clear-sky irradiance (Meinel's beam model with
// an isotropic-sky transposition onto a tilted plane).
const RAD = Math.PI / 180;
const SOLAR_CONSTANT = 1361;

export interface SunPosition {
  /** Degrees from the vertical; over 90 means the sun is below the horizon. */
  zenith: number;
  /** Degrees clockwise from north. */
  azimuth: number;
}

export function sunPosition(latitude: number, longitude: number, time: number): SunPosition {
  const jd = time / 86_400_000 + 2_440_587.5;
  const t = (jd - 2_451_545) / 36_525;
  const l0 = (280.46646 + t * (36_000.76983 + t * 0.0003032)) % 360;
  const m = 357.52911 + t * (35_999.05029 - 0.0001537 * t);
  const e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const c =
    Math.sin(m * RAD) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    Math.sin(2 * m * RAD) * (0.019993 - 0.000101 * t) +
    Math.sin(3 * m * RAD) * 0.000289;
  const omega = 125.04 - 1934.136 * t;
  const lambda = l0 + c - 0.00569 - 0.00478 * Math.sin(omega * RAD);
  const epsilon =
    23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60 + 0.00256 * Math.cos(omega * RAD);
  const declination = Math.asin(Math.sin(epsilon * RAD) * Math.sin(lambda * RAD));
  const y = Math.tan((epsilon / 2) * RAD) ** 2;
  const equationOfTime =
    (4 *
      (y * Math.sin(2 * l0 * RAD) -
        2 * e * Math.sin(m * RAD) +
        4 * e * y * Math.sin(m * RAD) * Math.cos(2 * l0 * RAD) -
        0.5 * y * y * Math.sin(4 * l0 * RAD) -
        1.25 * e * e * Math.sin(2 * m * RAD))) /
    RAD;
  const minutesUtc = (time % 86_400_000) / 60_000;
  const trueSolarTime = (((minutesUtc + equationOfTime + 4 * longitude) % 1440) + 1440) % 1440;
  const hourAngle = (trueSolarTime / 4 - 180) * RAD;
  const phi = latitude * RAD;
  const cosZenith = Math.sin(phi) * Math.sin(declination) + Math.cos(phi) * Math.cos(declination) * Math.cos(hourAngle);
  const zenith = Math.acos(Math.min(1, Math.max(-1, cosZenith)));
  const azimuthRad = Math.atan2(
    Math.sin(hourAngle),
    Math.cos(hourAngle) * Math.sin(phi) - Math.tan(declination) * Math.cos(phi),
  );
  return { zenith: zenith / RAD, azimuth: (((azimuthRad / RAD + 180) % 360) + 360) % 360 };
}

export interface Irradiance {
  /** Global horizontal, W/m². */
  ghi: number;
  /** Plane of array (the modules' tilted plane), W/m². */
  poa: number;
}

/** Clear-sky irradiance for a sun position on a plane of `tilt` degrees facing `panelAzimuth`. */
export function clearSky(sun: SunPosition, tilt: number, panelAzimuth: number, albedo = 0.2): Irradiance {
  if (sun.zenith >= 90) return { ghi: 0, poa: 0 };
  const cosZ = Math.cos(sun.zenith * RAD);
  // Kasten–Young air mass, then Meinel's beam attenuation.
  const airMass = 1 / (cosZ + 0.50572 * (96.07995 - sun.zenith) ** -1.6364);
  const dni = SOLAR_CONSTANT * 0.7 ** (airMass ** 0.678);
  const dhi = 0.1 * dni;
  const ghi = dni * cosZ + dhi;
  const cosIncidence =
    cosZ * Math.cos(tilt * RAD) +
    Math.sin(sun.zenith * RAD) * Math.sin(tilt * RAD) * Math.cos((sun.azimuth - panelAzimuth) * RAD);
  const poa =
    dni * Math.max(0, cosIncidence) +
    (dhi * (1 + Math.cos(tilt * RAD))) / 2 +
    (ghi * albedo * (1 - Math.cos(tilt * RAD))) / 2;
  return { ghi, poa };
}
