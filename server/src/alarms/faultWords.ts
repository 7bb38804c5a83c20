// The words a fault-code alarm's message fills besides the device's name, taken from the engine's newest
// values of the device's peers at the moment of the fault (engine.ts raises with them).
import type { LocalisedText } from '@voltscope/shared/alarms';
import { decodeFault, faultText, powerLostText } from '@voltscope/shared/faultCodes';
import type { Device } from '@voltscope/shared/fleet';
import { languages } from '@voltscope/shared/i18n';
import { asIf, type Registry } from '../fleet/registry.ts';
import type { LatestValues } from '../live/latest.ts';

/** How recent a peer's sample must be to say what it produces at a fault's moment. */
const PEER_FRESH_MS = 60_000;

/**
 * `{fault}`, the code decoded for the device's model in each language ("insulation fault (103)"); `{lost}`,
 * the power lost ("350 kW"). The power lost is estimated from the device's healthy peers now (same type and
 * site, fault code 0, a sample within a minute of the fault): their mean power, scaled to this device's
 * rating, is what it would produce had it not tripped, under the same sun or wind. Not what it produced
 * before it tripped: the engine holds only the newest values, and the newest power of a unit that tripped
 * is already 0 (and what it made minutes before says less about the minutes after than its neighbours
 * do). "—" without a healthy peer to go by.
 */
export function faultWords(
  registry: Registry,
  latest: LatestValues,
  device: Device,
  code: number | null,
  ts: number,
): Record<string, string | LocalisedText> {
  const fault = decodeFault(code ?? 0, device.model);
  const peers: number[] = [];
  for (const peer of registry.peersOf(device)) {
    const power = registry.powerSeriesOf(peer.id);
    const codeSeries = registry.seriesIdByKey(`${peer.id}/fault_code`);
    const sample = power && latest.get(power.id);
    const healthy = codeSeries === undefined || (latest.get(codeSeries)?.value ?? 0) === 0;
    if (sample && healthy && Math.abs(sample.ts - ts) <= PEER_FRESH_MS) peers.push(asIf(device, peer, sample.value));
  }
  const kw = peers.length > 0 ? Math.round(peers.reduce((a, b) => a + b, 0) / peers.length) : null;
  const lost = Object.fromEntries(languages.map((lng) => [lng, powerLostText(kw, lng)])) as LocalisedText;
  return {
    fault: Object.fromEntries(languages.map((lng) => [lng, faultText(fault, lng)])) as LocalisedText,
    lost,
  };
}
