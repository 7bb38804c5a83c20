import { describe, expect, it } from 'vitest';
import {
  capacityParts,
  energyParts,
  formatDate,
  formatList,
  formatNumber,
  formatRelativeTime,
  formatSiteTime,
  formatUngrouped,
  localDigits,
  powerParts,
} from './format.ts';

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

describe('power and energy', () => {
  it('scales watts and watt-hours to the unit that keeps three digits', () => {
    expect(powerParts('en', 950)).toEqual({ unit: 'W', value: '950' });
    expect(powerParts('en', 1_250)).toEqual({ unit: 'kW', value: '1.25' });
    expect(powerParts('en', 48_000_000)).toEqual({ unit: 'MW', value: '48' });
    expect(powerParts('en', 999_960)).toEqual({ unit: 'MW', value: '1' });
    expect(powerParts('en', 2.5e9)).toEqual({ unit: 'GW', value: '2.5' });
    expect(energyParts('en', 12_345)).toEqual({ unit: 'kWh', value: '12.3' });
    expect(energyParts('fr', 3_400_000)).toEqual({ unit: 'MWh', value: '3,4' });
  });

  it('writes the number in the reader’s digits', () => {
    expect(powerParts('fa', 1_500).value).toBe('۱٫۵');
    expect(energyParts('fa', 250_000)).toEqual({ unit: 'kWh', value: '۲۵۰' });
  });
});

describe('dates', () => {
  it('uses the Persian calendar and digits in Persian', () => {
    expect(formatDate('fa', Date.UTC(2026, 2, 21, 12))).toBe('۱ فروردین ۱۴۰۵');
  });

  it('says how long ago in the reader’s language', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(formatRelativeTime('en', now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(formatRelativeTime('fr', now + 3 * 86_400_000, now)).toBe('dans 3 jours');
  });
});

describe('localDigits', () => {
  it('writes the numbers of a text worded elsewhere in the language digits', () => {
    expect(localDigits('fa', 'Inverter 22: 350.5 kW')).toBe('Inverter ۲۲: ۳۵۰٫۵ kW');
    expect(localDigits('ar', 'code 103.')).toBe(`code ${formatUngrouped('ar', 103)}.`);
    expect(localDigits('en', 'Inverter 22: 350.5 kW')).toBe('Inverter 22: 350.5 kW');
    expect(localDigits('fr', 'Onduleur 22 : 350.5 kW')).toBe('Onduleur 22 : 350,5 kW');
  });
});
