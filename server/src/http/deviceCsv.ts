// A site's devices as a CSV file: the export (the columns the import reads), and the import, judged in
// full before anything is written (fleet/deviceImport.ts) and applied in one transaction only when asked
// and when no row is refused: 200 with the preview, or 422 with it and nothing written.
import { seriesOfType } from '@voltscope/shared/deviceTypes';
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../errors.ts';
import { formatCsv } from '../fleet/csv.ts';
import { exportRows, MAX_IMPORT_ROWS, planImport } from '../fleet/deviceImport.ts';
import { insertDevices, updateDevice } from '../store/fleetWrites.ts';
import { listManagedDevices } from '../store/managedDevices.ts';
import { getManagedSite } from '../store/sites.ts';
import { authorOf, conflict, recorder } from './adminWrites.ts';
import { contract, typed } from './contract.ts';
import { importEvent } from './fleetEvents.ts';

/** What a 5,000-row file with long names and addresses may weigh (the contract's limit on `csv`, in JSON). */
const IMPORT_BODY_LIMIT = 2_500_000;

/** `seriesFloor`: the highest series id the hub has held (see deviceAdmin.ts). */
export function deviceCsvRoutes(app: FastifyInstance, seriesFloor: () => number) {
  const { db } = app.services;
  const api = typed(app);
  const record = recorder(app);

  const siteFound = async (id: string) => {
    const site = await getManagedSite(db, id);
    if (!site) throw notFound(`No site ${id}`);
    return site;
  };

  api.route({
    ...contract('GET /api/sites/:id/devices/export'),
    config: { can: ['update', 'Device'] },
    handler: async (request, reply) => {
      const site = await siteFound(request.params.id);
      const csv = formatCsv(exportRows(site.id, await listManagedDevices(db, site.id)));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${site.id}-devices.csv"`)
        .send(csv);
    },
  });

  api.route({
    ...contract('POST /api/sites/:id/devices/import'),
    config: { can: ['update', 'Device'] },
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: async (request, reply) => {
      const site = await siteFound(request.params.id);
      const plan = planImport(site.id, request.body.csv, await listManagedDevices(db, site.id));
      if (plan.size > MAX_IMPORT_ROWS) {
        throw new HttpError(
          400,
          'BAD_REQUEST',
          `At most ${MAX_IMPORT_ROWS} rows in a file (this one has ${plan.size})`,
        );
      }
      const preview = { siteId: site.id, rows: plan.rows, errors: plan.errors, applied: false };
      if (plan.errors.length > 0) return reply.code(request.body.apply ? 422 : 200).send(preview);
      if (!request.body.apply) return preview;
      if (plan.creates.length + plan.updates.length === 0) return { ...preview, applied: true };
      await db.transaction(async (tx) => {
        const made = plan.creates.map((device) => ({
          device,
          series: seriesOfType(device.type).map((s) => ({ ...s, overridden: false })),
        }));
        if (!(await insertDevices(tx, made, seriesFloor()))) {
          throw conflict('A device of the file was made meanwhile: import the file again');
        }
        for (const device of plan.updates) await updateDevice(tx, device);
      });
      const counts = { created: plan.creates.length, updated: plan.updates.length };
      // Recorded here, not by the route's config: a preview (apply false) changes nothing.
      const author = authorOf(request);
      void app.services.audit.record({
        actorId: author.id,
        actorName: author.name,
        ip: request.ip,
        action: 'device.import',
        outcome: 'ok',
        targetType: 'site',
        targetId: site.id,
        targetName: site.name,
        details: { before: null, after: { ...counts, devices: [...plan.creates, ...plan.updates].map((d) => d.id) } },
      });
      await record(importEvent(site.id, counts, authorOf(request)));
      await app.services.fleetChanged();
      return { ...preview, applied: true };
    },
  });
}
