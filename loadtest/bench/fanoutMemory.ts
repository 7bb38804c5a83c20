// What an idle live connection holds on the hub: the real hub (SQLite, simulator off) with N Socket.IO
// clients (a worker thread, one site each, as the fan-out bench's `one` pattern) connected and
// subscribed, measured as the main isolate's heap and the process's external memory before and after,
// and, with --snapshot, two heap snapshots compared by constructor (self sizes, per connection).
// Run: npx node --expose-gc loadtest/bench/fanoutMemory.ts [clients=500] [--snapshot]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getHeapSnapshot } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { bareHub, GENERATOR_SITE } from './fanoutBaselines.ts';

const clients = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 500);
const withSnapshot = process.argv.includes('--snapshot');
/** --bare: the bench's bare Socket.IO hub instead of the real one, for comparison. */
const bare = process.argv.includes('--bare');

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Self bytes and counts by "type:name" over a heap snapshot. */
async function heapByConstructor(): Promise<Map<string, { bytes: number; count: number }>> {
  const chunks: Buffer[] = [];
  for await (const chunk of getHeapSnapshot()) chunks.push(chunk as Buffer);
  const heap = JSON.parse(Buffer.concat(chunks).toString()) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const out = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < heap.nodes.length; i += fields.length) {
    const kind = types[heap.nodes[i + type] as number];
    const label = kind === 'object' || kind === 'closure' ? (heap.strings[heap.nodes[i + name] as number] ?? '') : '';
    const key = `${kind}:${label.slice(0, 60)}`;
    const entry = out.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += heap.nodes[i + size] as number;
    entry.count++;
    out.set(key, entry);
  }
  return out;
}

function settle() {
  for (let i = 0; i < 4; i++) globalThis.gc?.();
  const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
  return { heapUsed, external, arrayBuffers, rss };
}

/** The hub under test: its URL, a token to connect with, and how to close it. */
async function startHub(): Promise<{ url: string; token: string | null; close(): Promise<void> }> {
  if (bare) {
    const hub = await bareHub('broadcast', 'generator');
    return { url: `http://127.0.0.1:${hub.port}`, token: null, close: () => hub.close() };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-memory-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SCRYPT_LOG2N: '10', SIMULATOR: 'false' }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin', password: 'Volt!Admin1' }),
  });
  const token = ((await login.json()) as { accessToken: string }).accessToken;
  return {
    url,
    token,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const { url, token, close } = await startHub();

// One client first, so that what is made once (compiled code, caches) is not counted per connection.
const connectAll = async (count: number) => {
  const worker = new Worker(new URL('./fanoutClients.ts', import.meta.url), {
    workerData: { url, token, subscriptions: Array.from({ length: count }, () => [GENERATOR_SITE]) },
  });
  await new Promise((resolve) => worker.once('message', resolve));
  return worker;
};
const warm = await connectAll(1);
const before = settle();
const beforeHeap = withSnapshot ? await heapByConstructor() : null;
const worker = await connectAll(clients);
await new Promise((r) => setTimeout(r, 1000));
const after = settle();
const kb = (bytes: number) => (bytes / clients / 1024).toFixed(2);
console.log(`${clients} idle connections, per connection:`);
for (const key of ['heapUsed', 'external', 'arrayBuffers', 'rss'] as const) {
  console.log(`  ${key.padEnd(12)} ${kb(after[key] - before[key]).padStart(8)} KB`);
}
if (beforeHeap) {
  const afterHeap = await heapByConstructor();
  const rows = [...afterHeap].map(([key, a]) => {
    const b = beforeHeap.get(key) ?? { bytes: 0, count: 0 };
    return { key, bytes: (a.bytes - b.bytes) / clients, count: (a.count - b.count) / clients };
  });
  rows.sort((x, y) => y.bytes - x.bytes);
  console.log('heap by constructor, per connection (bytes, count):');
  for (const row of rows.slice(0, 40)) {
    console.log(`  ${row.bytes.toFixed(0).padStart(7)}  ${row.count.toFixed(2).padStart(6)}  ${row.key}`);
  }
}
for (const w of [warm, worker]) w.postMessage('close');
await new Promise((r) => setTimeout(r, 500));
await Promise.all([warm.terminate(), worker.terminate()]);
await close();
