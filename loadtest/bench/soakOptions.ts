// The soak's flags and their defaults: how long it runs (`--hours`), how much simulated time that covers
// (`--days`, or `--warp` directly), the playlist's dwell, and how often the network drops and the hub
// restarts. Defaults put three drops and three restarts or more in any run; `--quick` is a few minutes.
import { playlistPageNames } from '@voltscope/shared/displays';

export interface SoakOptions {
  hours: number;
  /** SIM_WARP: simulated seconds per wall-clock second (1 to 1,000). */
  warp: number;
  /** Simulated days the run covers (hours × warp / 24). */
  days: number;
  /** SIM_PERIOD (ms): a simulated sample step of about one a wall-clock second, 100 ms to 60 s. */
  periodMs: number;
  dwellSeconds: number;
  dropEveryMinutes: number;
  dropSeconds: number;
  restartEveryMinutes: number;
  /** Seconds between two samples of the wall at most (a minute; less in a quick run). */
  sampleSeconds: number;
  /**
   * A sample every this many page turns: as many as fit in `sampleSeconds`, and sharing no factor with the
   * playlist's length, so that the samples visit every page in turn (3 turns of 9 pages would see 3).
   */
  sampleEveryTurns: number;
  /**
   * Seconds before growth is fitted: the first playlist cycle, or longer while the client's rings fill
   * (900 samples a series, client/src/live/liveStore.ts: 15 minutes at one a second) if that is longer;
   * at most a third of the run.
   */
  warmupSeconds: number;
  /** A paired display (the default) or an operator's session turned by the benchmark. */
  display: boolean;
  /** An operator acknowledges what the wall shows, once a minute (soakOperator.ts); off with `--no-operator`. */
  operator: boolean;
}

export const SOAK_FLAGS = [
  '--hours',
  '--days',
  '--warp',
  '--dwell',
  '--drop-every',
  '--drop-seconds',
  '--restart-every',
];

/** The playlist holds every page (shared/src/displays.ts). */
const PAGES = playlistPageNames.length;
const RING_SAMPLES = 900;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

export class SoakOptionError extends Error {}

export function soakOptions(args: readonly string[], quick: boolean): SoakOptions {
  const value = (flag: string): number | undefined => {
    const i = args.indexOf(flag);
    if (i < 0) return undefined;
    const n = Number(args[i + 1]);
    if (!Number.isFinite(n) || n <= 0) throw new SoakOptionError(`${flag} needs a positive number`);
    return n;
  };
  const hours = value('--hours') ?? (quick ? 0.1 : 2);
  const days = value('--days');
  const warpFlag = value('--warp');
  const warp = Math.round(Math.min(1000, Math.max(1, warpFlag ?? (days ? (days * 24) / hours : 1))));
  const dropEveryMinutes = value('--drop-every') ?? (hours * 60) / 4;
  const restartEveryMinutes = value('--restart-every') ?? (hours * 60) / 4;
  const dwellSeconds = value('--dwell') ?? (quick ? 10 : 20);
  const sampleSeconds = quick ? 20 : 60;
  let sampleEveryTurns = Math.max(1, Math.floor(sampleSeconds / dwellSeconds));
  while (gcd(sampleEveryTurns, PAGES) !== 1) sampleEveryTurns--;
  const periodMs = Math.min(60_000, Math.max(100, warp * 1000));
  return {
    hours,
    warp,
    days: (hours * warp) / 24,
    periodMs,
    dwellSeconds,
    dropEveryMinutes,
    dropSeconds: value('--drop-seconds') ?? Math.min(60, (dropEveryMinutes * 60) / 4),
    restartEveryMinutes,
    sampleSeconds,
    sampleEveryTurns,
    warmupSeconds: Math.min(
      (hours * 3600) / 3,
      Math.max(dwellSeconds * PAGES, (RING_SAMPLES * periodMs) / warp / 1000),
    ),
    display: !args.includes('--no-display'),
    operator: !args.includes('--no-operator'),
  };
}

export interface SoakEvent {
  kind: 'drop' | 'restart';
  /** Seconds after the wall opened. */
  at: number;
}

/** Drops at every `dropEvery`, restarts halfway between (at ½, 1½, 2½… `restartEvery`), in time order. */
export function soakSchedule(o: SoakOptions): SoakEvent[] {
  const end = o.hours * 3600;
  const events: SoakEvent[] = [];
  for (let at = o.dropEveryMinutes * 60; at + o.dropSeconds < end; at += o.dropEveryMinutes * 60) {
    events.push({ kind: 'drop', at });
  }
  for (let at = o.restartEveryMinutes * 30; at < end; at += o.restartEveryMinutes * 60) {
    events.push({ kind: 'restart', at });
  }
  return events.sort((a, b) => a.at - b.at);
}
