// The simulator's fault switch: an admin starts or ends a site's grid outage on demand (trainers, tests,
// demos), recorded in the site's event log. 409 when the hub runs no simulator (real telemetry).
import type { FastifyInstance } from 'fastify';
import { doorForcedEvent } from '../access/faultEvent.ts';
import { forbidden, HttpError, notFound } from '../errors.ts';
import { can } from '../plugins/auth.ts';
import { getSite } from '../store/sites.ts';
import { authorOf, recorder } from './adminWrites.ts';
import { contract, typed } from './contract.ts';
import { faultEvent } from './sldEvents.ts';

export async function simulatorRoutes(app: FastifyInstance) {
  const api = typed(app);
  const record = recorder(app);

  api.route({
    ...contract('POST /api/simulator/faults'),
    config: { can: ['update', 'Site'] },
    handler: async (request) => {
      const { siteId, fault, minutes } = request.body;
      if (!can(request, 'update', 'Site', { id: siteId })) throw forbidden();
      const { simulator } = app.services;
      if (!simulator) throw new HttpError(409, 'CONFLICT', 'This hub runs no simulator: its telemetry is real');
      // A site decommissioned since the simulator started is still stepped, but none of its samples is fed.
      const inService = await getSite(app.services.db, siteId);
      const switched = inService ? simulator.setFault(siteId, fault, minutes) : ({ simulated: false } as const);
      if (!switched.simulated) throw notFound(`Site ${siteId} is not simulated`);
      const by = authorOf(request);
      await record(fault === 'doorForced' ? doorForcedEvent(siteId, minutes, by) : faultEvent(siteId, minutes, by));
      return { siteId, fault, until: switched.until };
    },
  });
}
