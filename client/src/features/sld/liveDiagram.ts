// The diagram's live state written into the drawn SVG: each frame (at most every 400 ms, by the site's
// LiveBinder) reads the switches' positions, the grid's voltage and each symbol's shown series, evaluates
// the energisation once and writes attributes and text only where they changed. Alarms come from the
// alarm feed's store (a change of an alarm, not a frame), written the same way.
import type { Alarm, AlarmPriority } from '@voltscope/shared/alarms';
import type { Device, SeriesEntry } from '@voltscope/shared/fleet';
import type { Language } from '@voltscope/shared/i18n';
import { type Energy, sourceFromVoltages, Topology } from '@voltscope/shared/sld/energise';
import { type Diagram, flowKey, isSwitch, POSITION_KEY, type SldSymbol } from '@voltscope/shared/sld/model';
import { isPresented, isUnacknowledged } from '../../alarmFeed/alarmView.ts';
import { isActiveAlarm } from '../../alarmFeed/siteAlarms.ts';
import { formatNumber } from '../../i18n/format.ts';
import { staleAfterMs } from '../../live/ageWatchdog.ts';
import { type LiveBinder, setAttr, setText } from '../overview/liveBinding.ts';
import { alarmMarkRef } from './glyphs.tsx';

export type Position = 'closed' | 'open' | 'tripped' | 'unknown';

export interface SiteIndex {
  devices: Map<string, Device>;
  /** A device's series by key. */
  series(deviceId: string, key: string): SeriesEntry | undefined;
  seriesOf(deviceId: string): SeriesEntry[];
}

export function indexSite(devices: readonly Device[], series: readonly SeriesEntry[]): SiteIndex {
  const byKey = new Map(series.map((s) => [`${s.deviceId}/${s.key}`, s]));
  const byDevice = new Map<string, SeriesEntry[]>();
  for (const s of series) byDevice.set(s.deviceId, [...(byDevice.get(s.deviceId) ?? []), s]);
  return {
    devices: new Map(devices.map((d) => [d.id, d])),
    series: (deviceId, key) => byKey.get(`${deviceId}/${key}`),
    seriesOf: (deviceId) => byDevice.get(deviceId) ?? [],
  };
}

/** A series' newest value, or null when it has none or it is too old to trust. */
export function freshValue(
  binder: LiveBinder,
  entry: Pick<SeriesEntry, 'id' | 'periodMs'> | undefined,
  now: number,
): number | null {
  if (!entry) return null;
  const reading = binder.read(entry.id, now);
  if (!reading || reading.age > staleAfterMs(entry.periodMs)) return null;
  return reading.value;
}

/** Digits worth showing for a value of a unit. */
const digitsOf = (value: number): number => (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);

export const formatValue = (lng: Language, value: number, unit: string): string =>
  `${formatNumber(lng, value, digitsOf(value))}${unit ? ` ${unit}` : ''}`;

/** Where the elements of a drawn diagram are, by symbol and connection id. */
export interface DrawnDiagram {
  symbol(id: string): SVGGElement | null;
  wire(id: string): SVGPathElement | null;
  value(symbolId: string, index: number): SVGTextElement | null;
  flow(symbolId: string): SVGGElement | null;
  /** The alarm mark's <use>, whose `href` names the priority's mark. */
  mark(symbolId: string): SVGUseElement | null;
}

/** What the diagram shows of a device's alarms. */
export interface DeviceAlarms {
  /** The highest priority among its alarms shown (standing, or returned but not yet acknowledged). */
  priority: AlarmPriority;
  /** One of them waits for its acknowledgement (the mark blinks). */
  unacked: boolean;
  /** Its standing alarms (a switch open with one of them is tripped). */
  active: Alarm[];
}

/**
 * Per device: its alarms as the console presents them (shelved, suppressed and out of service aside),
 * standing or returned to normal unacknowledged, as ISA-18.2 keeps both on the operator's screens.
 */
export function alarmsByDevice(alarms: readonly Alarm[], siteId: string): Map<string, DeviceAlarms> {
  const out = new Map<string, DeviceAlarms>();
  // The feed keeps them by priority then newest: the first of a device is its highest.
  for (const alarm of alarms) {
    if (alarm.siteId !== siteId || !isPresented(alarm)) continue;
    const standing = isActiveAlarm(alarm);
    if (!standing && alarm.state !== 'rtn_unacknowledged') continue;
    const entry = out.get(alarm.deviceId) ?? { priority: alarm.priority, unacked: false, active: [] };
    entry.unacked ||= isUnacknowledged(alarm);
    if (standing) entry.active.push(alarm);
    out.set(alarm.deviceId, entry);
  }
  return out;
}

/** Writes the alarm marks of every symbol. */
export function writeAlarms(diagram: Diagram, drawn: DrawnDiagram, byDevice: ReturnType<typeof alarmsByDevice>): void {
  for (const s of diagram.symbols) {
    const g = drawn.symbol(s.id);
    const entry = s.deviceId ? byDevice.get(s.deviceId) : undefined;
    setAttr(g, 'data-alarm', entry?.priority ?? null);
    if (entry) setAttr(drawn.mark(s.id), 'href', alarmMarkRef(entry.priority));
    setAttr(g, 'data-unacked', entry?.unacked ? '' : null);
  }
}

/** The update the binder runs for a diagram: positions, energisation, values, flow arrows, staleness. */
export function diagramUpdate(
  diagram: Diagram,
  index: SiteIndex,
  drawn: DrawnDiagram,
  lng: Language,
  hasOpenAlarm: (deviceId: string) => boolean,
  binder: LiveBinder,
): (now: number) => void {
  const topology = new Topology(diagram);
  return (now) => {
    const positions = new Map<string, Position>();
    const positionOf = (s: SldSymbol): Position => {
      const known = positions.get(s.id);
      if (known) return known;
      const value = s.deviceId ? freshValue(binder, index.series(s.deviceId, POSITION_KEY), now) : null;
      const position: Position =
        value === null
          ? 'unknown'
          : value >= 0.5
            ? 'closed'
            : s.deviceId && hasOpenAlarm(s.deviceId)
              ? 'tripped'
              : 'open';
      positions.set(s.id, position);
      return position;
    };
    const energy = topology.evaluate({
      closed: (s) => {
        const p = positionOf(s);
        return p === 'unknown' ? null : p === 'closed';
      },
      sourceLive: (source) =>
        sourceFromVoltages(diagram, source, (deviceId) => {
          const entry = index.series(deviceId, 'grid_voltage');
          return entry ? freshValue(binder, entry, now) : undefined;
        }),
    });
    for (const c of diagram.connections)
      setAttr(drawn.wire(c.id), 'data-energy', energy.connections.get(c.id) ?? 'unknown');
    for (const s of diagram.symbols) {
      const g = drawn.symbol(s.id);
      setAttr(g, 'data-energy', (energy.symbols.get(s.id) ?? 'unknown') satisfies Energy);
      if (isSwitch(s.kind)) setAttr(g, 'data-position', positionOf(s));
      const device = s.deviceId ? index.devices.get(s.deviceId) : undefined;
      setAttr(
        g,
        'data-state',
        device && (device.state === 'maintenance' || device.state === 'offline') ? device.state : null,
      );
      let stale = false;
      s.show.forEach((key, i) => {
        const entry = s.deviceId ? index.series(s.deviceId, key) : undefined;
        const value = freshValue(binder, entry, now);
        if (entry && value === null) stale = true;
        setText(drawn.value(s.id, i), value === null || !entry ? '—' : formatValue(lng, value, entry.unit));
      });
      if (s.deviceId && isSwitch(s.kind) && positionOf(s) === 'unknown' && index.series(s.deviceId, POSITION_KEY))
        stale = true;
      setAttr(g, 'data-stale', stale ? '' : null);
      // The power's direction: positive towards the grid (up the drawing), by the flow series or a load.
      const key = device ? (flowKey[device.type] ?? (device.type === 'transformer' ? 'load' : undefined)) : undefined;
      const flow = key && s.deviceId ? freshValue(binder, index.series(s.deviceId, key), now) : null;
      setAttr(drawn.flow(s.id), 'data-flow', flow === null || Math.abs(flow) < 1e-6 ? null : flow > 0 ? 'up' : 'down');
    }
  };
}
