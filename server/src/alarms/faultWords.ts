// The words a fault-code alarm's message fills besides the device's name, taken from the engine's newest
// values of the device's peers at the moment of the fault (raiseMessages.ts raises with them). In a storm
// every inverter of a site trips at once: each device's peers and their series are looked up once per
// fleet (registry), not per raise.
import type { LocalisedText } from '@voltscope/shared/alarms';
import { decodeFault, faultText, powerLostText } from '@voltscope/shared/faultCodes';
import type { Device } from '@voltscope/shared/fleet';
import { languages } from '@voltscope/shared/i18n';
import { asIf, type Registry } from '../fleet/registry.ts';
import type { LatestValues } from '../live/latest.ts';

/** How recent a peer's sample must be to say what it produces at a fault's moment. */
const PEER_FRESH_MS = 60_000;

/** A peer of a device, with the series its power and health are read from. */
interface Peer {
  device: Device;
  power: number | undefined;
  code: number | undefined;
}

/** Each device's peers, per fleet as loaded (a new Registry after any change to the fleet). */
const peersByRegistry = new WeakMap<Registry, Map<string, readonly Peer[]>>();

function peersOf(registry: Registry, device: Device): readonly Peer[] {
  let byDevice = peersByRegistry.get(registry);
  if (!byDevice) {
    byDevice = new Map();
    peersByRegistry.set(registry, byDevice);
  }
  let peers = byDevice.get(device.id);
  if (!peers) {
    peers = registry.peersOf(device).map((peer) => ({
      device: peer,
      power: registry.powerSeriesOf(peer.id)?.id,
      code: registry.seriesIdByKey(`${peer.id}/fault_code`),
    }));
    byDevice.set(device.id, peers);
  }
  return peers;
}

/**
 * The power lost at a fault of `device` at `ts`, in kW, estimated from its healthy peers now (same type and
 * site, fault code 0, a sample within a minute of the fault): their mean power, scaled to this device's
 * rating, is what it would produce had it not tripped, under the same sun or wind. Not what it produced
 * before it tripped: the engine holds only the newest values, and the newest power of a unit that tripped
 * is already 0 (and what it made minutes before says less about the minutes after than its neighbours
 * do). Null without a healthy peer to go by.
 */
export function powerLost(registry: Registry, latest: LatestValues, device: Device, ts: number): number | null {
  let sum = 0;
  let count = 0;
  for (const peer of peersOf(registry, device)) {
    const sample = peer.power === undefined ? undefined : latest.get(peer.power);
    const healthy = peer.code === undefined || (latest.get(peer.code)?.value ?? 0) === 0;
    if (sample && healthy && Math.abs(sample.ts - ts) <= PEER_FRESH_MS) {
      sum += asIf(device, peer.device, sample.value);
      count++;
    }
  }
  return count > 0 ? Math.round(sum / count) : null;
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
