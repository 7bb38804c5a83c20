// The devices and series of a site, and one device with its series and latest values, as the caller
// may read them.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';
import { deviceStatus } from '../fleet/status.ts';
import { can } from '../plugins/auth.ts';
import { contract, typed } from './contract.ts';
import { readableSite } from './sites.ts';

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

  api.route({
    ...contract('GET /api/devices/:id'),
    config: { can: ['read', 'Device'] },
    handler: async (request) => {
      const { registry, latest } = app.services;
      const found = registry.devices.get(request.params.id);
      // Another's device answers as one that does not exist.
      if (!found || !can(request, 'read', 'Device', found)) throw notFound(`No device ${request.params.id}`);
      return {
        ...withStatus(found),
        series: registry.seriesOfDevice(found.id).map((s) => ({ ...s, latest: latest.get(s.id) })),
      };
    },
  });
}
