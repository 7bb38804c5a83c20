// History (downsampled, columnar, ready for uPlot) and the latest values of a site's series.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../errors.ts';
import { assertCan, can } from '../plugins/auth.ts';
import { contract, typed } from './contract.ts';
import { readableSite } from './sites.ts';

const MAX_SERIES = 50;
const MAX_SPAN_MS = 10 * 366 * 86_400_000;

/** A time as milliseconds since 1970 or an ISO 8601 date, within what a Date holds (±8.64e15 ms). */
export function parseTime(field: string, raw: string): number {
  const value = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (Number.isNaN(new Date(value).getTime())) {
    throw new HttpError(400, 'VALIDATION', `${field} must be milliseconds since 1970 or an ISO 8601 date`, {
      errors: { [field]: ['must be milliseconds since 1970 or an ISO 8601 date'] },
    });
  }
  return value;
}

/** A from/to query pair: times, `to` after `from`, at most ten years apart. */
export function parseSpan(rawFrom: string, rawTo: string): { from: number; to: number } {
  const from = parseTime('from', rawFrom);
  const to = parseTime('to', rawTo);
  if (to <= from || to - from > MAX_SPAN_MS) {
    throw new HttpError(400, 'VALIDATION', 'to must be after from, and the span at most ten years', {
      errors: { to: ['must be after from, and the span at most ten years'] },
    });
  }
  return { from, to };
}

export async function seriesRoutes(app: FastifyInstance) {
  const { db, telemetry } = app.services;
  const api = typed(app);

  /** Refuses any of `ids` the caller may not read with 404, another's series answering as an unknown one. */
  const readableSeries = (request: FastifyRequest, ids: number[]) => {
    const { registry } = app.services;
    for (const id of ids) {
      const series = registry.seriesById(id);
      if (!series || !can(request, 'read', 'Series', { id, siteId: registry.siteOfSeries(id) })) {
        throw notFound(`No series ${id}`);
      }
    }
  };

  api.route({
    ...contract('GET /api/series/history'),
    config: { can: ['read', 'Series'] },
    handler: async (request) => {
      const ids = [...new Set(request.query.ids.split(',').map(Number))].slice(0, MAX_SERIES);
      const { from, to } = parseSpan(request.query.from, request.query.to);
      readableSeries(request, ids);
      return telemetry.history({ seriesIds: ids, from, to, maxPoints: request.query.maxPoints ?? 1000 });
    },
  });

  api.route({
    ...contract('GET /api/series/latest'),
    config: { can: ['read', 'Series'] },
    handler: async (request) => {
      const site = await readableSite(db, request, request.query.site);
      assertCan(request, 'read', 'Series', { siteId: site.id });
      const { registry, latest } = app.services;
      const out = { siteId: site.id, seriesIds: [] as number[], ts: [] as number[], values: [] as number[] };
      for (const device of registry.devicesOfSite(site.id)) {
        for (const series of registry.seriesOfDevice(device.id)) {
          const sample = latest.get(series.id);
          if (!sample) continue;
          out.seriesIds.push(series.id);
          out.ts.push(sample.ts);
          out.values.push(sample.value);
        }
      }
      return out;
    },
  });
}
