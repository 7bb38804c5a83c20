// Single-line diagrams (shared/src/contracts/sld.ts): a site's diagram as it stands (the newest saved
// version, or the one generated from its devices in service), the versions, publishing and restoring. Read
// with `read` on `Diagram` for the site (a site the caller may not read answers as one that does not exist,
// as the other site routes do); publishing and restoring need `update` on `Diagram`. A diagram is checked
// against the site's devices in service before it is saved (422 with its issues), and a save made from an
// older version than the newest is refused (409, naming the newer version and its author).
import type { Site } from '@voltscope/shared/domain';
import { generateDiagram } from '@voltscope/shared/sld/generate';
import type { Diagram } from '@voltscope/shared/sld/model';
import { type SldIssue, sldIssueText, validateDiagram } from '@voltscope/shared/sld/validate';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, HttpError, notFound } from '../errors.ts';
import { can } from '../plugins/auth.ts';
import { getSite } from '../store/sites.ts';
import { getVersion, listVersions, newestVersion, type SldVersionRecord, saveVersion } from '../store/sld.ts';
import { authorOf, recorder } from './adminWrites.ts';
import { contract, typed } from './contract.ts';
import { diagramEvent } from './sldEvents.ts';

/**
 * A published diagram's body: the hub's 64 KiB is far below what the schema's limits allow (a site of
 * 3,000 symbols and their connections is about a megabyte); the schema bounds every item, this the whole.
 */
const SLD_BODY_LIMIT = 4 * 1024 * 1024;

const viewOf = (r: SldVersionRecord) => ({
  siteId: r.siteId,
  diagram: r.diagram,
  version: r.version,
  generated: false,
  savedAt: r.savedAt,
  savedBy: r.savedBy,
  note: r.note,
});

export async function sldRoutes(app: FastifyInstance) {
  const { db } = app.services;
  const api = typed(app);
  const record = recorder(app);

  /** The site in service whose diagram the caller may read; any other answers 404. */
  const readableSite = async (request: FastifyRequest, id: string): Promise<Site> => {
    const site = await getSite(db, id);
    if (!site || !can(request, 'read', 'Diagram', { siteId: site.id })) throw notFound(`No site ${id}`);
    return site;
  };

  /** The site's devices in service, as the diagram binds and checks them. */
  const devicesOf = (siteId: string) => app.services.registry.devicesOfSite(siteId);

  const generatedView = (siteId: string) => ({
    siteId,
    diagram: generateDiagram(devicesOf(siteId)),
    version: null,
    generated: true,
    savedAt: null,
    savedBy: null,
    note: '',
  });

  const notSaved = (siteId: string, version: number) => notFound(`No version ${version} of the diagram of ${siteId}`);

  /**
   * Saves `diagram` as the site's next version when it fits today's devices and `base` is still the newest;
   * answers 422 with the issues, 409 with who saved since, or 201 with the new version (recorded in the log).
   */
  async function publish(
    request: FastifyRequest,
    reply: FastifyReply,
    site: Site,
    diagram: Diagram,
    options: { base: number | null | undefined; note: string; restoredFrom: number | null },
  ) {
    const issues: SldIssue[] = validateDiagram(diagram, devicesOf(site.id));
    if (issues.length > 0) {
      return reply.code(422).send({ code: 'VALIDATION', message: issues.map(sldIssueText).join(' '), issues });
    }
    const by = authorOf(request);
    const result = await saveVersion(
      db,
      site.id,
      { diagram, savedBy: by, note: options.note, restoredFrom: options.restoredFrom },
      options.base,
    );
    if (!result.saved) {
      const newer = result.conflict;
      if (!newer) throw new HttpError(409, 'CONFLICT', `No version of the diagram of ${site.id} is saved yet`);
      throw new HttpError(409, 'CONFLICT', `${newer.by} saved version ${newer.version} of this diagram since`, {
        reason: { code: 'diagramChanged', params: { version: newer.version, by: newer.by } },
      });
    }
    const saved = result.saved;
    request.audit = {
      targetType: 'diagram',
      targetId: site.id,
      targetName: site.name,
      before: { version: saved.version > 1 ? saved.version - 1 : null },
      after: { version: saved.version, note: saved.note, restoredFrom: saved.restoredFrom },
    };
    await record(diagramEvent(site.id, { version: saved.version, note: saved.note, from: saved.restoredFrom }, by));
    return reply.code(201).send(viewOf(saved));
  }

  api.route({
    ...contract('GET /api/sites/:id/sld'),
    config: { can: ['read', 'Diagram'] },
    handler: async (request) => {
      const site = await readableSite(request, request.params.id);
      const newest = await newestVersion(db, site.id);
      return newest ? viewOf(newest) : generatedView(site.id);
    },
  });

  api.route({
    ...contract('GET /api/sites/:id/sld/generated'),
    config: { can: ['read', 'Diagram'] },
    handler: async (request) => generatedView((await readableSite(request, request.params.id)).id),
  });

  api.route({
    ...contract('GET /api/sites/:id/sld/versions'),
    config: { can: ['read', 'Diagram'] },
    handler: async (request) => listVersions(db, (await readableSite(request, request.params.id)).id),
  });

  api.route({
    ...contract('GET /api/sites/:id/sld/versions/:version'),
    config: { can: ['read', 'Diagram'] },
    handler: async (request) => {
      const site = await readableSite(request, request.params.id);
      const found = await getVersion(db, site.id, request.params.version);
      if (!found) throw notSaved(site.id, request.params.version);
      return viewOf(found);
    },
  });

  api.route({
    ...contract('POST /api/sites/:id/sld/versions'),
    config: { can: ['update', 'Diagram'], audit: 'diagram.publish' },
    bodyLimit: SLD_BODY_LIMIT,
    handler: async (request, reply) => {
      const site = await readableSite(request, request.params.id);
      if (!can(request, 'update', 'Diagram', { siteId: site.id })) throw forbidden();
      const { diagram, baseVersion, note = '' } = request.body;
      return publish(request, reply, site, diagram, { base: baseVersion, note: note.trim(), restoredFrom: null });
    },
  });

  api.route({
    ...contract('POST /api/sites/:id/sld/versions/:version/restore'),
    config: { can: ['update', 'Diagram'], audit: 'diagram.restore' },
    handler: async (request, reply) => {
      const site = await readableSite(request, request.params.id);
      if (!can(request, 'update', 'Diagram', { siteId: site.id })) throw forbidden();
      const old = await getVersion(db, site.id, request.params.version);
      if (!old) throw notSaved(site.id, request.params.version);
      return publish(request, reply, site, old.diagram, { base: undefined, note: '', restoredFrom: old.version });
    },
  });
}
