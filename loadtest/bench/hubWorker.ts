// The hub for the end-to-end ingest benchmark, in a worker thread: it reports its port, then its own
// event-loop delay over the measured run. With `workerData.bare`, the baseline instead: a bare Fastify
// route that parses the same bodies as JSON and answers at once (no key, validation, live path or store),
// so that the machine's own lag under the same requests stands beside the hub's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-bench-hub-'));

async function bare(): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: 8 * 1024 * 1024 });
  app.post('/api/ingest', async (request) => {
    const n = (request.body as { samples: unknown[] }).samples.length;
    return { accepted: n, inserted: n, duplicates: 0, rejected: [] };
  });
  return app;
}

const isBare = (workerData as { bare?: boolean } | undefined)?.bare === true;
const app = isBare
  ? await bare()
  : await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIMULATOR: 'false', SCRYPT_LOG2N: '10' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const delay = monitorEventLoopDelay({ resolution: 1 });
parentPort?.postMessage({ port: typeof address === 'object' && address ? address.port : 0 });
parentPort?.on('message', async (message: string) => {
  if (message === 'measure') {
    delay.reset();
    delay.enable();
  } else if (message === 'report') {
    delay.disable();
    parentPort?.postMessage({ p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 });
  } else if (message === 'close') {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    parentPort?.postMessage('closed');
  }
});
