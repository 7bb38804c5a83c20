// `npm run bench -- abuse` in its short form: a few healthy clients, one quiet and one abuse run of two
// seconds each against the real hub in its own process, and a report that carries the figures the issue
// names, each a number, with the attack's requests actually sent and answered.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../bench/report.ts';
import { runScript } from './command.ts';

const root = path.resolve(import.meta.dirname, '../..');

// A cheaper password hash so that each hub starts in seconds; the attack is the same.
const bench = (args: string[]) =>
  runScript(path.join(root, 'loadtest/bench/run.ts'), args, { cwd: root, env: { ...process.env, SCRYPT_LOG2N: '10' } });

describe('npm run bench -- abuse', () => {
  it('reports healthy latency beside the quiet run, the hub loop lag and lost frames, under a real attack', async () => {
    const { code, stdout, stderr } = await bench([
      'abuse',
      '--json',
      '--no-save',
      '--clients',
      '3',
      '--rounds',
      '1',
      '--seconds',
      '2',
    ]);
    expect(code, stderr).toBe(0);
    const report = JSON.parse(stdout.trim().split('\n').at(-1) as string) as Report;
    expect(report.scenario).toBe('abuse');
    const figure = (name: string) => report.figures.find((f) => f.name === name);

    const p99 = figure('abuse.healthy_latency.p99_ms');
    expect(p99?.unit).toBe('ms');
    expect(p99?.value).toBeGreaterThan(0);
    expect(p99?.baseline).toBeGreaterThan(0);
    expect(p99?.ratio).toBeCloseTo((p99?.baseline as number) / (p99?.value as number));
    const lag = figure('abuse.event_loop_lag.p99_ms');
    expect(Number.isFinite(lag?.value)).toBe(true);
    expect(Number.isFinite(lag?.baseline)).toBe(true);
    const lost = figure('abuse.lost_frames');
    expect(lost?.unit).toBe('frames');
    expect(Number.isInteger(lost?.value)).toBe(true);

    // The attack ran: each of its kinds sent requests, and the run's log shows how they were answered.
    for (const kind of ['sign_in_per_s', 'ingest_per_s', 'subscribe_per_s', 'stalled_sockets_per_s']) {
      expect(figure(`abuse.attack.${kind}`)?.value, kind).toBeGreaterThan(0);
    }
    expect(stderr).toMatch(/ingest_anonymous \d+\/s \([^)]*\b\d+ 401\b/);
  }, 180_000);

  it('refuses a size that is not a whole number, and an attack it does not know', async () => {
    const sizes = await bench(['abuse', '--no-save', '--clients', 'many']);
    expect(sizes.code).not.toBe(0);
    expect(sizes.stderr).toContain('--clients takes a whole number from 1');
    const attacks = await bench(['abuse', '--no-save', '--attacks', 'sign_in,ddos']);
    expect(attacks.code).not.toBe(0);
    expect(attacks.stderr).toContain('--attacks takes some of sign_in,ingest,subscribe,stalled; got sign_in,ddos');
  });
});
