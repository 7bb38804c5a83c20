// Plant performance for the dashboards: the fleet and each site now (live values, today since the
// site's local midnight), and sites or generators side by side over a period.
import type { Site } from '@voltscope/shared/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../errors.ts';
import { can } from '../plugins/auth.ts';
import { listSites } from '../store/sites.ts';
import { contract, typed } from './contract.ts';
import { parseSpan } from './series.ts';
import { readableSite } from './sites.ts';

const MAX_ITEMS = 20;

export async function kpiRoutes(app: FastifyInstance) {
  const { db, kpis } = app.services;
  const api = typed(app);

  api.route({
    ...contract('GET /api/kpis/fleet'),
    config: { can: ['read', 'Site'] },
    handler: async (request) => {
      const now = Date.now();
      const sites = (await listSites(db)).filter((s) => can(request, 'read', 'Site', s));
      const figures = await Promise.all(sites.map((s) => kpis.site(s, now)));
      return {
        at: now,
        capacityKw: figures.reduce((n, s) => n + s.capacityKw, 0),
        powerKw: figures.reduce((n, s) => n + (s.powerKw ?? 0), 0),
        energyTodayKwh: figures.reduce((n, s) => n + (s.energyTodayKwh ?? 0), 0),
        sites: figures,
      };
    },
  });

  api.route({
    ...contract('GET /api/sites/:id/kpis'),
    config: { can: ['read', 'Site'] },
    handler: async (request) => kpis.site(await readableSite(db, request, request.params.id)),
  });

  api.route({
    ...contract('GET /api/kpis/period'),
    config: { can: ['read', 'Site'] },
    handler: async (request) => {
      const { from, to } = parseSpan(request.query.from, request.query.to);
      const siteIds = request.query.sites?.split(',') ?? [];
      const deviceIds = request.query.devices?.split(',') ?? [];
      if (siteIds.length + deviceIds.length === 0 || siteIds.length + deviceIds.length > MAX_ITEMS) {
        throw new HttpError(400, 'VALIDATION', `Choose 1 to ${MAX_ITEMS} sites or generators`, {
          errors: { sites: [`choose 1 to ${MAX_ITEMS} sites or generators`] },
        });
      }
      const items: { site: Site; deviceId?: string }[] = [];
      for (const id of siteIds) items.push({ site: await readableSite(db, request, id) });
      for (const id of deviceIds) {
        const device = app.services.registry.devices.get(id);
        const generator = device?.type === 'inverter' || device?.type === 'wind_turbine';
        if (!device || !generator || !can(request, 'read', 'Device', device)) {
          throw notFound(`No inverter or turbine ${id}`);
        }
        items.push({ site: await readableSite(db, request, device.siteId), deviceId: id });
      }
      return kpis.period(items, from, to, request.query.maxPoints ?? 500);
    },
  });
}
