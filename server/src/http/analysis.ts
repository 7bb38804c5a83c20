// Analysis: the daily KPIs the scheduled job keeps (per site and per generator), and the alarm
// system's own health over a period. Both for the sites the caller may read; daily KPIs also as CSV.
import { ALARM_HEALTH_MAX_DAYS } from '@voltscope/shared/contracts/analysis';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { alarmHealth } from '../alarms/health.ts';
import { csvField } from '../alarms/logs.ts';
import { HttpError } from '../errors.ts';
import { readDailyKpis } from '../fleet/daily.ts';
import { can } from '../plugins/auth.ts';
import { listSites } from '../store/sites.ts';
import { contract, typed } from './contract.ts';
import { sendCsv } from './logs.ts';
import { parseSpan } from './series.ts';

export async function analysisRoutes(app: FastifyInstance) {
  const { config, db, recomputeDailyKpis } = app.services;
  const api = typed(app);

  const readableSites = async (request: FastifyRequest, subject: 'Series' | 'Alarm', wanted?: string) => {
    const list = wanted?.split(',').filter(Boolean);
    return (await listSites(db))
      .filter((s) => !list || list.includes(s.id))
      .filter((s) => can(request, 'read', subject, { siteId: s.id }))
      .map((s) => s.id);
  };

  api.route({
    ...contract('GET /api/analysis/daily'),
    config: { can: ['read', 'Series'] },
    handler: async (request, reply) => {
      const { from, to } = request.query;
      if (to < from) {
        throw new HttpError(400, 'VALIDATION', 'to must not be before from', {
          errors: { to: ['must not be before from'] },
        });
      }
      const devices = request.query.devices?.split(',').filter(Boolean) ?? null;
      const rows = await readDailyKpis(db, {
        sites: await readableSites(request, 'Series', request.query.sites),
        devices,
        from,
        to,
      });
      if (request.query.format !== 'csv') return rows;
      const header = [
        'day',
        'site',
        'device',
        'energy_kwh',
        'expected_kwh',
        'specific_yield',
        'performance_ratio',
        'insolation_kwh_m2',
        'availability',
        'capacity_factor',
      ];
      const body = [
        header,
        ...rows.map((r) => [
          r.day,
          r.siteId,
          r.deviceId,
          r.energyKwh,
          r.expectedKwh,
          r.specificYield,
          r.performanceRatio,
          r.insolationKwhM2,
          r.availability,
          r.capacityFactor,
        ]),
      ]
        .map((line) => `${line.map(csvField).join(',')}\r\n`)
        .join('');
      return sendCsv(reply, 'voltscope-daily-kpis.csv', `\uFEFF${body}`);
    },
  });

  api.route({
    ...contract('POST /api/analysis/recompute'),
    config: { can: ['update', 'Alarm'] },
    handler: async () => {
      await recomputeDailyKpis();
      return { ok: true };
    },
  });

  api.route({
    ...contract('GET /api/analysis/alarm-health'),
    config: { can: ['read', 'Alarm'] },
    handler: async (request) => {
      const { from, to } = parseSpan(request.query.from, request.query.to);
      if (to - from > ALARM_HEALTH_MAX_DAYS * 86_400_000) {
        throw new HttpError(400, 'VALIDATION', `The span of alarm health is at most ${ALARM_HEALTH_MAX_DAYS} days`, {
          errors: { to: [`must be at most ${ALARM_HEALTH_MAX_DAYS} days after from`] },
        });
      }
      const { floodPer10Min, chatterPerMinute, standingHours, manageablePer10Min } = config.alarms;
      return alarmHealth(db, await readableSites(request, 'Alarm', request.query.sites), from, to, {
        floodPer10Min,
        chatterPerMinute,
        standingHours,
        manageablePer10Min,
      });
    },
  });
}
