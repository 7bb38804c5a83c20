// A device as its form edits it: fields as typed, its place in the tree, and its series with the admin's
// own range and period where they differ from its type's (empty: the type's). Turned into the hub's body
// on sending; the id and the type are written once, when the device is created.
import type { Reason } from '@voltscope/shared/errors';
import type { DeviceType } from '@voltscope/shared/fleet';
import { addressRules, deviceFields, deviceProtocols, seriesOverrideFields } from '@voltscope/shared/fleetFields';
import { checkField, type FieldSpec } from '@voltscope/shared/validation';
import type { DeviceBody, DeviceTypeInfo, ManagedDevice } from './fleetAdminApi.ts';
import { numberOf } from './siteDraft.ts';

export interface SeriesDraft {
  key: string;
  unit: string;
  /** The type's own figures, shown beside the inputs. */
  typeMin: number | null;
  typeMax: number | null;
  typePeriodMs: number | null;
  min: string;
  max: string;
  periodMs: string;
}

export interface DeviceDraft {
  id: string;
  type: DeviceType | '';
  name: string;
  model: string;
  firmware: string;
  serialNumber: string;
  ratedKw: string;
  protocol: string;
  address: string;
  parentId: string | null;
  series: SeriesDraft[];
}

const text = (value: number | null) => (value === null ? '' : String(value));

/** The type's series, each empty (the type's figures stand). */
export const seriesOfType = (info: DeviceTypeInfo | undefined): SeriesDraft[] =>
  (info?.series ?? []).map((s) => ({
    key: s.key,
    unit: s.unit,
    typeMin: s.min,
    typeMax: s.max,
    typePeriodMs: s.periodMs,
    min: '',
    max: '',
    periodMs: '',
  }));

export const newDeviceDraft = (parentId: string | null): DeviceDraft => ({
  id: '',
  type: '',
  name: '',
  model: '',
  firmware: '',
  serialNumber: '',
  ratedKw: '',
  protocol: deviceProtocols[0],
  address: '',
  parentId,
  series: [],
});

/** A device's draft: its series as they stand, an overridden one with its own figures filled in. */
export function deviceDraftOf(device: ManagedDevice, info: DeviceTypeInfo | undefined): DeviceDraft {
  const ofType = new Map((info?.series ?? []).map((s) => [s.key, s]));
  return {
    id: device.id,
    type: device.type,
    name: device.name,
    model: device.model,
    firmware: device.firmware,
    serialNumber: device.serialNumber,
    ratedKw: text(device.ratedKw),
    protocol: device.protocol,
    address: device.address,
    parentId: device.parentId,
    series: device.series.map((s) => {
      const type = ofType.get(s.key);
      return {
        key: s.key,
        unit: s.unit,
        typeMin: type?.min ?? null,
        typeMax: type?.max ?? null,
        typePeriodMs: type?.periodMs ?? null,
        min: s.overridden ? text(s.min) : '',
        max: s.overridden ? text(s.max) : '',
        periodMs: s.overridden ? text(s.periodMs) : '',
      };
    }),
  };
}

/** The rules of the form: the address's follow the protocol; the id's and type's only on creation. */
export function deviceSpec(draft: DeviceDraft, creating: boolean): FieldSpec {
  const { id, type, ...rest } = deviceFields;
  return { ...(creating ? { id, type } : {}), ...rest, address: addressRules(draft.protocol) };
}

export const isOverridden = (s: SeriesDraft) => s.min.trim() !== '' || s.max.trim() !== '' || s.periodMs.trim() !== '';

/** The field path of a row's field as the hub names it: only overridden series are sent, so a row's
 * index is its place among those (`series.0.periodMs` may be the third row). */
export const seriesPath = (series: readonly SeriesDraft[], row: number, field: 'min' | 'max' | 'periodMs') =>
  `series.${series.slice(0, row).filter(isOverridden).length}.${field}`;

/** The overridden series' periods, checked with the seed's rules, by their field path. */
export function seriesReasons(draft: DeviceDraft): Record<string, Reason> {
  const found: Record<string, Reason> = {};
  draft.series.forEach((s, row) => {
    const reason = isOverridden(s) ? checkField(s.periodMs, seriesOverrideFields.periodMs) : null;
    if (reason) found[seriesPath(draft.series, row, 'periodMs')] = reason;
  });
  return found;
}

export function deviceBodyOf(draft: DeviceDraft, creating: boolean): DeviceBody {
  return {
    ...(creating && { id: draft.id.trim(), type: draft.type }),
    name: draft.name.trim(),
    model: draft.model.trim(),
    firmware: draft.firmware.trim(),
    serialNumber: draft.serialNumber.trim(),
    ratedKw: numberOf(draft.ratedKw),
    protocol: draft.protocol,
    address: draft.address.trim(),
    parentId: draft.parentId,
    series: draft.series.filter(isOverridden).map((s) => ({
      key: s.key,
      min: numberOf(s.min),
      max: numberOf(s.max),
      periodMs: numberOf(s.periodMs),
    })),
  };
}
