// A row's state and last word between two reads of the list, from the live frames: its series' newest
// samples in the client's live store, judged by the hub's own rule (shared/src/deviceStatus.ts). Read
// at most once a second by one shared clock (secondClock.ts), never per sample: the status grid's rows
// and the device page.
import { FAULT_STATE, statusOf } from '@voltscope/shared/deviceStatus';
import type { Series } from '@voltscope/shared/fleet';
import type { Reply } from '../session/api.ts';

type StatusRow = Reply<'GET /api/devices/status'>[number];

/** What the live rule needs of a device's series. */
export interface DeviceSeriesInfo {
  ids: number[];
  /** The longest period of its series. */
  periodMs: number;
  /** Its `state` series (an inverter's or a turbine's), whose value 2 is a fault. */
  stateId: number | null;
}

export function indexSeries(
  series: readonly Pick<Series, 'id' | 'deviceId' | 'key' | 'periodMs'>[],
): Map<string, DeviceSeriesInfo> {
  const index = new Map<string, DeviceSeriesInfo>();
  for (const s of series) {
    const info = index.get(s.deviceId) ?? { ids: [], periodMs: 1000, stateId: null };
    info.ids.push(s.id);
    info.periodMs = Math.max(info.periodMs, s.periodMs);
    if (s.key === 'state') info.stateId = s.id;
    index.set(s.deviceId, info);
  }
  return index;
}

export interface LatestReader {
  latest(seriesId: number): { ts: number; value: number } | null;
}

/** The row's state and last word now: the list's, overtaken by any newer sample of its series. */
export function liveStatus(
  row: Pick<StatusRow, 'state' | 'lastSeen' | 'maintenance'>,
  info: DeviceSeriesInfo | undefined,
  live: LatestReader,
  now: number,
): Pick<StatusRow, 'state' | 'lastSeen'> {
  if (!info) return { state: row.state, lastSeen: row.lastSeen };
  let lastSeen = row.lastSeen;
  for (const id of info.ids) {
    const ts = live.latest(id)?.ts;
    if (ts !== undefined && (lastSeen === null || ts > lastSeen)) lastSeen = ts;
  }
  const state = info.stateId === null ? null : live.latest(info.stateId);
  // Without a live `state` sample, the list's word on a fault stands.
  const faulted = state ? state.value === FAULT_STATE : row.state === 'fault';
  const maintenance = row.maintenance !== null;
  return { state: statusOf({ maintenance, lastSeen, periodMs: info.periodMs, faulted }, now), lastSeen };
}
