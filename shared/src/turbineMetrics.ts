// The series a wind turbine reports, in the order its tiles show them: the fleet builder gives every
// turbine these series, and the wind pages read them by these keys.
export const turbineMetrics = [
  'active_power',
  'wind_speed',
  'wind_direction',
  'rotor_speed',
  'pitch_angle',
  'yaw_angle',
  'nacelle_temperature',
  'state',
  'fault_code',
  'energy_today',
] as const;
export type TurbineMetric = (typeof turbineMetrics)[number];
