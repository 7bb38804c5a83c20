// The sites a caller may read. A client sees only the sites assigned to it.
import type { SubjectName } from '@voltscope/shared/abilities';
import type { Site } from '@voltscope/shared/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { can } from '../plugins/auth.ts';
import type { Db } from '../store/db.ts';
import { getSite, listSites } from '../store/sites.ts';
import { contract, typed } from './contract.ts';

/**
 * The site `id` if the caller may read it, else 404: another's site answers as one that does not exist,
 * so that its id tells nothing.
 */
export async function readableSite(db: Db, request: FastifyRequest, id: string): Promise<Site> {
  const site = await getSite(db, id);
  if (!site || !can(request, 'read', 'Site', site)) throw notFound(`No site ${id}`);
  return site;
}

/** The ids of the sites (of `wanted`, else all) whose `subject` the caller may read. */
export async function readableSiteIds(
  db: Db,
  request: FastifyRequest,
  subject: SubjectName,
  wanted: readonly string[] | undefined,
): Promise<string[]> {
  return (await listSites(db))
    .filter((s) => !wanted || wanted.includes(s.id))
    .filter((s) => can(request, 'read', subject, { siteId: s.id }))
    .map((s) => s.id);
}

export async function siteRoutes(app: FastifyInstance) {
  const { db } = app.services;
  const api = typed(app);

  api.route({
    ...contract('GET /api/sites'),
    config: { can: ['read', 'Site'] },
    handler: async (request) => (await listSites(db)).filter((s) => can(request, 'read', 'Site', s)),
  });

  api.route({
    ...contract('GET /api/sites/:id'),
    config: { can: ['read', 'Site'] },
    handler: async (request) => readableSite(db, request, request.params.id),
  });
}
