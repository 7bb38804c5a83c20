// The admins' sites: every site with its devices in service counted (decommissioned ones included), and
// their creation, edits, decommissioning, restoring and deletion. Each write is checked with the seed's
// rules (shared/src/fleetFields.ts) and more, recorded in the event log, and reloads the fleet.
import { siteKinds } from '@voltscope/shared/domain';
import { siteFields } from '@voltscope/shared/fleetFields';
import type { FieldSpec } from '@voltscope/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import type { Problem } from '../fleet/deviceChecks.ts';
import { listDisplays } from '../store/displays.ts';
import {
  deleteSite,
  getManagedSite,
  insertSite,
  listManagedSites,
  type ManagedSiteRecord,
  type SiteWrite,
  setSiteDecommissioned,
  siteDependents,
  updateSite,
} from '../store/sites.ts';
import { assertNoProblems, authorOf, conflict, idTooLong, recorder, refusal } from './adminWrites.ts';
import { contract, typed } from './contract.ts';
import { assertFields } from './fieldRules.ts';
import { type SiteChange, siteEvent } from './fleetEvents.ts';

type SiteField = keyof typeof siteFields;
const SITE_ID_MAX = 64;

function timeZoneExists(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** What the seed's rules cannot say: a kind of site, a time zone that exists, an id a path can carry. */
function siteProblems(body: Readonly<Record<string, unknown>>): Problem[] {
  const problems: Problem[] = [];
  const tooLong = idTooLong('id', body.id, SITE_ID_MAX);
  if (tooLong) problems.push(tooLong);
  if (body.kind !== undefined && !(siteKinds as readonly unknown[]).includes(body.kind)) {
    const message = `Unknown kind of site “${String(body.kind)}”: one of ${siteKinds.join(', ')}`;
    problems.push({ field: 'kind', message, reason: { code: 'notOneOf' } });
  }
  if (typeof body.timeZone === 'string' && !timeZoneExists(body.timeZone)) {
    const message = `Unknown time zone “${body.timeZone}”`;
    problems.push({ field: 'timeZone', message, reason: { code: 'regex' } });
  }
  return problems;
}

/** The body's fields of the seed's spec (a PATCH checks only those it sends). */
const specOf = (fields: readonly SiteField[]): FieldSpec<SiteField> =>
  Object.fromEntries(fields.map((f) => [f, siteFields[f]])) as FieldSpec<SiteField>;

const asWrite = (body: Readonly<Record<string, unknown>>, before?: ManagedSiteRecord): SiteWrite => {
  const pick = <T>(key: string, fallback: T): T => (body[key] === undefined ? fallback : (body[key] as T));
  return {
    id: before?.id ?? String(body.id),
    name: String(pick('name', before?.name)).trim(),
    kind: before?.kind ?? (body.kind as SiteWrite['kind']),
    timeZone: String(pick('timeZone', before?.timeZone)),
    country: String(pick('country', before?.country)).toUpperCase(),
    latitude: Number(pick('latitude', before?.latitude)),
    longitude: Number(pick('longitude', before?.longitude)),
    capacityKw: Number(pick('capacityKw', before?.capacityKw)),
    gridLimitKw: pick<number | null>('gridLimitKw', before?.gridLimitKw ?? null),
  };
};

export async function fleetAdminRoutes(app: FastifyInstance) {
  const { db } = app.services;
  const api = typed(app);
  const record = recorder(app);

  const found = async (id: string): Promise<ManagedSiteRecord> => {
    const site = await getManagedSite(db, id);
    if (!site) throw notFound(`No site ${id}`);
    return site;
  };

  /** What the audit log says a site write acted on. */
  const audited = (request: FastifyRequest, site: ManagedSiteRecord, before: unknown, after: unknown) => {
    request.audit = { targetType: 'site', targetId: site.id, targetName: site.name, before, after };
  };

  /** Records the change, then reloads the fleet (registry, alarm points) before the reply. */
  async function changed(request: FastifyRequest, change: SiteChange, site: ManagedSiteRecord, fields?: string[]) {
    await record(siteEvent(change, site, authorOf(request), fields));
    await app.services.fleetChanged();
  }

  /**
   * The sockets that follow a site taken out of service re-read their rights (realtime/io.ts, `rights`):
   * they leave its rooms at once and are told (`live:revoked`), as when a user loses a site.
   */
  async function leaveSite(siteId: string) {
    const watching = await app.services.io.in([`site:${siteId}`, `alarms:${siteId}`]).fetchSockets();
    for (const userId of new Set(watching.map((socket) => socket.data.session.user.id))) {
      app.services.sessions.rightsChanged(userId);
    }
  }

  api.route({
    ...contract('GET /api/admin/sites'),
    config: { can: ['update', 'Site'] },
    handler: async () => listManagedSites(db),
  });

  api.route({
    ...contract('POST /api/sites'),
    config: { can: ['create', 'Site'], audit: 'site.create' },
    handler: async (request, reply) => {
      const body = request.body;
      assertFields(body, siteFields);
      assertNoProblems(siteProblems(body));
      const site = asWrite(body);
      if (!(await insertSite(db, site))) throw conflict(`A site with id ${site.id} already exists`);
      const created = await found(site.id);
      await changed(request, 'created', created);
      audited(request, created, null, created);
      return reply.code(201).send(created);
    },
  });

  api.route({
    ...contract('PATCH /api/sites/:id'),
    config: { can: ['update', 'Site'], audit: 'site.update' },
    handler: async (request) => {
      const before = await found(request.params.id);
      const body = request.body;
      for (const fixed of ['id', 'kind'] as const) {
        if (body[fixed] !== undefined && body[fixed] !== before[fixed]) {
          const message = `A site's ${fixed} cannot change (it is ${before[fixed]})`;
          throw refusal([{ field: fixed, message, reason: { code: 'notOneOf' } }]);
        }
      }
      const sent = (Object.keys(siteFields) as SiteField[]).filter(
        (f) => f !== 'id' && f !== 'kind' && body[f] !== undefined,
      );
      assertFields(body, specOf(sent));
      assertNoProblems(siteProblems(body));
      const after = asWrite(body, before);
      const fields = sent.filter((f) => after[f] !== before[f]);
      if (fields.length === 0) return before;
      await updateSite(db, after);
      const site = await found(before.id);
      await changed(request, 'changed', site, fields);
      audited(request, site, before, site);
      return site;
    },
  });

  for (const [action, change] of [
    ['decommission', 'decommissioned'],
    ['restore', 'restored'],
  ] as const) {
    api.route({
      ...contract(`POST /api/sites/:id/${action}`),
      config: { can: ['update', 'Site'], audit: `site.${action}` },
      handler: async (request) => {
        const before = await found(request.params.id);
        audited(request, before, before, before);
        if ((before.decommissionedAt === null) === (action === 'restore')) return before;
        await setSiteDecommissioned(db, before.id, action === 'decommission' ? Date.now() : null);
        const site = await found(before.id);
        await changed(request, change, site);
        audited(request, site, before, site);
        if (action === 'decommission') await leaveSite(site.id);
        return site;
      },
    });
  }

  api.route({
    ...contract('DELETE /api/sites/:id'),
    config: { can: ['delete', 'Site'], audit: 'site.delete' },
    handler: async (request, reply) => {
      const site = await found(request.params.id);
      const { devices, openAlarms } = await siteDependents(db, site.id);
      if (devices > 0) {
        throw conflict(
          `The site ${site.id} still has ${devices} device(s): delete them first, or decommission the site instead`,
        );
      }
      if (openAlarms > 0) throw conflict(`The site ${site.id} has ${openAlarms} open alarm(s): close them first`);
      const display = (await listDisplays(db)).find((d) => d.siteIds.includes(site.id));
      if (display) {
        throw conflict(`The wall display “${display.name}” shows the site ${site.id}: take it off the display first`);
      }
      await deleteSite(db, site.id);
      await changed(request, 'deleted', site);
      audited(request, site, site, null);
      return reply.code(204).send(null);
    },
  });
}
