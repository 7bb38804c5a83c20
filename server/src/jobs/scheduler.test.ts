import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from './scheduler.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const log = () => ({ error: vi.fn() });

describe('scheduler', () => {
  it('runs a job first after firstMs, then every everyMs', async () => {
    const scheduler = new Scheduler(log());
    const work = vi.fn();
    scheduler.every('job', { firstMs: 50, everyMs: 1000 }, work);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(49);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(work).toHaveBeenCalledTimes(3);
    await scheduler.stop();
  });

  it('runs a gated job only in the periods its predicate allows', async () => {
    const scheduler = new Scheduler(log());
    let leading = false;
    const work = vi.fn();
    scheduler.every('singleton', { everyMs: 1000, when: () => leading }, work);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(work).not.toHaveBeenCalled();
    leading = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(work).toHaveBeenCalledTimes(2);
    leading = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(work).toHaveBeenCalledTimes(2);
    await scheduler.stop();
  });

  it('never overlaps runs of a job: a period that finds it busy is skipped', async () => {
    const scheduler = new Scheduler(log());
    let running = 0;
    let most = 0;
    const work = vi.fn(async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      running--;
    });
    scheduler.every('slow', { everyMs: 1000 }, work);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(7000);
    expect(most).toBe(1);
    expect(work.mock.calls.length).toBeLessThanOrEqual(3);
    const stopped = scheduler.stop();
    await vi.advanceTimersByTimeAsync(3000);
    await stopped;
  });

  it('runs a job on demand after the run in progress, with other work for that run', async () => {
    const scheduler = new Scheduler(log());
    const order: string[] = [];
    scheduler.every('job', { everyMs: 1000 }, async () => {
      order.push('scheduled start');
      await new Promise((resolve) => setTimeout(resolve, 500));
      order.push('scheduled end');
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1000);
    const asked = scheduler.run('job', () => {
      order.push('on demand');
    });
    await vi.advanceTimersByTimeAsync(500);
    await asked;
    expect(order).toEqual(['scheduled start', 'scheduled end', 'on demand']);
    await scheduler.stop();
  });

  it('logs a failure and keeps the job scheduled', async () => {
    const logger = log();
    const scheduler = new Scheduler(logger);
    const work = vi.fn(async () => {
      throw new Error('database away');
    });
    scheduler.every('flaky', { everyMs: 1000 }, work);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(work).toHaveBeenCalledTimes(3);
    expect(logger.error).toHaveBeenCalledTimes(3);
    expect(logger.error.mock.calls[0]?.[0]).toMatchObject({ job: 'flaky' });
    await scheduler.stop();
  });

  it('stops every timer on stop, after the run in progress', async () => {
    const scheduler = new Scheduler(log());
    let finished = false;
    const work = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });
    scheduler.every('job', { everyMs: 1000 }, work);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1000);
    const stopped = scheduler.stop();
    await vi.advanceTimersByTimeAsync(300);
    await stopped;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
