// What an inverter tile says: its status from the live `state`, `fault_code` and `ac_power` series, the
// age of those values and the hub's view of the device (offline, maintenance), and its output as a share
// of its rating. Pure, so that every combination is tested.
import { type DeviceState, faultCodes, inverterStates } from '@voltscope/shared/fleet';

export const inverterStatuses = ['running', 'standby', 'fault', 'maintenance', 'offline', 'stale', 'noData'] as const;
export type InverterStatus = (typeof inverterStatuses)[number];

/** The colour of each status, named by meaning (app/theme.ts): grey in the control-room palette. */
export const inverterStatusColor: Record<InverterStatus, string> = {
  running: 'running',
  standby: 'gray',
  fault: 'fault',
  maintenance: 'blue',
  offline: 'dark',
  stale: 'warning',
  noData: 'gray',
};

export interface InverterReading {
  power: { value: number; age: number } | null;
  state: { value: number; age: number } | null;
  fault: { value: number; age: number } | null;
  ratedKw: number | null;
  /** The hub's status of the device (from the KPIs), if known. */
  deviceState: DeviceState | null;
  /** Past this age (ms) a live value is stale. */
  staleAfterMs: number;
}

export interface InverterView {
  status: InverterStatus;
  /** ac_power / rating, 0..1 (null without a rating or a value). */
  load: number | null;
  /** A fault code worth showing (non-zero), or null. */
  faultCode: number | null;
}

export function inverterView(r: InverterReading): InverterView {
  const load = r.power && r.ratedKw && r.ratedKw > 0 ? Math.max(0, Math.min(1.2, r.power.value / r.ratedKw)) : null;
  const code = r.fault && r.fault.value !== faultCodes.none ? r.fault.value : null;
  if (r.deviceState === 'maintenance') return { status: 'maintenance', load, faultCode: code };
  const newest = Math.min(r.power?.age ?? Number.POSITIVE_INFINITY, r.state?.age ?? Number.POSITIVE_INFINITY);
  if (!r.power && !r.state)
    return { status: r.deviceState === 'offline' ? 'offline' : 'noData', load, faultCode: null };
  if (newest > r.staleAfterMs)
    return { status: r.deviceState === 'offline' ? 'offline' : 'stale', load, faultCode: code };
  if (r.state?.value === inverterStates.fault || code !== null) return { status: 'fault', load, faultCode: code };
  if (r.state?.value === inverterStates.running || (r.state === null && (r.power?.value ?? 0) > 0))
    return { status: 'running', load, faultCode: null };
  return { status: 'standby', load, faultCode: null };
}

/** The name of a fault code in `faultCodes` (for its translation), or null for an unknown one. */
export function faultName(code: number): Exclude<keyof typeof faultCodes, 'none'> | null {
  for (const [name, value] of Object.entries(faultCodes)) {
    if (value === code && name !== 'none') return name as Exclude<keyof typeof faultCodes, 'none'>;
  }
  return null;
}
