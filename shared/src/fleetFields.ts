// The seed's rules (section 5) of the fleet's forms and of the CSV import, written once: the management
// page checks a form with them before it sends it, the hub checks every body and every imported row with
// the same lists. Which seed rule serves where: required (every named field), between (coordinates,
// capacities, ratings, series ranges and periods), integer (series periods), regex (time
// zones, firmware versions, Modbus addresses), alpha and length (country codes), url (HTTP and camera
// addresses), alphaDash (site and device ids).
import type { FieldRule, FieldSpec } from './validation.ts';

const required: FieldRule = { rule: 'required' };

/** A site's or a device's own id: letters, digits, dashes and underscores (the seed's alphaDash). */
export const idRules: readonly FieldRule[] = [required, { rule: 'alphaDash' }];

/** An IANA time zone as written (`Europe/Paris`, `Asia/Tehran`); the hub also checks that it exists. */
export const TIME_ZONE_PATTERN = /^[A-Za-z]+(?:[/_-][A-Za-z0-9+-]+)*$/;

export const MAX_CAPACITY_KW = 5_000_000;

/** A site: everything but `gridLimitKw` is required. */
export const siteFields: FieldSpec<
  'id' | 'name' | 'kind' | 'timeZone' | 'country' | 'latitude' | 'longitude' | 'capacityKw' | 'gridLimitKw'
> = {
  id: idRules,
  name: [required],
  kind: [required],
  timeZone: [required, { rule: 'regex', pattern: TIME_ZONE_PATTERN }],
  country: [required, { rule: 'alpha' }, { rule: 'length', length: 2 }],
  latitude: [required, { rule: 'between', min: -90, max: 90 }],
  longitude: [required, { rule: 'between', min: -180, max: 180 }],
  capacityKw: [required, { rule: 'between', min: 0.1, max: MAX_CAPACITY_KW }],
  gridLimitKw: [{ rule: 'between', min: 0.1, max: MAX_CAPACITY_KW }],
};

/** How the hub reaches a device (OSDP: the access-control readers and sensors, over an IP gateway). */
export const deviceProtocols = ['modbus-tcp', 'iec61850', 'iec104', 'opc-ua', 'mqtt', 'http', 'rtsp', 'osdp'] as const;
export type DeviceProtocol = (typeof deviceProtocols)[number];

/** `host:port` (Modbus TCP, IEC 61850, IEC 104, OPC UA), optionally `/unit` for a Modbus unit id. */
export const HOST_PORT_PATTERN = /^[A-Za-z0-9.-]+:\d{1,5}(?:\/\d{1,3})?$/;
/** `1.2`, `4.10.3`, `2.1.0-rc1`. */
export const FIRMWARE_PATTERN = /^\d+(?:\.\d+){0,3}(?:[-+][0-9A-Za-z.]+)?$/;

/** A device: its id, type and name are required; the address's rule follows its protocol (addressRules). */
export const deviceFields: FieldSpec<'id' | 'type' | 'name' | 'protocol' | 'firmware' | 'ratedKw'> = {
  id: idRules,
  type: [required],
  name: [required],
  protocol: [required],
  firmware: [{ rule: 'regex', pattern: FIRMWARE_PATTERN }],
  ratedKw: [{ rule: 'between', min: 0.1, max: 200_000 }],
};

/** The address's rules for a protocol: a URL where the device speaks HTTP or streams video, else host:port. */
export function addressRules(protocol: string): readonly FieldRule[] {
  if (protocol === 'http') return [required, { rule: 'url' }];
  if (protocol === 'rtsp' || protocol === 'mqtt') return [required];
  return [required, { rule: 'regex', pattern: HOST_PORT_PATTERN }];
}

/** From 100 ms to a day. */
export const PERIOD_BOUNDS = { min: 100, max: 86_400_000 } as const;

/** A device's override of one series: its period is a whole number of milliseconds. */
export const seriesOverrideFields: FieldSpec<'periodMs'> = {
  periodMs: [{ rule: 'integer' }, { rule: 'between', ...PERIOD_BOUNDS }],
};

/** Putting a device into maintenance: why. */
export const maintenanceFields: FieldSpec<'reason'> = { reason: [required] };

/** An ingest key: its name. */
export const ingestKeyFields: FieldSpec<'name'> = { name: [required] };
