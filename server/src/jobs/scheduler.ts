// The hub's one clock for background work: every periodic job (rollups, retention, daily KPIs, the alarm
// clock, webhook retries) is registered here, runs at most once at a time, has its failures logged, and
// stops on close. A job may be gated (`when`): singleton work runs on the cluster's leader only. The live path keeps its own timers on purpose (the fan-out's frame window, a socket's
// session expiry, the simulator's sample period): they pace data, not upkeep.

export interface JobLog {
  error(details: object, message: string): void;
}

export interface JobTiming {
  /** Time between runs, in ms. */
  everyMs: number;
  /** Time before the first run, in ms (default: everyMs). */
  firstMs?: number;
  /** Whether a period runs the job (default: always); the cluster's singleton jobs ask if this node leads. */
  when?: () => boolean;
}

type Work = () => unknown;

const always = () => true;

interface Job extends Required<JobTiming> {
  work: Work;
  /** Runs started or waiting: a tick is skipped while any is. */
  pending: number;
  /** The last run queued: runs of one job follow each other, never overlap. */
  tail: Promise<void>;
}

export class Scheduler {
  readonly #log: JobLog;
  readonly #jobs = new Map<string, Job>();
  readonly #timers: NodeJS.Timeout[] = [];
  #stopped = false;

  constructor(log: JobLog) {
    this.#log = log;
  }

  /** Registers a periodic job; it starts with `start()`. */
  every(name: string, timing: JobTiming, work: Work): void {
    if (this.#jobs.has(name)) throw new Error(`job ${name} is already scheduled`);
    const { everyMs, firstMs = everyMs, when = always } = timing;
    this.#jobs.set(name, { everyMs, firstMs, when, work, pending: 0, tail: Promise.resolve() });
  }

  start(): void {
    for (const [name, job] of this.#jobs) {
      const tick = () => {
        // Still busy from the last period: skip this one rather than pile runs up.
        if (job.pending === 0 && job.when()) void this.run(name);
      };
      const first = setTimeout(() => {
        if (this.#stopped) return;
        tick();
        const timer = setInterval(tick, job.everyMs);
        timer.unref();
        this.#timers.push(timer);
      }, job.firstMs);
      first.unref();
      this.#timers.push(first);
    }
  }

  /**
   * Runs a job now, after its run in progress (`work` replaces its usual work for this run: a full
   * recompute asked for by an admin). Resolves when it has run; a failure is logged, not thrown. Not
   * gated by `when`: what an admin asks for runs on the node that was asked.
   */
  run(name: string, work?: Work): Promise<void> {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`no job ${name}`);
    job.pending++;
    job.tail = job.tail.then(async () => {
      try {
        if (!this.#stopped) await (work ?? job.work)();
      } catch (error) {
        this.#log.error({ err: error, job: name }, 'background job failed');
      } finally {
        job.pending--;
      }
    });
    return job.tail;
  }

  /** Clears every timer and waits for the runs in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.length = 0;
    await Promise.all([...this.#jobs.values()].map((job) => job.tail));
  }
}
