// A server process for the HTTP benchmark (http.ts), talking to its parent over IPC. `prepare <dir>`: the
// demo hub on an empty store, left running while the simulator fills its history (the parent watches the
// log for the end). `schemas <dir>` / `plain <dir>`: the demo hub on that store as it is, or built with
// `responseSchemas: false`, with 100 standing alarms written to it once it listens. `bare <file>`: a
// Fastify server with nothing but one route per path of the JSON file ({ path: body }), each sending its
// body as a pre-encoded string (the ceiling).
import { readFile } from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { seedStandingAlarms } from './alarmConsole.ts';

export type HubMode = 'prepare' | 'schemas' | 'plain' | 'bare';
export type HubMessage = { op: 'ready'; port: number; powerId: number; irradianceId: number } | { op: 'closed' };
export type ParentMessage = { op: 'close' };

/** The site whose day of power the history route is asked for (a solar site: power and irradiance). */
const HISTORY_SITE = 'fr-occitanie';
/** Open alarms on the fleet (25 a site), so that the alarm list is not an empty array. */
const STANDING_ALARMS = 100;

const [modeArg, dataDir = ''] = process.argv.slice(2);
const mode = modeArg as HubMode;
const send = (message: HubMessage) => process.send?.(message);

async function hub(): Promise<{ app: FastifyInstance; powerId: number; irradianceId: number }> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    // The prepare run logs at info so that the parent sees `history filled`; requests log at debug.
    LOG_LEVEL: mode === 'prepare' ? 'info' : 'warn',
    DEMO: 'true',
    SIMULATOR: 'true',
    SCRYPT_LOG2N: '10',
    // autocannon loads one signed-in user flat out: far past a person's request budget.
    RATE_LIMIT_USER_PER_MINUTE: '1000000000',
  });
  const app = await buildApp(config, { responseSchemas: mode !== 'plain' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // After the start: a starting hub closes the open alarms of points it does not know (these bench points).
  if (mode !== 'prepare') await seedStandingAlarms(app.services, STANDING_ALARMS);
  const { registry } = app.services;
  const seriesOf = (type: string, key: string) => {
    const device = registry.devicesOfSite(HISTORY_SITE).find((d) => d.type === type);
    const id = device ? registry.seriesIdByKey(`${device.id}/${key}`) : undefined;
    if (id === undefined) throw new Error(`${HISTORY_SITE} has no ${type} ${key}`);
    return id;
  };
  return {
    app,
    powerId: seriesOf('meter', 'active_power'),
    irradianceId: seriesOf('weather_station', 'irradiance_poa'),
  };
}

async function bare(bodies: Record<string, string>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  for (const [path, body] of Object.entries(bodies)) {
    app.get(path, (_request, reply) => {
      reply.type('application/json').send(body);
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

if (mode !== 'prepare' && mode !== 'schemas' && mode !== 'plain' && mode !== 'bare')
  throw new Error(`mode ${modeArg}?`);
const started =
  mode === 'bare'
    ? { app: await bare(JSON.parse(await readFile(dataDir, 'utf8'))), powerId: 0, irradianceId: 0 }
    : await hub();
process.on('message', async (message: ParentMessage) => {
  if (message.op === 'close') {
    await started.app.close();
    send({ op: 'closed' });
    process.exit(0);
  }
});
send({
  op: 'ready',
  port: (started.app.server.address() as { port: number }).port,
  powerId: started.powerId,
  irradianceId: started.irradianceId,
});
