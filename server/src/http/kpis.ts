// Plant performance for the dashboards: the fleet and each site now (live values, today since the
// site's local midnight), and sites or generators side by side over a period.
import type { Site } from '@voltscope/shared/domain';
import type { FleetKpis } from '@voltscope/shared/kpis';
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../errors.ts';
import { assertCan, can } from '../plugins/auth.ts';
import { listSites } from '../store/sites.ts';
import { errorResponses } from './schemas.ts';
import { parseSpan } from './series.ts';
import { readableSite } from './sites.ts';

const MAX_ITEMS = 20;
const idList = { type: 'string', pattern: '^[\\w.:-]{1,64}(,[\\w.:-]{1,64}){0,19}$' } as const;

export async function kpiRoutes(app: FastifyInstance) {
  const { db, kpis } = app.services;

  app.get(
    '/api/kpis/fleet',
    { config: { can: ['read', 'Site'] }, schema: { response: errorResponses } },
    async (request): Promise<FleetKpis> => {
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
  );

  app.get<{ Params: { id: string } }>(
    '/api/sites/:id/kpis',
    {
      config: { can: ['read', 'Site'] },
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
          required: ['id'],
        },
        response: errorResponses,
      },
    },
    async (request) => kpis.site(await readableSite(db, request, request.params.id)),
  );

  app.get<{ Querystring: { sites?: string; devices?: string; from: string; to: string; maxPoints?: number } }>(
    '/api/kpis/period',
    {
      config: { can: ['read', 'Site'] },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            sites: idList,
            devices: idList,
            from: { type: 'string', minLength: 1, maxLength: 40 },
            to: { type: 'string', minLength: 1, maxLength: 40 },
            maxPoints: { type: 'integer', minimum: 10, maximum: 5000, default: 500 },
          },
          required: ['from', 'to'],
          additionalProperties: false,
        },
        response: errorResponses,
      },
    },
    async (request) => {
      const { from, to } = parseSpan(request.query.from, request.query.to);
      const siteIds = request.query.sites?.split(',') ?? [];
      const deviceIds = request.query.devices?.split(',') ?? [];
      if (siteIds.length + deviceIds.length === 0 || siteIds.length + deviceIds.length > MAX_ITEMS) {
        throw new HttpError(400, 'VALIDATION', `Choose 1 to ${MAX_ITEMS} sites or generators`, {
          errors: { sites: [`choose 1 to ${MAX_ITEMS} sites or generators`] },
        });
      }
      const { registry } = app.services;
      const items: { site: Site; deviceId?: string }[] = [];
      for (const id of siteIds) items.push({ site: await readableSite(db, request, id) });
      for (const id of deviceIds) {
        const device = registry.devices.get(id);
        if (!device || (device.type !== 'inverter' && device.type !== 'wind_turbine')) {
          throw notFound(`No inverter or turbine ${id}`);
        }
        assertCan(request, 'read', 'Device', device);
        items.push({ site: await readableSite(db, request, device.siteId), deviceId: id });
      }
      return kpis.period(items, from, to, request.query.maxPoints ?? 500);
    },
  );
}
