// The words a fault-code alarm's message fills besides the device's name, taken from the engine's newest
// values of the device's peers at the moment of the fault (raiseMessages.ts raises with them). In a storm
// every inverter of a site trips at once: each site's devices and their series are looked up once per
// fleet (registry), and what the healthy ones produce is summed once per batch, not once per raise.
import type { LocalisedText } from '@voltscope/shared/alarms';
import { decodeFault, faultText, powerLostText } from '@voltscope/shared/faultCodes';
import type { Device } from '@voltscope/shared/fleet';
import { languages } from '@voltscope/shared/i18n';
import type { Registry } from '../fleet/registry.ts';
import type { LatestValues } from '../live/latest.ts';

/** How recent a peer's sample must be to say what it produces at a fault's moment. */
const PEER_FRESH_MS = 60_000;

/** A device of a site's group (its type), with the series its power and health are read from. */
interface Member {
  device: Device;
  power: number | undefined;
  code: number | undefined;
}

/** Each site's devices by type, per fleet as loaded (a new Registry after any change to the fleet). */
const groupsByRegistry = new WeakMap<Registry, Map<string, readonly Member[]>>();

function groupOf(registry: Registry, device: Device): readonly Member[] {
  let groups = groupsByRegistry.get(registry);
  if (!groups) {
    groups = new Map();
    groupsByRegistry.set(registry, groups);
  }
  const key = `${device.siteId}|${device.type}`;
  let group = groups.get(key);
  if (!group) {
    group = registry
      .devicesOfSite(device.siteId)
      .filter((d) => d.type === device.type)
      .map((d) => ({
        device: d,
        power: registry.powerSeriesOf(d.id)?.id,
        code: registry.seriesIdByKey(`${d.id}/fault_code`),
      }));
    groups.set(key, group);
  }
  return group;
}

/** What the healthy members of a group produce at a moment: kW, and kW per rated kW of those rated. */
interface Sums {
  count: number;
  all: number;
  rated: number;
  unrated: number;
}

/**
 * A group's sums by (group, moment), kept while the caller's synchronous work lasts (a batch planned):
 * the newest values cannot change before it returns, and every inverter of a site tripping at once then
 * costs one pass over the site, not one per inverter. Cleared at the next microtask.
 */
const sumsNow = new Map<string, Sums>();

/** A member's power now, when it says what a healthy unit produces at `ts` (fault code 0, fresh sample). */
function healthyPower(latest: LatestValues, m: Member, ts: number): number | null {
  const sample = m.power === undefined ? null : latest.get(m.power);
  const healthy = m.code === undefined || (latest.get(m.code)?.value ?? 0) === 0;
  return sample && healthy && Math.abs(sample.ts - ts) <= PEER_FRESH_MS ? sample.value : null;
}

function sumsOf(registry: Registry, latest: LatestValues, device: Device, ts: number): Sums {
  const key = `${device.siteId}|${device.type}|${ts}`;
  let sums = sumsNow.get(key);
  if (!sums) {
    if (sumsNow.size === 0) queueMicrotask(() => sumsNow.clear());
    sums = { count: 0, all: 0, rated: 0, unrated: 0 };
    for (const m of groupOf(registry, device)) addTo(sums, m.device, healthyPower(latest, m, ts), 1);
    sumsNow.set(key, sums);
  }
  return sums;
}

function addTo(sums: Sums, device: Device, kw: number | null, sign: 1 | -1): void {
  if (kw === null) return;
  sums.count += sign;
  sums.all += sign * kw;
  if (device.ratedKw) sums.rated += (sign * kw) / device.ratedKw;
  else sums.unrated += sign * kw;
}

/**
 * The power lost at a fault of `device` at `ts`, in kW, estimated from its healthy peers now (same type and
 * site, fault code 0, a sample within a minute of the fault): their mean power, scaled to this device's
 * rating (`asIf`), is what it would produce had it not tripped, under the same sun or wind. Not what it
 * produced before it tripped: the engine holds only the newest values, and the newest power of a unit
 * that tripped is already 0 (and what it made minutes before says less about the minutes after than its
 * neighbours do). Null without a healthy peer to go by.
 */
export function powerLost(registry: Registry, latest: LatestValues, device: Device, ts: number): number | null {
  const group = sumsOf(registry, latest, device, ts);
  // The group's sums without the device itself (a peer is another device).
  const self = groupOf(registry, device).find((m) => m.device.id === device.id);
  const sums = { ...group };
  if (self) addTo(sums, device, healthyPower(latest, self, ts), -1);
  if (sums.count <= 0) return null;
  // asIf: a rated peer's power scaled by the ratings when this device is rated too; as it is otherwise.
  const total = device.ratedKw ? device.ratedKw * sums.rated + sums.unrated : sums.all;
  return Math.round(total / sums.count);
}

/**
 * `{fault}`, the code decoded for the device's model in each language ("insulation fault (103)"); `{lost}`,
 * the power lost (`powerLost`: "350 kW", "—" when unknown).
 */
export function faultWords(device: Device, code: number | null, kw: number | null): Record<string, LocalisedText> {
  const fault = decodeFault(code ?? 0, device.model);
  return {
    fault: Object.fromEntries(languages.map((lng) => [lng, faultText(fault, lng)])) as LocalisedText,
    lost: Object.fromEntries(languages.map((lng) => [lng, powerLostText(kw, lng)])) as LocalisedText,
  };
}
