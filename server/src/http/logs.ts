// GET /api/events and GET /api/alarms/history: the logs behind the alarm and event log pages, filtered, sorted and
// paged by the store, or exported as CSV (format=csv) streamed in chunks. A caller sees only the sites
// they may read; fleet-wide events (sign-ins, rule changes) only with a right to every site's events,
// and of the sign-ins only their own unless they may read other users (admins).
import { Readable } from 'node:stream';
import type { SubjectName } from '@voltscope/shared/abilities';
import type { QueryOf } from '@voltscope/shared/contracts/common';
import type { Contracts } from '@voltscope/shared/contracts/index';
import { nameIn } from '@voltscope/shared/fleet';
import type { Language } from '@voltscope/shared/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import {
  alarmPage,
  alarmsCsv,
  type CsvNames,
  type CsvRequest,
  eventPage,
  eventsCsv,
  type LogFilter,
  type PageRequest,
} from '../alarms/logs.ts';
import { can } from '../plugins/auth.ts';
import { listSites } from '../store/sites.ts';
import { contract } from './contract.ts';
import { parseTime } from './series.ts';
import { readableSiteIds } from './sites.ts';

type LogQuery = QueryOf<Contracts['GET /api/events']> | QueryOf<Contracts['GET /api/alarms/history']>;

/**
 * A CSV download: a stream or a text with its content type is sent as it is, never serialised, so the
 * route's 200 schema (its JSON answer) does not apply to it.
 */
export function sendCsv(reply: FastifyReply, fileName: string, payload: Readable | string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(payload);
}

const split = (value: string | undefined) => value?.split(',').filter(Boolean);

async function filterOf(app: FastifyInstance, request: FastifyRequest, subject: SubjectName, query: LogQuery) {
  const wanted = split(query.sites);
  const sites = await readableSiteIds(app.services.db, request, subject, wanted);
  const span = {
    from: query.from ? parseTime('from', query.from) : undefined,
    to: query.to ? parseTime('to', query.to) : undefined,
  };
  const filter: LogFilter = {
    sites,
    fleetWide: !wanted && can(request, 'read', subject, { siteId: null }),
    ...(can(request, 'read', 'User', {}) ? {} : { accountEventsOf: request.session?.user.id ?? 0 }),
    ...(split(query.devices) ? { devices: split(query.devices) as string[] } : {}),
    ...(split(query.types) ? { types: split(query.types) as string[] } : {}),
    ...(split(query.priorities) ? { priorities: split(query.priorities) as string[] } : {}),
    ...(split(query.states) ? { states: split(query.states) as string[] } : {}),
    ...(span.from !== undefined ? { from: span.from } : {}),
    ...(span.to !== undefined ? { to: span.to } : {}),
    ...(query.q?.trim() ? { text: query.q.trim() } : {}),
  };
  return filter;
}

/** The page a log query asks for: newest first and 25 rows unless it says otherwise. */
function pageOf<Sort extends string>(
  query: { sort?: Sort; order?: 'asc' | 'desc'; page?: number; pageSize?: number },
  sort: Sort,
) {
  return {
    sort: query.sort ?? sort,
    descending: (query.order ?? 'desc') === 'desc',
    page: query.page ?? 1,
    pageSize: query.pageSize ?? 25,
  };
}

export async function logRoutes(app: FastifyInstance) {
  const { db } = app.services;

  /** The names a CSV export writes: the sites' from the store, the devices' from the registry in `lng`. */
  async function csvNames(lng: Language): Promise<CsvNames> {
    const sites = new Map((await listSites(db)).map((site) => [site.id, site.name]));
    return {
      site: (siteId) => sites.get(siteId),
      device: (deviceId) => {
        const device = app.services.registry.devices.get(deviceId);
        return device && nameIn(device, lng);
      },
    };
  }

  /**
   * A log: its filtered page from the store, or (format=csv) all of it as a CSV download, in the order
   * the page shows (its sort and direction), with names and then ids.
   */
  function logRoute<K extends 'GET /api/events' | 'GET /api/alarms/history', S extends string>(
    key: K,
    log: {
      subject: 'Event' | 'Alarm';
      fileName: string;
      defaultSort: S;
      page: (filter: LogFilter, order: PageRequest<S>) => Promise<unknown>;
      csv: (filter: LogFilter, request: CsvRequest<S>) => AsyncIterable<string>;
    },
  ) {
    // Its schema widened, as the alarm actions' (alarms.ts): the query is typed by hand, the contract's
    // schemas still check the query and the answer at run time.
    const { method, url, schema } = contract(key);
    app.route({
      method,
      url,
      schema: schema as FastifySchema,
      config: { can: ['read', log.subject] },
      handler: async (request, reply) => {
        const query = request.query as QueryOf<Contracts[K]>;
        const filter = await filterOf(app, request, log.subject, query);
        const order = pageOf(query as { sort?: S }, log.defaultSort);
        if (query.format !== 'csv') return log.page(filter, order);
        const language = query.lang ?? 'en';
        const rows = log.csv(filter, { ...order, language, names: await csvNames(language) });
        return sendCsv(reply, log.fileName, Readable.from(rows));
      },
    });
  }

  logRoute('GET /api/events', {
    subject: 'Event',
    fileName: 'voltscope-events.csv',
    defaultSort: 'ts',
    page: (filter, order) => eventPage(db, filter, order),
    csv: (filter, request) => eventsCsv(db, filter, request),
  });
  logRoute('GET /api/alarms/history', {
    subject: 'Alarm',
    fileName: 'voltscope-alarms.csv',
    defaultSort: 'raisedAt',
    page: (filter, order) => alarmPage(db, filter, order),
    csv: (filter, request) => alarmsCsv(db, filter, request),
  });
}
