import { describe, expect, it } from 'vitest';
import { FailureThrottle } from './throttle.ts';

const policy = { allowance: 3, windowMs: 60_000, baseWaitMs: 1_000, maxWaitMs: 8_000 };

describe('FailureThrottle', () => {
  it('lets a key try freely until its allowance is used, then makes it wait', () => {
    let now = 0;
    const throttle = new FailureThrottle(policy, () => now);
    throttle.fail('a');
    throttle.fail('a');
    expect(throttle.retryAfter('a')).toBe(0);
    throttle.fail('a');
    expect(throttle.retryAfter('a')).toBe(1_000);
    now += 500;
    expect(throttle.retryAfter('a')).toBe(500);
    expect(throttle.retryAfter('b')).toBe(0);
  });

  it('doubles the wait with each further failure, up to the cap', () => {
    let now = 0;
    const throttle = new FailureThrottle(policy, () => now);
    const waits: number[] = [];
    const started: number[] = [];
    for (let i = 0; i < 7; i++) {
      started.push(throttle.fail('a'));
      waits.push(throttle.retryAfter('a'));
      now += 1;
    }
    expect(waits).toEqual([0, 0, 1_000, 2_000, 4_000, 8_000, 8_000]);
    expect(started).toEqual(waits);
  });

  it('forgets failures older than the window and after a success', () => {
    let now = 0;
    const throttle = new FailureThrottle(policy, () => now);
    throttle.fail('a');
    throttle.fail('a');
    now += 61_000;
    throttle.fail('a');
    expect(throttle.retryAfter('a')).toBe(0);
    throttle.fail('a');
    throttle.fail('a');
    expect(throttle.retryAfter('a')).toBeGreaterThan(0);
    throttle.succeed('a');
    expect(throttle.retryAfter('a')).toBe(0);
  });
});
