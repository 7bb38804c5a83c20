import type { AlarmHealth } from '@voltscope/shared/kpis';
import { describe, expect, it } from 'vitest';
import { messageIn, rateLevel, summarise } from './healthFigures.ts';

const targets = { floodPer10Min: 10, chatterPerMinute: 3, standingHours: 24, manageablePer10Min: 1 };
const W = 600_000;

describe('alarm system health', () => {
  it('places a rate against the ISA-18.2 targets', () => {
    expect(rateLevel(0.4, targets)).toBe('manageable');
    expect(rateLevel(1, targets)).toBe('manageable');
    expect(rateLevel(2.5, targets)).toBe('overTarget');
    expect(rateLevel(11, targets)).toBe('flood');
  });

  it('totals the windows and finds the busiest and the floods, biggest first', () => {
    const health: AlarmHealth = {
      from: 0,
      to: 4 * W,
      targets,
      per10Min: { ts: [0, W, 2 * W, 3 * W], counts: [0, 12, 2, 15] },
      averagePer10Min: 29 / 4,
      floods: [
        { start: W, count: 12 },
        { start: 3 * W, count: 15 },
      ],
      mostFrequent: [],
      chattering: [],
      standing: [],
    };
    expect(summarise(health)).toEqual({
      total: 29,
      level: 'overTarget',
      peak: { start: 3 * W, count: 15 },
      windowsOverTarget: 3,
      windows: 4,
      floods: [
        { start: 3 * W, count: 15 },
        { start: W, count: 12 },
      ],
    });
  });

  it('reads an alarm text in the reader’s language, or English', () => {
    expect(messageIn({ en: 'Trip', fa: 'قطع' }, 'fa')).toBe('قطع');
    expect(messageIn({ en: 'Trip' }, 'ar')).toBe('Trip');
  });
});
