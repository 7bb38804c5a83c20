// Fault matrix (RELIABILITY.md): the hub killed with SIGKILL while it ingests. Restarted on the same
// data it must hold every sample it acknowledged (I1), nothing it was never sent (I2), an intact file,
// and take ingest again.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildHub, ingestSteadily, missing, newRecord, startChildHub, storedSamples } from './childHub.ts';

const SERIES = ['fr-occitanie.inv01/ac_power', 'fr-occitanie.inv02/ac_power', 'ir-yazd.meter/grid_frequency'];

let dataDir: string;
const hubs: ChildHub[] = [];
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-sigkill-'));
});
afterAll(async () => {
  for (const hub of hubs) hub.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('SIGKILL during ingest', () => {
  it('keeps every acknowledged sample and nothing unsent, and ingests again after a restart', async () => {
    const first = await startChildHub({ DATA_DIR: dataDir });
    hubs.push(first);
    const records = SERIES.map(() => newRecord());
    let killed = false;
    const senders = records.map((record, i) =>
      ingestSteadily(first.url, SERIES[i] as string, { batchSize: 250, until: () => killed, record }),
    );
    // Killed mid-stream: each sender has a request in flight, and thousands of samples are acknowledged.
    while (records.some((r) => r.acknowledged.length < 2000)) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(senders);
    expect(await first.exited).toBeNull();

    const second = await startChildHub({ DATA_DIR: dataDir });
    hubs.push(second);
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    const file = path.join(dataDir, 'voltscope.db');
    const check = new DatabaseSync(file, { readOnly: true });
    expect(check.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    check.close();

    const stored = storedSamples(file);
    const acknowledged = records.flatMap((r) => r.acknowledged);
    const sent = new Set(records.flatMap((r) => r.sent).map((s) => `${s.series}@${s.ts}`));
    const unsent = [...stored.keys()].filter((k) => SERIES.some((s) => k.startsWith(`${s}@`)) && !sent.has(k));
    console.log(
      `SIGKILL: ${acknowledged.length} samples acknowledged, ${stored.size} stored, ${missing(stored, acknowledged).length} missing`,
    );
    expect(missing(stored, acknowledged)).toEqual([]);
    expect(unsent).toEqual([]);

    // The restarted hub takes new samples at once.
    const again = newRecord();
    let batches = 0;
    await ingestSteadily(second.url, SERIES[0] as string, {
      batchSize: 10,
      start: Date.now() - 60_000,
      until: () => batches++ >= 1,
      record: again,
    });
    expect(again.refusals).toEqual([]);
    expect(missing(storedSamples(file), again.acknowledged)).toEqual([]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
