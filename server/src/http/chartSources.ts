// GET /api/chart-sources: each readable site's fleet-chart series (grid meter power, weather-station
// irradiance) in one answer. The solar dashboard's chart otherwise found them in three request waves
// (sites, each site's devices, the two devices' series) before it could ask for their history.
import type { Site } from '@voltscope/shared/domain';
import type { Device } from '@voltscope/shared/fleet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Registry } from '../fleet/registry.ts';
import { can } from '../plugins/auth.ts';
import { listSites } from '../store/sites.ts';
import { contract, typed } from './contract.ts';

/** The id of `key` on the site's first readable device of `type`, as the devices routes would show it. */
function seriesOn(
  registry: Registry,
  request: FastifyRequest,
  devices: readonly Device[],
  type: Device['type'],
  key: string,
): number | null {
  const device = devices.find((d) => d.type === type && can(request, 'read', 'Device', d));
  if (!device) return null;
  return registry.seriesOfDevice(device.id).find((s) => s.key === key)?.id ?? null;
}

function chartSource(registry: Registry, request: FastifyRequest, site: Site) {
  const devices = registry.devicesOfSite(site.id);
  return {
    siteId: site.id,
    name: site.name,
    kind: site.kind,
    powerId: seriesOn(registry, request, devices, 'meter', 'active_power'),
    irradianceId:
      site.kind === 'solar' ? seriesOn(registry, request, devices, 'weather_station', 'irradiance_poa') : null,
  };
}

export async function chartSourceRoutes(app: FastifyInstance) {
  const { db } = app.services;
  const api = typed(app);

  api.route({
    ...contract('GET /api/chart-sources'),
    config: { can: ['read', 'Site'] },
    handler: async (request) => {
      const wanted = request.query.sites?.split(',');
      return (await listSites(db))
        .filter((s) => (!wanted || wanted.includes(s.id)) && can(request, 'read', 'Site', s))
        .map((s) => chartSource(app.services.registry, request, s));
    },
  });
}
