// The sites a caller may read. A client sees only the sites assigned to it.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';
import { assertCan, can } from '../plugins/auth.ts';
import { getSite, listSites } from '../store/sites.ts';
import { errorResponses, site } from './schemas.ts';

export async function siteRoutes(app: FastifyInstance) {
  const { db } = app.services;

  app.get(
    '/api/sites',
    {
      config: { can: ['read', 'Site'] },
      schema: { response: { 200: { type: 'array', items: site }, ...errorResponses } },
    },
    async (request) => (await listSites(db)).filter((s) => can(request, 'read', 'Site', s)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/sites/:id',
    {
      config: { can: ['read', 'Site'] },
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
          required: ['id'],
        },
        response: { 200: site, ...errorResponses },
      },
    },
    async (request) => {
      const found = await getSite(db, request.params.id);
      if (!found) throw notFound(`No site ${request.params.id}`);
      assertCan(request, 'read', 'Site', found);
      return found;
    },
  );
}
