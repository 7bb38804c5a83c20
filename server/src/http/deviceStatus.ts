// The operators' side of the fleet: the status grid (every device the caller may read, with its state,
// last word, data quality, open alarms and maintenance), and maintenance itself: a device taken out of
// service with a reason, its alarms with it, and back. Everything but the firmware and the maintenance
// (one store read per request) comes from memory: the registry, the newest values, the sample counts,
// the alarm engine's open alarms.
import { type AlarmPriority, alarmPriorities } from '@voltscope/shared/alarms';
import type { DeviceStatusRow } from '@voltscope/shared/contracts/fleetAdmin';
import type { Device } from '@voltscope/shared/fleet';
import { maintenanceFields } from '@voltscope/shared/fleetFields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { Actor } from '../alarms/alarmMachine.ts';
import { maintenanceBegan, maintenanceEnded } from '../alarms/deviceMaintenance.ts';
import { HttpError, notFound, unauthenticated } from '../errors.ts';
import { gridStatus } from '../fleet/status.ts';
import { can } from '../plugins/auth.ts';
import { type DeviceUpkeep, endMaintenance, getUpkeep, listUpkeep, startMaintenance } from '../store/maintenance.ts';
import { contract, typed } from './contract.ts';
import { assertFields } from './fieldRules.ts';
import { readableSite } from './sites.ts';

type Row = Static<typeof DeviceStatusRow>;

const NO_UPKEEP: DeviceUpkeep = { firmware: '', decommissioned: false, maintenance: null };

function actorOf(request: FastifyRequest): Actor {
  const session = request.session;
  if (!session) throw unauthenticated();
  return { id: session.user.id, name: session.user.fullName || session.user.username };
}

export async function deviceStatusRoutes(app: FastifyInstance) {
  const { db } = app.services;
  const api = typed(app);

  /** Open alarms per device, with the highest priority among them. */
  function alarmsByDevice(): Map<string, Row['alarms']> {
    const byDevice = new Map<string, { open: number; highest: AlarmPriority | null }>();
    const rank = (p: AlarmPriority | null) => (p === null ? alarmPriorities.length : alarmPriorities.indexOf(p));
    for (const alarm of app.services.alarms.openAlarms()) {
      const entry = byDevice.get(alarm.deviceId) ?? { open: 0, highest: null };
      entry.open++;
      if (rank(alarm.priority) < rank(entry.highest)) entry.highest = alarm.priority;
      byDevice.set(alarm.deviceId, entry);
    }
    return byDevice;
  }

  function rowOf(device: Device, upkeep: DeviceUpkeep, alarms: Row['alarms'] | undefined, now: number): Row {
    const { registry, latest, sampleCounts } = app.services;
    const { state, lastSeen } = gridStatus(device, upkeep.maintenance !== null, registry, latest, now);
    return {
      id: device.id,
      siteId: device.siteId,
      type: device.type,
      name: device.name,
      ...(device.names ? { names: device.names } : {}),
      model: device.model,
      firmware: upkeep.firmware,
      state,
      lastSeen,
      dataQuality: sampleCounts.quality(registry.seriesOfDevice(device.id), now),
      alarms: alarms ?? { open: 0, highest: null },
      maintenance: upkeep.maintenance,
    };
  }

  api.route({
    ...contract('GET /api/devices/status'),
    config: { can: ['read', 'Device'] },
    handler: async (request) => {
      const siteId = request.query.site;
      if (siteId !== undefined) await readableSite(db, request, siteId);
      const upkeep = await listUpkeep(db);
      const alarms = alarmsByDevice();
      const now = Date.now();
      const rows: Row[] = [];
      for (const device of app.services.registry.devices.values()) {
        if (siteId !== undefined && device.siteId !== siteId) continue;
        const own = upkeep.get(device.id) ?? NO_UPKEEP;
        if (own.decommissioned || !can(request, 'read', 'Device', device)) continue;
        rows.push(rowOf(device, own, alarms.get(device.id), now));
      }
      return rows;
    },
  });

  /** The device if the caller may read it (404 otherwise: another's device does not exist), and may take it out of service (403). */
  async function maintainable(request: FastifyRequest, id: string): Promise<{ device: Device; upkeep: DeviceUpkeep }> {
    const device = app.services.registry.devices.get(id);
    const upkeep = device && (await getUpkeep(db, device.id));
    if (!device || !upkeep || upkeep.decommissioned || !can(request, 'read', 'Device', device)) {
      throw notFound(`No device ${id}`);
    }
    if (!can(request, 'outOfService', 'Device', device)) {
      throw new HttpError(403, 'FORBIDDEN', 'You may not put this device into maintenance');
    }
    return { device, upkeep };
  }

  const auditTarget = (device: Device) => ({ targetType: 'device', targetId: device.id, targetName: device.name });

  async function rowNow(device: Device): Promise<Row> {
    return rowOf(device, (await getUpkeep(db, device.id)) ?? NO_UPKEEP, alarmsByDevice().get(device.id), Date.now());
  }

  api.route({
    ...contract('POST /api/devices/:id/maintenance'),
    config: { can: ['outOfService', 'Device'], audit: 'device.maintenance' },
    handler: async (request) => {
      const { device } = await maintainable(request, request.params.id);
      const body = { reason: request.body?.reason?.trim() ?? '' };
      assertFields(body, maintenanceFields);
      const actor = actorOf(request);
      const now = Date.now();
      if (!(await startMaintenance(db, device.id, body.reason, actor.id, now))) {
        throw new HttpError(409, 'CONFLICT', `${device.id} is already in maintenance`);
      }
      // The registry and the engine read it first: from here no alarm of the device is raised (in a
      // cluster, by every node's engine before this answers).
      await app.services.fleetChanged();
      await app.services.alarms.rulesChanged();
      await maintenanceBegan(app.services.alarms, device, actor, body.reason, now);
      request.log.info({ deviceId: device.id }, 'device put into maintenance');
      request.audit = { ...auditTarget(device), before: { maintenance: null }, after: { maintenance: body.reason } };
      return rowNow(app.services.registry.devices.get(device.id) ?? device);
    },
  });

  api.route({
    ...contract('DELETE /api/devices/:id/maintenance'),
    config: { can: ['outOfService', 'Device'], audit: 'device.maintenance' },
    handler: async (request) => {
      const { device, upkeep } = await maintainable(request, request.params.id);
      const { maintenance } = upkeep;
      if (!maintenance || !(await endMaintenance(db, device.id))) {
        throw new HttpError(409, 'CONFLICT', `${device.id} is not in maintenance`);
      }
      await app.services.fleetChanged();
      await app.services.alarms.rulesChanged();
      await maintenanceEnded(app.services.alarms, db, device, maintenance, actorOf(request), Date.now());
      request.log.info({ deviceId: device.id }, 'device back in service');
      request.audit = {
        ...auditTarget(device),
        before: { maintenance: maintenance.reason },
        after: { maintenance: null },
      };
      return rowNow(app.services.registry.devices.get(device.id) ?? device);
    },
  });
}
