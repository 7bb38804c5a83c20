import { describe, expect, it } from 'vitest';
import { judge, type SocketFlow } from './backpressure.ts';

const limits = { slowBytes: 1000, dropBytes: 10_000, bulkBytes: 100_000 };
const flow = (credit = 0, slow = false): SocketFlow => ({ credit, slow, behind: new Map() });

describe('judge', () => {
  it('keeps a socket that has written what it was given', () => {
    expect(judge(flow(), 0, limits).verdict).toBe('keeps-up');
    expect(judge(flow(), 1000, limits).verdict).toBe('keeps-up');
  });

  it('calls a socket slow past the limit, and drops it past the cap', () => {
    expect(judge(flow(), 1001, limits)).toEqual({ verdict: 'slow', backlog: 1001 });
    expect(judge(flow(), 10_001, limits).verdict).toBe('drop');
  });

  it('does not count a snapshot still draining as slowness, only what piles up behind it', () => {
    const f = flow(50_000);
    expect(judge(f, 50_000, limits).verdict).toBe('keeps-up');
    // Drained to 20 KB: the snapshot is at most that now.
    expect(judge(f, 20_000, limits).verdict).toBe('keeps-up');
    expect(f.credit).toBe(20_000);
    // Frames pile up behind it while nothing drains.
    expect(judge(f, 21_500, limits)).toEqual({ verdict: 'slow', backlog: 1500 });
  });

  it('takes a slow socket back only once it has drained to half the limit', () => {
    expect(judge(flow(0, true), 800, limits).verdict).toBe('slow');
    expect(judge(flow(0, true), 500, limits).verdict).toBe('keeps-up');
  });

  it('counts at most bulkBytes of snapshots as draining: a socket asking for more than it reads is dropped', () => {
    const f = flow(250_000);
    expect(judge(f, 250_000, limits)).toEqual({ verdict: 'drop', backlog: 150_000 });
    expect(judge(flow(250_000), 100_500, limits).verdict).toBe('keeps-up');
  });
});
