// The process: read configuration, start the hub, stop cleanly on SIGTERM or SIGINT.
import { buildApp } from './app.ts';
import { inCluster } from './cluster/leaseLeadership.ts';
import { ConfigError, loadConfig } from './config.ts';
import { demoAccounts } from './demo/fleet.ts';
import { DEMO_INGEST_KEY } from './demo/seed.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });

const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const lines = [`Voltscope is running at http://${shown}:${port}`, `  data: ${config.dataDir}`];
if (config.demo) {
  lines.push('  demo sign-ins (email or username / password):');
  for (const a of demoAccounts) lines.push(`    ${a.role.padEnd(9)} ${a.email} or ${a.username} / ${a.password}`);
  lines.push(`  demo ingest key (x-ingest-key header of POST /api/ingest): ${DEMO_INGEST_KEY}`);
}
const simulator = config.simulator.enabled ? (inCluster(config) ? 'on (run by the leader)' : 'on') : 'off';
lines.push(`  store: ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}; simulator ${simulator}`);
if (inCluster(config))
  lines.push(`  cluster node ${config.cluster.nodeId}, Redis channels ${config.cluster.redisPrefix}`);
if (config.mqtt.url)
  lines.push(`  MQTT ingest from ${new URL(config.mqtt.url).host} (share group ${config.mqtt.shareGroup})`);
console.log(lines.join('\n'));

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Past 10 s something hangs: leave anyway rather than never.
    setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
