// GET /api/events and GET /api/alarms/history: the logs behind the alarm and event log pages, filtered, sorted and
// paged by the store, or exported as CSV (format=csv) streamed in chunks. A caller sees only the sites
// they may read; fleet-wide events (sign-ins, rule changes) only with a right to every site's events.
import { Readable } from 'node:stream';
import type { SubjectName } from '@voltscope/shared/abilities';
import { logPageSizes } from '@voltscope/shared/alarms';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { alarmPage, alarmSorts, alarmsCsv, eventPage, eventSorts, eventsCsv, type LogFilter } from '../alarms/logs.ts';
import { can } from '../plugins/auth.ts';
import { listSites } from '../store/sites.ts';
import { errorResponses } from './schemas.ts';
import { parseTime } from './series.ts';

interface LogQuery {
  sites?: string;
  devices?: string;
  types?: string;
  priorities?: string;
  states?: string;
  from?: string;
  to?: string;
  q?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
  format?: 'json' | 'csv';
  lang?: 'en' | 'fr' | 'fa' | 'ar';
}

const listParam = { type: 'string', maxLength: 4000, pattern: '^[\\w.:,-]*$' } as const;

const querySchema = (sorts: readonly string[]) => ({
  type: 'object',
  properties: {
    sites: listParam,
    devices: listParam,
    types: listParam,
    priorities: listParam,
    states: listParam,
    from: { type: 'string', maxLength: 40 },
    to: { type: 'string', maxLength: 40 },
    q: { type: 'string', maxLength: 200 },
    sort: { type: 'string', enum: sorts },
    order: { type: 'string', enum: ['asc', 'desc'] },
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    pageSize: { type: 'integer', enum: [...logPageSizes], default: 25 },
    format: { type: 'string', enum: ['json', 'csv'], default: 'json' },
    lang: { type: 'string', enum: ['en', 'fr', 'fa', 'ar'], default: 'en' },
  },
  additionalProperties: false,
});

const split = (value: string | undefined) => value?.split(',').filter(Boolean);

async function filterOf(app: FastifyInstance, request: FastifyRequest, subject: SubjectName, query: LogQuery) {
  const wanted = split(query.sites);
  const sites = (await listSites(app.services.db))
    .filter((s) => !wanted || wanted.includes(s.id))
    .filter((s) => can(request, 'read', subject, { siteId: s.id }))
    .map((s) => s.id);
  const span = {
    from: query.from ? parseTime('from', query.from) : undefined,
    to: query.to ? parseTime('to', query.to) : undefined,
  };
  const filter: LogFilter = {
    sites,
    fleetWide: !wanted && can(request, 'read', subject, { siteId: null }),
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

export async function logRoutes(app: FastifyInstance) {
  const { db } = app.services;

  app.get<{ Querystring: LogQuery }>(
    '/api/events',
    {
      config: { can: ['read', 'Event'] },
      schema: { querystring: querySchema(Object.keys(eventSorts)), response: errorResponses },
    },
    async (request, reply) => {
      const query = request.query;
      const filter = await filterOf(app, request, 'Event', query);
      if (query.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="voltscope-events.csv"')
          .send(Readable.from(eventsCsv(db, filter, query.lang ?? 'en')));
      }
      return eventPage(db, filter, {
        sort: (query.sort as keyof typeof eventSorts | undefined) ?? 'ts',
        descending: (query.order ?? 'desc') === 'desc',
        page: query.page ?? 1,
        pageSize: query.pageSize ?? 25,
      });
    },
  );

  app.get<{ Querystring: LogQuery }>(
    '/api/alarms/history',
    {
      config: { can: ['read', 'Alarm'] },
      schema: { querystring: querySchema(Object.keys(alarmSorts)), response: errorResponses },
    },
    async (request, reply) => {
      const query = request.query;
      const filter = await filterOf(app, request, 'Alarm', query);
      if (query.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="voltscope-alarms.csv"')
          .send(Readable.from(alarmsCsv(db, filter, query.lang ?? 'en')));
      }
      return alarmPage(db, filter, {
        sort: (query.sort as keyof typeof alarmSorts | undefined) ?? 'raisedAt',
        descending: (query.order ?? 'desc') === 'desc',
        page: query.page ?? 1,
        pageSize: query.pageSize ?? 25,
      });
    },
  );
}
