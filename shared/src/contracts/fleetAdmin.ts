// Changing the fleet, and watching its devices: the admins' sites and devices (create, edit, move,
// decommission, restore, delete, CSV import and export), the device types' definitions, the operators'
// status grid and maintenance. Bodies are typed loosely on purpose (strings without bounds, numbers that
// may be null): the seed's rules of shared/src/fleetFields.ts judge them, so a wrong field gets the seed's
// message in the reader's language rather than a schema error.
import Type from 'typebox';
import { type AlarmPriority, alarmPriorities } from '../alarms.ts';
import { deviceTypes } from '../fleet.ts';
import { errorReplies, NoContent, Nullable, OneOf, routes } from './common.ts';
import { Device, Series } from './fleet.ts';
import { Site } from './sites.ts';

/** A device id in a path: `site.device` (the site's id, a dot, the device's own alphaDash id). */
const DevicePath = Type.Object({ id: Type.String({ minLength: 1, maxLength: 130 }) });
const SitePath = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

const Text = Type.String({ maxLength: 500 });
const NullableNumber = Nullable(Type.Number());

/** What a device's state is on the status grid: its live state, or `stale` when it reports late. */
export const deviceStatusStates = ['online', 'stale', 'offline', 'fault', 'maintenance'] as const;
export type DeviceStatusState = (typeof deviceStatusStates)[number];

/** A site as the management page lists it: every site, decommissioned ones included. */
export const ManagedSite = Type.Object({
  ...Site.properties,
  /** The most the plant may export at its grid connection, kW (null: not limited). */
  gridLimitKw: NullableNumber,
  createdAt: Type.Number(),
  /** Kept with its history, hidden from every live page and count until restored. */
  decommissionedAt: NullableNumber,
  /** Devices in service (decommissioned ones not counted). */
  deviceCount: Type.Integer(),
});

/** The fields of a site an admin writes (`id` only when it is created: it names the site for good). */
export const SiteBody = Type.Object(
  {
    id: Type.Optional(Text),
    name: Type.Optional(Text),
    kind: Type.Optional(Text),
    timeZone: Type.Optional(Text),
    /** Two letters (ISO 3166-1 alpha-2). */
    country: Type.Optional(Text),
    latitude: Type.Optional(NullableNumber),
    longitude: Type.Optional(NullableNumber),
    capacityKw: Type.Optional(NullableNumber),
    gridLimitKw: Type.Optional(NullableNumber),
  },
  { additionalProperties: false },
);

/** A device's own range or period for one of its series, over its type's. */
export const SeriesOverride = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 64 }),
    min: Type.Optional(NullableNumber),
    max: Type.Optional(NullableNumber),
    periodMs: Type.Optional(NullableNumber),
  },
  { additionalProperties: false },
);

/** A device as the management page lists it: its series as they stand (the type's, or overridden). */
export const ManagedDevice = Type.Object({
  ...Device.properties,
  firmware: Type.String(),
  serialNumber: Type.String(),
  createdAt: Type.Number(),
  decommissionedAt: NullableNumber,
  maintenance: Nullable(
    Type.Object({
      reason: Type.String(),
      since: Type.Number(),
      byUserId: Nullable(Type.Integer()),
      byName: Type.String(),
    }),
  ),
  series: Type.Array(Type.Object({ ...Series.properties, overridden: Type.Boolean() })),
});

/**
 * The fields of a device an admin writes. `id` (its own part, alphaDash: `inv23`; the full id becomes
 * `site.inv23`) and `type` only when it is created; `parentId` moves it in the site's tree.
 */
export const DeviceBody = Type.Object(
  {
    id: Type.Optional(Text),
    type: Type.Optional(Text),
    name: Type.Optional(Text),
    model: Type.Optional(Text),
    firmware: Type.Optional(Text),
    serialNumber: Type.Optional(Text),
    ratedKw: Type.Optional(NullableNumber),
    protocol: Type.Optional(Text),
    /** Where the hub reaches it: `host:port` for Modbus TCP and IEC 61850, a URL for HTTP and cameras. */
    address: Type.Optional(Text),
    parentId: Type.Optional(Nullable(Type.String({ maxLength: 130 }))),
    /** Replaces the device's overrides (an empty list: the type's ranges and periods again). */
    series: Type.Optional(Type.Array(SeriesOverride, { maxItems: 64 })),
  },
  { additionalProperties: false },
);

/** A device type: the series a device of it reports and the alarm rules it starts with. */
export const DeviceTypeInfo = Type.Object({
  type: OneOf(deviceTypes),
  /** The types a device of this type may hang under in the site's tree (empty: only at the top, see atTop). */
  parentTypes: Type.Array(OneOf(deviceTypes)),
  /** Whether it may also stand at the top of the tree, with no parent (the meter; weather and security devices). */
  atTop: Type.Boolean(),
  series: Type.Array(
    Type.Object({
      key: Type.String(),
      metric: Type.String(),
      unit: Type.String(),
      min: Type.Number(),
      max: Type.Number(),
      periodMs: Type.Integer(),
    }),
  ),
  defaultRules: Type.Array(
    Type.Object({
      name: Type.String(),
      kind: Type.String(),
      seriesKey: Nullable(Type.String()),
      threshold: NullableNumber,
      priority: OneOf(alarmPriorities),
    }),
  ),
});

/** A CSV import: the file's text, checked (and shown) before anything is written, applied on `apply`. */
export const DeviceImport = Type.Object(
  { csv: Type.String({ maxLength: 2_000_000 }), apply: Type.Boolean() },
  { additionalProperties: false },
);

/** What an import does (or would do): each row's action, each refused row with its line and reasons. */
export const ImportPreview = Type.Object({
  siteId: Type.String(),
  rows: Type.Array(
    Type.Object({
      /** Line in the file (the header is line 1). */
      line: Type.Integer(),
      deviceId: Type.String(),
      action: OneOf(['create', 'update', 'unchanged'] as const),
      /** The fields an update changes. */
      changes: Type.Array(Type.String()),
    }),
  ),
  errors: Type.Array(
    Type.Object({
      line: Type.Integer(),
      /** The column at fault (null: the row as a whole, e.g. a duplicate id). */
      field: Nullable(Type.String()),
      /** The English message (the seed's for a broken rule); `reason` lets the client word it. */
      message: Type.String(),
      reason: Type.Object({
        code: Type.String(),
        params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
      }),
    }),
  ),
  /** Written: only when asked and the whole file was right (nothing is ever half-applied). */
  applied: Type.Boolean(),
});

/** One row of the operators' status grid. */
export const DeviceStatusRow = Type.Object({
  id: Type.String(),
  siteId: Type.String(),
  type: OneOf(deviceTypes),
  name: Type.String(),
  names: Device.properties.names,
  model: Type.String(),
  firmware: Type.String(),
  state: OneOf(deviceStatusStates),
  lastSeen: NullableNumber,
  /** Share of the samples its series should have sent over the last hour (or since the hub started). */
  dataQuality: NullableNumber,
  alarms: Type.Object({
    open: Type.Integer(),
    highest: Type.Unsafe<AlarmPriority | null>({ type: ['string', 'null'], enum: [...alarmPriorities, null] }),
  }),
  maintenance: ManagedDevice.properties.maintenance,
});

export const MaintenanceBody = Type.Object({ reason: Type.Optional(Text) }, { additionalProperties: false });

const managed = { ...errorReplies };

export const fleetAdminContracts = routes({
  // Sites.
  'GET /api/admin/sites': { response: { 200: Type.Array(ManagedSite), ...managed } },
  'POST /api/sites': { body: SiteBody, response: { 201: ManagedSite, ...managed } },
  'PATCH /api/sites/:id': { params: SitePath, body: SiteBody, response: { 200: ManagedSite, ...managed } },
  'POST /api/sites/:id/decommission': { params: SitePath, response: { 200: ManagedSite, ...managed } },
  'POST /api/sites/:id/restore': { params: SitePath, response: { 200: ManagedSite, ...managed } },
  /** 409 while it has devices, open alarms or a display that shows it. */
  'DELETE /api/sites/:id': { params: SitePath, response: { 204: NoContent, ...managed } },

  // Devices.
  'GET /api/device-types': { response: { 200: Type.Array(DeviceTypeInfo), ...managed } },
  'GET /api/admin/sites/:id/devices': { params: SitePath, response: { 200: Type.Array(ManagedDevice), ...managed } },
  'POST /api/sites/:id/devices': { params: SitePath, body: DeviceBody, response: { 201: ManagedDevice, ...managed } },
  'PATCH /api/devices/:id': { params: DevicePath, body: DeviceBody, response: { 200: ManagedDevice, ...managed } },
  'POST /api/devices/:id/decommission': { params: DevicePath, response: { 200: ManagedDevice, ...managed } },
  'POST /api/devices/:id/restore': { params: DevicePath, response: { 200: ManagedDevice, ...managed } },
  /** 409 while open alarms refer to it or devices hang under it: decommission it instead. */
  'DELETE /api/devices/:id': { params: DevicePath, response: { 204: NoContent, ...managed } },
  // 422: the file has refused rows (the preview lists them; nothing was written).
  'POST /api/sites/:id/devices/import': {
    params: SitePath,
    body: DeviceImport,
    response: { 200: ImportPreview, 422: ImportPreview, ...managed },
  },
  // text/csv, the columns the import reads.
  'GET /api/sites/:id/devices/export': { params: SitePath, response: { 200: Type.String(), ...managed } },

  // The operators' side.
  'GET /api/devices/status': {
    querystring: Type.Object({ site: Type.Optional(Type.String({ maxLength: 64 })) }, { additionalProperties: false }),
    response: { 200: Type.Array(DeviceStatusRow), ...managed },
  },
  'POST /api/devices/:id/maintenance': {
    params: DevicePath,
    body: MaintenanceBody,
    response: { 200: DeviceStatusRow, ...managed },
  },
  'DELETE /api/devices/:id/maintenance': { params: DevicePath, response: { 200: DeviceStatusRow, ...managed } },
});
