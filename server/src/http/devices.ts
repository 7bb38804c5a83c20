// The devices and series of a site, and one device with its series and latest values, as the caller
// may read them.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';
import { deviceStatus } from '../fleet/status.ts';
import { assertCan, can } from '../plugins/auth.ts';
import { device, errorResponses, idParams } from './schemas.ts';
import { readableSite } from './sites.ts';

export async function deviceRoutes(app: FastifyInstance) {
  const { db } = app.services;
  const withStatus = (d: Parameters<typeof deviceStatus>[0]) => ({
    ...d,
    ...deviceStatus(d, app.services.registry, app.services.latest),
  });

  app.get<{ Params: { id: string } }>(
    '/api/sites/:id/devices',
    {
      config: { can: ['read', 'Device'] },
      schema: { params: idParams, response: { 200: { type: 'array', items: device }, ...errorResponses } },
    },
    async (request) => {
      const site = await readableSite(db, request, request.params.id);
      return app.services.registry
        .devicesOfSite(site.id)
        .filter((d) => can(request, 'read', 'Device', d))
        .map(withStatus);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/sites/:id/series',
    {
      config: { can: ['read', 'Series'] },
      schema: {
        params: idParams,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                deviceId: { type: 'string' },
                key: { type: 'string' },
                metric: { type: 'string' },
                unit: { type: 'string' },
                periodMs: { type: 'integer' },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const site = await readableSite(db, request, request.params.id);
      const { registry } = app.services;
      return registry
        .devicesOfSite(site.id)
        .filter((d) => can(request, 'read', 'Device', d))
        .flatMap((d) => registry.seriesOfDevice(d.id));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/devices/:id',
    {
      config: { can: ['read', 'Device'] },
      schema: {
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              ...device.properties,
              series: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    key: { type: 'string' },
                    metric: { type: 'string' },
                    unit: { type: 'string' },
                    scale: { type: 'number' },
                    min: { type: 'number' },
                    max: { type: 'number' },
                    periodMs: { type: 'integer' },
                    latest: {
                      type: ['object', 'null'],
                      properties: { ts: { type: 'number' }, value: { type: 'number' } },
                    },
                  },
                },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { registry, latest } = app.services;
      const found = registry.devices.get(request.params.id);
      if (!found) throw notFound(`No device ${request.params.id}`);
      assertCan(request, 'read', 'Device', found);
      return {
        ...withStatus(found),
        series: registry.seriesOfDevice(found.id).map((s) => ({ ...s, latest: latest.get(s.id) })),
      };
    },
  );
}
