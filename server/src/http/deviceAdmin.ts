// The admins' devices of a site: the device types' definitions, every device of a site (decommissioned
// ones included) with its series as they stand, and a device's creation, edits and moves in the site's
// tree, decommissioning, restoring and deletion. Each write is checked as the CSV import checks a row
// (fleet/deviceChecks.ts), recorded in the event log, and reloads the fleet.
import { deviceTypeInfos } from '@voltscope/shared/deviceTypes';
import type { DeviceType } from '@voltscope/shared/fleet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import {
  changedDeviceFields,
  deviceFieldProblems,
  deviceWriteFields,
  type Problem,
  type SeriesOverride,
  seriesWithOverrides,
  treeProblem,
} from '../fleet/deviceChecks.ts';
import {
  type DeviceWrite,
  deleteDevice,
  insertDevices,
  type SeriesWrite,
  setDeviceDecommissioned,
  updateDevice,
  updateSeriesRanges,
} from '../store/fleetWrites.ts';
import {
  deviceDependents,
  getManagedDevice,
  listManagedDevices,
  type ManagedDeviceRecord,
} from '../store/managedDevices.ts';
import { getManagedSite } from '../store/sites.ts';
import { assertNoProblems, authorOf, conflict, idTooLong, recorder, refusal } from './adminWrites.ts';
import { contract, typed } from './contract.ts';
import { deviceCsvRoutes } from './deviceCsv.ts';
import { type DeviceChange, deviceEvent } from './fleetEvents.ts';

/** A device's own id part: the full id (`site.own`) must fit a path (130). */
const OWN_ID_MAX = 64;

type Body = Readonly<Record<string, unknown>> & { series?: readonly SeriesOverride[] | undefined };

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value.trim() : fallback);

/** A parent's full id: `site.own`, or its own id alone (a dotless id is the site's). */
const parentOf = (siteId: string, value: unknown): string | null => {
  const id = text(value);
  if (id === '') return null;
  return id.includes('.') ? id : `${siteId}.${id}`;
};

/** A rating as typed: none when left empty. */
const ratingOf = (value: unknown): number | null =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : Number(value);

/** The device as written: the body's fields over `before`'s (a new device has none before). */
export function deviceWrite(siteId: string, body: Body, before?: DeviceWrite): DeviceWrite {
  const has = (key: string) => body[key] !== undefined;
  return {
    id: before?.id ?? `${siteId}.${text(body.id)}`,
    siteId,
    type: before?.type ?? (body.type as DeviceType),
    name: has('name') ? text(body.name) : (before?.name ?? ''),
    model: has('model') ? text(body.model) : (before?.model ?? ''),
    firmware: has('firmware') ? text(body.firmware) : (before?.firmware ?? ''),
    serialNumber: has('serialNumber') ? text(body.serialNumber) : (before?.serialNumber ?? ''),
    ratedKw: has('ratedKw') ? ratingOf(body.ratedKw) : (before?.ratedKw ?? null),
    protocol: has('protocol') ? text(body.protocol) : (before?.protocol ?? ''),
    address: has('address') ? text(body.address) : (before?.address ?? ''),
    parentId: has('parentId') ? parentOf(siteId, body.parentId) : (before?.parentId ?? null),
  };
}

export async function deviceAdminRoutes(app: FastifyInstance) {
  const { db } = app.services;
  const api = typed(app);
  const record = recorder(app);
  // The highest series id the hub has held: a deleted series' id is not given again while it runs (its
  // live values and rings would show under the new one).
  let seriesFloor = app.services.registry.series.reduce((m, s) => Math.max(m, s.id), 0);

  const found = async (id: string): Promise<ManagedDeviceRecord> => {
    const device = await getManagedDevice(db, id);
    if (!device) throw notFound(`No device ${id}`);
    return device;
  };

  const siteFound = async (id: string) => {
    const site = await getManagedSite(db, id);
    if (!site) throw notFound(`No site ${id}`);
    return site;
  };

  /** The site's tree as the checks see it. */
  const treeOf = async (siteId: string) => {
    const devices = new Map((await listManagedDevices(db, siteId)).map((d) => [d.id, d]));
    return (id: string) => devices.get(id);
  };

  /** What the audit log says a device write acted on. */
  const audited = (request: FastifyRequest, device: ManagedDeviceRecord, before: unknown, after: unknown) => {
    request.audit = { targetType: 'device', targetId: device.id, targetName: device.name, before, after };
  };

  async function changed(
    request: FastifyRequest,
    change: Exclude<DeviceChange, 'imported'>,
    device: ManagedDeviceRecord,
  ) {
    await record(deviceEvent(change, device, authorOf(request)));
    await app.services.fleetChanged();
  }

  deviceCsvRoutes(app, () => seriesFloor);

  api.route({
    ...contract('GET /api/device-types'),
    config: { can: ['read', 'Device'] },
    handler: async () => deviceTypeInfos(),
  });

  api.route({
    ...contract('GET /api/admin/sites/:id/devices'),
    config: { can: ['update', 'Device'] },
    handler: async (request) => listManagedDevices(db, (await siteFound(request.params.id)).id),
  });

  api.route({
    ...contract('POST /api/sites/:id/devices'),
    config: { can: ['create', 'Device'], audit: 'device.create' },
    handler: async (request, reply) => {
      const site = await siteFound(request.params.id);
      const body: Body = request.body;
      const tooLong = idTooLong('id', body.id, OWN_ID_MAX);
      assertNoProblems([...deviceFieldProblems(body, deviceWriteFields), ...(tooLong ? [tooLong] : [])]);
      const device = deviceWrite(site.id, body);
      const taken = () => conflict(`A device with id ${text(body.id)} already exists on the site ${site.id}`);
      if (await getManagedDevice(db, device.id)) throw taken();
      const placed = treeProblem(device.id, device.type, device.parentId, await treeOf(site.id));
      const { series, problems } = seriesWithOverrides(device.type, body.series ?? []);
      assertNoProblems([...(placed ? [placed] : []), ...problems]);
      if (!(await db.transaction((tx) => insertDevices(tx, [{ device, series }], seriesFloor)))) throw taken();
      const created = await found(device.id);
      await changed(request, 'created', created);
      audited(request, created, null, created);
      return reply.code(201).send(created);
    },
  });

  api.route({
    ...contract('PATCH /api/devices/:id'),
    config: { can: ['update', 'Device'], audit: 'device.update' },
    handler: async (request) => {
      const before = await found(request.params.id);
      const body: Body = request.body;
      for (const fixed of ['id', 'type'] as const) {
        const now = fixed === 'id' ? before.id.slice(before.siteId.length + 1) : before.type;
        if (body[fixed] !== undefined && body[fixed] !== now && body[fixed] !== before[fixed]) {
          const message = `A device's ${fixed} cannot change (it is ${now})`;
          throw refusal([{ field: fixed, message, reason: { code: 'notOneOf' } }]);
        }
      }
      const after = deviceWrite(before.siteId, body, before);
      const sent = deviceWriteFields.filter((f) => f !== 'id' && f !== 'type' && body[f] !== undefined);
      // A new protocol asks its own kind of address.
      const checked = sent.includes('protocol') && !sent.includes('address') ? [...sent, 'address'] : sent;
      const problems: Problem[] = deviceFieldProblems({ ...after }, checked);
      if (body.parentId !== undefined && after.parentId !== before.parentId) {
        const placed = treeProblem(before.id, before.type, after.parentId, await treeOf(before.siteId));
        if (placed) problems.push(placed);
      }
      let series: SeriesWrite[] | null = null;
      if (body.series) {
        const own = seriesWithOverrides(before.type, body.series);
        problems.push(...own.problems);
        series = own.series;
      }
      assertNoProblems(problems);
      const fields = changedDeviceFields(before, after);
      const seriesChanged =
        series?.some((s) => {
          const was = before.series.find((b) => b.key === s.key);
          return !was || was.min !== s.min || was.max !== s.max || was.periodMs !== s.periodMs;
        }) ?? false;
      if (fields.length === 0 && !seriesChanged) return before;
      await db.transaction(async (tx) => {
        await updateDevice(tx, after);
        if (series) await updateSeriesRanges(tx, before.id, series);
      });
      const device = await found(before.id);
      await record(
        deviceEvent('changed', device, authorOf(request), [...fields, ...(seriesChanged ? ['series'] : [])]),
      );
      await app.services.fleetChanged();
      audited(request, device, before, device);
      return device;
    },
  });

  for (const [action, change] of [
    ['decommission', 'decommissioned'],
    ['restore', 'restored'],
  ] as const) {
    api.route({
      ...contract(`POST /api/devices/:id/${action}`),
      config: { can: ['update', 'Device'], audit: `device.${action}` },
      handler: async (request) => {
        const before = await found(request.params.id);
        audited(request, before, before, before);
        if ((before.decommissionedAt === null) === (action === 'restore')) return before;
        await setDeviceDecommissioned(db, before.id, action === 'decommission' ? Date.now() : null);
        const device = await found(before.id);
        await changed(request, change, device);
        audited(request, device, before, device);
        return device;
      },
    });
  }

  api.route({
    ...contract('DELETE /api/devices/:id'),
    config: { can: ['delete', 'Device'], audit: 'device.delete' },
    handler: async (request, reply) => {
      const device = await found(request.params.id);
      const { openAlarms, children } = await deviceDependents(db, device.id);
      if (openAlarms > 0) {
        throw conflict(`${openAlarms} open alarm(s) refer to the device ${device.id}: decommission it instead`);
      }
      if (children > 0) {
        throw conflict(`${children} device(s) hang under the device ${device.id}: decommission it instead`);
      }
      const deleted = await deleteDevice(db, device.id);
      seriesFloor = Math.max(seriesFloor, ...deleted);
      await changed(request, 'deleted', device);
      audited(request, device, device, null);
      return reply.code(204).send(null);
    },
  });
}
