// The devices and series of a site, one device with its series and latest values, and a device's trip log
// (its fault-code alarms' occurrences with the energy lost), as the caller may read them.
import type { Device } from '@voltscope/shared/fleet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../errors.ts';
import { integralsSince } from '../fleet/integralsSince.ts';
import { asIf } from '../fleet/registry.ts';
import { deviceStatus } from '../fleet/status.ts';
import { can } from '../plugins/auth.ts';
import { listTrips } from '../store/devices.ts';
import { contract, typed } from './contract.ts';
import { parseTime } from './series.ts';
import { readableSite } from './sites.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The trip log's bounds: a span of at most 90 days, at most 200 trips (the newest). */
const TRIP_SPAN_MS = 90 * DAY;
const MAX_TRIPS = 200;

export async function deviceRoutes(app: FastifyInstance) {
  const { db } = app.services;
  const api = typed(app);
  const withStatus = (d: Parameters<typeof deviceStatus>[0]) => ({
    ...d,
    ...deviceStatus(d, app.services.registry, app.services.latest),
  });

  api.route({
    ...contract('GET /api/sites/:id/devices'),
    config: { can: ['read', 'Device'] },
    handler: async (request) => {
      const site = await readableSite(db, request, request.params.id);
      return app.services.registry
        .devicesOfSite(site.id)
        .filter((d) => can(request, 'read', 'Device', d))
        .map(withStatus);
    },
  });

  api.route({
    ...contract('GET /api/sites/:id/series'),
    config: { can: ['read', 'Series'] },
    handler: async (request) => {
      const site = await readableSite(db, request, request.params.id);
      const { registry } = app.services;
      return registry
        .devicesOfSite(site.id)
        .filter((d) => can(request, 'read', 'Device', d))
        .flatMap((d) => registry.seriesOfDevice(d.id));
    },
  });

  /** The device, if the caller may read it; another's device answers as one that does not exist. */
  const readableDevice = (request: FastifyRequest, id: string): Device => {
    const found = app.services.registry.devices.get(id);
    if (!found || !can(request, 'read', 'Device', found)) throw notFound(`No device ${id}`);
    return found;
  };

  api.route({
    ...contract('GET /api/devices/:id'),
    config: { can: ['read', 'Device'] },
    handler: async (request) => {
      const { registry, latest } = app.services;
      const found = readableDevice(request, request.params.id);
      return {
        ...withStatus(found),
        series: registry.seriesOfDevice(found.id).map((s) => ({ ...s, latest: latest.get(s.id) })),
      };
    },
  });

  api.route({
    ...contract('GET /api/devices/:id/trips'),
    config: { can: ['read', 'Device'] },
    handler: async (request) => {
      const device = readableDevice(request, request.params.id);
      const to = request.query.to === undefined ? Date.now() : parseTime('to', request.query.to);
      const from = request.query.from === undefined ? to - TRIP_SPAN_MS : parseTime('from', request.query.from);
      if (to <= from || to - from > TRIP_SPAN_MS) {
        throw new HttpError(400, 'VALIDATION', 'to must be after from, and the span at most 90 days', {
          errors: { to: ['must be after from, and the span at most 90 days'] },
        });
      }
      const records = await listTrips(db, device, from, to, MAX_TRIPS + 1);
      const { registry, telemetry } = app.services;
      const peers = registry.peersOf(device).flatMap((peer) => {
        const power = registry.powerSeriesOf(peer.id);
        return power ? [{ peer, seriesId: power.id }] : [];
      });
      const now = Date.now();
      const trips = [];
      for (const record of records.slice(0, MAX_TRIPS)) {
        const end = record.endedAt ?? now;
        // The energy lost: what the peers made over the trip, each as if it had this device's rating, on
        // average. The stored minutes are read from the minute the trip started in: their mean power over
        // that span, times the trip's own duration.
        const start = Math.floor(record.startedAt / MINUTE) * MINUTE;
        const made = await integralsSince(
          telemetry,
          peers.map((p) => p.seriesId),
          start,
          end,
        );
        const share = end > start ? (end - record.startedAt) / (end - start) : 0;
        const energies = peers.flatMap(({ peer, seriesId }) => {
          const kwh = made.get(seriesId);
          return kwh == null ? [] : [asIf(device, peer, kwh * share)];
        });
        const lostKwh = energies.length > 0 ? energies.reduce((a, b) => a + b, 0) / energies.length : null;
        trips.push({ ...record, durationMs: end - record.startedAt, lostKwh });
      }
      return { deviceId: device.id, from, to, trips, truncated: records.length > MAX_TRIPS };
    },
  });
}
