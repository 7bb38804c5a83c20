// Fault tests' tools: the hub as a child process (to kill it for real), and a steady ingest that
// records which samples the hub acknowledged, which it refused, and which were cut off in flight.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DEMO_INGEST_KEY } from '../helper.ts';

const main = path.resolve(import.meta.dirname, '../../src/main.ts');

export interface ChildHub {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output(): string;
}

/** Starts `npm start`'s entry point on a free port and resolves once it prints its URL. */
export async function startChildHub(env: Record<string, string>): Promise<ChildHub> {
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      SIMULATOR: 'false',
      SCRYPT_LOG2N: '10',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const found = /running at (http:\/\/\S+)/.exec(output)?.[1];
      if (found) return resolve(found);
      if (child.exitCode !== null) return reject(new Error(`the hub exited (${child.exitCode}):\n${output}`));
      setTimeout(check, 50);
    };
    check();
  });
  return { child, url, exited, output: () => output };
}

export interface Sample {
  series: string;
  ts: number;
  value: number;
}

/** What a sender learnt from the hub: acknowledged samples, and the answers that were not 200. */
export interface IngestRecord {
  acknowledged: Sample[];
  sent: Sample[];
  refusals: { status: number; retryAfter: string | null; body: string }[];
}

/**
 * Sends batches of `batchSize` new samples of `series` (one millisecond apart, going back from now) one
 * after another until `until()` says stop; a batch counts as acknowledged only on a 200. With `live`,
 * each batch starts at the current time instead (never before the previous one ends), so that the
 * samples are live ones: those the fan-out sends. With `keepGoing`, a request cut off in flight (a node
 * behind a proxy killed) does not end the stream: its batch is neither acknowledged nor refused.
 */
export async function ingestSteadily(
  url: string,
  series: string,
  {
    batchSize,
    until,
    start = Date.now() - 3_600_000,
    record,
    live = false,
    keepGoing = false,
  }: {
    batchSize: number;
    until: () => boolean;
    start?: number;
    record: IngestRecord;
    live?: boolean;
    keepGoing?: boolean;
  },
): Promise<void> {
  let ts = live ? Date.now() : start;
  while (!until()) {
    if (live) ts = Math.max(ts, Date.now());
    const samples = Array.from({ length: batchSize }, (_, i) => ({
      series,
      ts: ts + i,
      value: 50 + ((ts + i) % 100) / 100,
    }));
    ts += batchSize;
    record.sent.push(...samples);
    let response: Response;
    try {
      response = await fetch(`${url}/api/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-key': DEMO_INGEST_KEY },
        body: JSON.stringify({ samples }),
      });
    } catch {
      // The hub went away mid-request: this batch is neither acknowledged nor refused.
      if (keepGoing) continue;
      return;
    }
    const body = await response.text();
    // Every sample here is valid: a 200 must carry them all.
    if (response.status === 200 && JSON.parse(body).accepted === samples.length) record.acknowledged.push(...samples);
    else record.refusals.push({ status: response.status, retryAfter: response.headers.get('retry-after'), body });
  }
}

export const newRecord = (): IngestRecord => ({ acknowledged: [], sent: [], refusals: [] });

/** The samples a SQLite file holds, as "series key@ts" → value. */
export function storedSamples(file: string): Map<string, number> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db
      .prepare(
        // Staged samples are committed too (store/telemetry/sqliteStaging.ts).
        `SELECT s.device_id || '/' || s.key AS key, x.ts, x.value
         FROM (SELECT * FROM samples UNION ALL SELECT * FROM samples_staged) x JOIN series s ON s.id = x.series_id`,
      )
      .all() as { key: string; ts: number; value: number }[];
    return new Map(rows.map((r) => [`${r.key}@${Number(r.ts)}`, Number(r.value)]));
  } finally {
    db.close();
  }
}

/** The samples of `wanted` missing from (or different in) `stored`. */
export function missing(stored: Map<string, number>, wanted: readonly Sample[]): Sample[] {
  return wanted.filter((s) => stored.get(`${s.series}@${s.ts}`) !== s.value);
}
