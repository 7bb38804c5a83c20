// The hub as a process: what `npm start` prints, a clean stop on SIGTERM, a clear refusal of bad config.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, '../src/main.ts');
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-process-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, SCRYPT_LOG2N: '10', LOG_LEVEL: 'warn', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('the hub process', () => {
  it('prints its URL and the demo sign-ins, serves, and stops cleanly on SIGTERM', async () => {
    const hub = run({ PORT: '0', HOST: '127.0.0.1', BACKFILL_DAYS: '1', BACKFILL_STEP: '1h' });
    let url = '';
    for (let i = 0; i < 200 && !url; i++) {
      await new Promise((r) => setTimeout(r, 50));
      url = /running at (http:\/\/\S+)/.exec(hub.output().stdout)?.[1] ?? '';
    }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(hub.output().stdout).toContain('admin@voltscope.io or admin / Volt!Admin1');
    expect(hub.output().stdout).toContain('client@voltscope.io or client / Volt!Client1');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    hub.child.kill('SIGTERM');
    expect(await hub.exited).toBe(0);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });

  it('refuses to start on a bad setting and says which', async () => {
    const hub = run({ PORT: 'http', SESSION_TTL: 'forever' });
    expect(await hub.exited).toBe(1);
    expect(hub.output().stderr).toContain('PORT="http": expected a whole number from 0 to 65535');
    expect(hub.output().stderr).toContain('SESSION_TTL="forever": expected a duration');
  });
});
