// The site access log over HTTP: a filtered page (newest first, pages of 5 to 100) and the same filter as
// CSV. A caller reads the sites whose events they may read; naming another's site answers 404.
import { Readable } from 'node:stream';
import { ACCESS_EXPORT_MAX, type AccessEvent } from '@voltscope/shared/contracts/access';
import { nameIn } from '@voltscope/shared/fleet';
import type { Language } from '@voltscope/shared/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AccessFilter, accessEntries, accessPage } from '../access/store.ts';
import { csvField } from '../alarms/logs.ts';
import { HttpError, notFound } from '../errors.ts';
import { findIngestKey } from '../store/ingestKeys.ts';
import { listSites } from '../store/sites.ts';
import { contract, typed } from './contract.ts';
import { sendCsv } from './logs.ts';
import { parseTime } from './series.ts';
import { readableSiteIds } from './sites.ts';

const split = (value: string | undefined) => value?.split(',').filter(Boolean);

interface FilterQuery {
  sites?: string | undefined;
  doors?: string | undefined;
  results?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

async function filterOf(app: FastifyInstance, request: FastifyRequest, query: FilterQuery): Promise<AccessFilter> {
  const wanted = split(query.sites);
  const sites = await readableSiteIds(app.services.db, request, 'Event', wanted);
  // Another's site is answered as one that does not exist.
  const missing = wanted?.find((id) => !sites.includes(id));
  if (missing !== undefined) throw notFound(`No site ${missing}`);
  const doors = split(query.doors);
  const results = split(query.results);
  const text = query.q?.trim();
  return {
    sites,
    ...(doors ? { doors } : {}),
    ...(results ? { results } : {}),
    ...(query.from ? { from: parseTime('from', query.from) } : {}),
    ...(query.to ? { to: parseTime('to', query.to) } : {}),
    ...(text ? { text } : {}),
  };
}

const HEADER = ['time', 'site', 'door', 'result', 'reason', 'badge', 'person', 'holder', 'alarm'];
const line = (fields: readonly (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** A BOM (spreadsheets then read UTF-8: Persian and Arabic names), the header, rows in chunks of ~64 KiB. */
async function* accessCsv(
  entries: AsyncIterable<AccessEvent>,
  siteName: (id: string) => string,
  door: (id: string) => string,
) {
  yield `\uFEFF${line(HEADER)}`;
  let batch = '';
  for await (const e of entries) {
    batch += line([
      new Date(e.ts).toISOString(),
      siteName(e.siteId),
      door(e.deviceId),
      e.result,
      e.reason,
      e.badge,
      e.person,
      e.holder,
      e.alarmId,
    ]);
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}

export async function accessRoutes(app: FastifyInstance) {
  const { db } = app.services;
  const api = typed(app);

  api.route({
    ...contract('GET /api/access/events'),
    config: { can: ['read', 'Event'] },
    handler: async (request) => {
      const { page = 1, pageSize = 25, ...query } = request.query;
      const filter = await filterOf(app, request, query);
      if (filter.sites.length === 0) return { items: [], total: 0, page, pageSize };
      return { ...(await accessPage(db, filter, page, pageSize)), page, pageSize };
    },
  });

  api.route({
    ...contract('GET /api/access/events/export'),
    config: { can: ['read', 'Event'] },
    handler: async (request, reply) => {
      const { lang = 'en', ...query } = request.query;
      const filter = await filterOf(app, request, query);
      const sites = new Map((await listSites(db)).map((s) => [s.id, s.name]));
      const { registry } = app.services;
      const door = (id: string) => {
        const device = registry.devices.get(id);
        return device ? nameIn(device, lang as Language) : id;
      };
      const entries =
        filter.sites.length === 0 ? (async function* () {})() : accessEntries(db, filter, ACCESS_EXPORT_MAX);
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(reply, `access-${day}.csv`, Readable.from(accessCsv(entries, (id) => sites.get(id) ?? id, door)));
    },
  });

  api.route({
    ...contract('POST /api/access/events'),
    config: { public: true },
    handler: async (request) => {
      const header = request.headers['x-ingest-key'];
      const key =
        typeof header === 'string'
          ? await findIngestKey(db, header).catch((error: unknown) => {
              request.log.error({ err: error }, 'ingest key not checked');
              throw new HttpError(503, 'UNAVAILABLE', 'The store is unavailable: send these entries again later');
            })
          : undefined;
      if (!key)
        throw new HttpError(401, 'UNAUTHENTICATED', 'A valid ingest key is required in the x-ingest-key header');
      const { registry, access } = app.services;
      const rejected: { index: number; reason: string }[] = [];
      const kept: Promise<unknown | null>[] = [];
      request.body.entries.forEach((entry, index) => {
        const device = registry.devices.get(entry.deviceId);
        // A key of one site feeds that site's readers only; another site's reader is as unknown.
        if (device?.type !== 'door_reader' || (key.siteId !== null && device.siteId !== key.siteId)) {
          rejected.push({ index, reason: `no door reader ${entry.deviceId}` });
          return;
        }
        kept.push(access.record({ ...entry, siteId: device.siteId }));
      });
      if ((await Promise.all(kept)).includes(null)) {
        throw new HttpError(503, 'UNAVAILABLE', 'Some entries were not stored: send them again later');
      }
      return { accepted: kept.length, rejected };
    },
  });
}
