// Fault matrix (RELIABILITY.md): the disk fills up under the hub's SQLite file while it ingests. The
// hub must answer 503 with Retry-After instead of acknowledging, say on /api/health that its store is
// failing, keep every sample it acknowledged (I1), and ingest again once space is freed, without a
// restart. The file lives on a small tmpfs of its own (mounting needs root, as CI runs).
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helper.ts';
import { ingestSteadily, missing, newRecord, storedSamples } from './childHub.ts';

const SERIES = 'fr-occitanie.inv01/ac_power';

let mountPoint: string;
let mounted = false;
let refusedBecause = '';
let server: TestServer | undefined;

beforeAll(async () => {
  mountPoint = await mkdtemp(path.join(tmpdir(), 'voltscope-fulldisk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    mounted = true;
  } catch (error) {
    refusedBecause = String((error as { stderr?: Buffer }).stderr ?? error).trim();
  }
});
afterAll(async () => {
  // Detached first (lazily: the hub may still hold the file), so that no tmpfs outlives a failed run.
  if (mounted) execFileSync('umount', ['-l', mountPoint]);
  await server?.close();
  await rm(mountPoint, { recursive: true, force: true });
});

describe('a full disk during writes', () => {
  it('answers 503 with Retry-After, says so on /api/health, loses nothing acknowledged, and recovers', async (ctx) => {
    if (!mounted) {
      console.warn(`skipped: a tmpfs could not be mounted (run as root, as CI does): ${refusedBecause}`);
      ctx.skip();
    }
    server = await startTestServer({ dataDir: mountPoint });
    const file = path.join(mountPoint, 'voltscope.db');
    // A filler file takes all but a little of the space, so that a few thousand samples fill the rest.
    const { bavail, bsize } = await statfs(mountPoint);
    const filler = path.join(mountPoint, 'filler');
    await writeFile(filler, Buffer.alloc(Math.max(0, bavail * bsize - 512 * 1024)));

    const record = newRecord();
    let batches = 0;
    await ingestSteadily(server.url, SERIES, {
      batchSize: 500,
      until: () => record.refusals.length > 0 || batches++ >= 400,
      record,
    });
    console.log(`full disk: ${record.acknowledged.length} samples acknowledged before the first refusal`);
    expect(record.refusals).toHaveLength(1);
    const [refusal] = record.refusals;
    expect(refusal?.status).toBe(503);
    expect(refusal?.retryAfter).toMatch(/^\d+$/);
    expect(JSON.parse(refusal?.body ?? '{}')).toMatchObject({ code: 'UNAVAILABLE' });

    const health = await server.request('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'degraded', store: { ok: false } });
    expect(missing(storedSamples(file), record.acknowledged)).toEqual([]);

    // Space is freed: the same hub takes ingest again and is healthy.
    await rm(filler);
    const after = newRecord();
    let more = 0;
    await ingestSteadily(server.url, SERIES, {
      batchSize: 500,
      start: Date.now() - 60_000,
      until: () => more++ >= 3,
      record: after,
    });
    expect(after.refusals).toEqual([]);
    expect((await server.request('GET', '/api/health')).status).toBe(200);
    expect(missing(storedSamples(file), [...record.acknowledged, ...after.acknowledged])).toEqual([]);
  });
});
