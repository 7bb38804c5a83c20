import { describe, expect, it } from 'vitest';
import { capacityParts, formatList, formatNumber, formatSiteTime, formatUngrouped } from './format.ts';

describe('format', () => {
  it('writes Persian digits in Persian', () => {
    expect(formatNumber('fa', 1250)).toBe('۱٬۲۵۰');
    expect(formatUngrouped('fa', 2026)).toBe('۲۰۲۶');
  });

  it('gives solar capacity in peak watts and wind in watts, switching to MW from 1000 kW', () => {
    expect(capacityParts('en', 12_500, 'solar')).toEqual({ unit: 'MWp', value: '12.5' });
    expect(capacityParts('en', 850, 'solar')).toEqual({ unit: 'kWp', value: '850' });
    expect(capacityParts('en', 45_000, 'wind')).toEqual({ unit: 'MW', value: '45' });
    expect(capacityParts('fr', 1_234, 'wind')).toEqual({ unit: 'MW', value: '1,23' });
  });

  it('shows the wall-clock time of the site, not of the reader', () => {
    const instant = new Date('2026-01-15T12:00:00Z');
    expect(formatSiteTime('en', 'Europe/Paris', instant)).toBe('13:00');
    expect(formatSiteTime('en', 'Asia/Tehran', instant)).toBe('15:30');
  });

  it('joins lists the way the language does', () => {
    expect(formatList('en', ['A', 'B'])).toBe('A and B');
    expect(formatList('fr', ['A', 'B'])).toBe('A et B');
  });
});
