// GET /api/events and GET /api/alarms/history: the logs behind the alarm and event log pages, filtered, sorted and
// paged by the store, or exported as CSV (format=csv) streamed in chunks. A caller sees only the sites
// they may read; fleet-wide events (sign-ins, rule changes) only with a right to every site's events.
import { Readable } from 'node:stream';
import type { SubjectName } from '@voltscope/shared/abilities';
import type { QueryOf } from '@voltscope/shared/contracts/common';
import type { Contracts } from '@voltscope/shared/contracts/index';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { alarmPage, alarmsCsv, eventPage, eventsCsv, type LogFilter } from '../alarms/logs.ts';
import { can } from '../plugins/auth.ts';
import { contract, typed } from './contract.ts';
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

/** A log's page from the store, or (format=csv) the whole filtered log as a CSV download. */
async function answerLog<Page>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  log: { subject: SubjectName; query: LogQuery; fileName: string; csv: typeof eventsCsv },
  page: (filter: LogFilter) => Promise<Page>,
): Promise<Page | FastifyReply> {
  const filter = await filterOf(app, request, log.subject, log.query);
  if (log.query.format === 'csv') {
    const rows = log.csv(app.services.db, filter, log.query.lang ?? 'en');
    return sendCsv(reply, log.fileName, Readable.from(rows));
  }
  return page(filter);
}

export async function logRoutes(app: FastifyInstance) {
  const { db } = app.services;
  const api = typed(app);

  api.route({
    ...contract('GET /api/events'),
    config: { can: ['read', 'Event'] },
    handler: async (request, reply) => {
      const { query } = request;
      const log = { subject: 'Event', query, fileName: 'voltscope-events.csv', csv: eventsCsv } as const;
      return answerLog(app, request, reply, log, (filter) => eventPage(db, filter, pageOf(query, 'ts')));
    },
  });

  api.route({
    ...contract('GET /api/alarms/history'),
    config: { can: ['read', 'Alarm'] },
    handler: async (request, reply) => {
      const { query } = request;
      const log = { subject: 'Alarm', query, fileName: 'voltscope-alarms.csv', csv: alarmsCsv } as const;
      return answerLog(app, request, reply, log, (filter) => alarmPage(db, filter, pageOf(query, 'raisedAt')));
    },
  });
}
