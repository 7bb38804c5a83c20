import type { AlarmRule } from '@voltscope/shared/alarms';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from './i18n.en.ts';
import { conditionText, formatDelay, thresholdUnit } from './ruleFormat.ts';

const t = i18next.createInstance();
beforeAll(() => t.init({ lng: 'en', resources: { en: { translation: { alarmRules: en } } } }));

const base = { seriesKey: 'temperature', threshold: 75 } as AlarmRule;

describe('rule format', () => {
  it('says delays in the largest units that say them exactly', () => {
    expect(formatDelay(t.t, 'en', 0)).toBe('0 s');
    expect(formatDelay(t.t, 'en', 500)).toBe('500 ms');
    expect(formatDelay(t.t, 'en', 30_000)).toBe('30 s');
    expect(formatDelay(t.t, 'en', 2500)).toBe('2.5 s');
    expect(formatDelay(t.t, 'en', 150_000)).toBe('2 min 30 s');
    expect(formatDelay(t.t, 'en', 3_900_000)).toBe('1 h 5 min');
  });

  it('gives the unit of the series, per minute for a rate, seconds for silence', () => {
    expect(thresholdUnit({ kind: 'high', seriesKey: 'temperature' })).toBe('°C');
    expect(thresholdUnit({ kind: 'low', seriesKey: 'mppt_voltage:2' })).toBe('V');
    expect(thresholdUnit({ kind: 'rate_of_change', seriesKey: 'active_power' })).toBe('kW/min');
    expect(thresholdUnit({ kind: 'comm_loss', seriesKey: null })).toBe('s');
    expect(thresholdUnit({ kind: 'high', seriesKey: 'unknown' })).toBe('');
  });

  it('says when a rule raises, with its limit and unit', () => {
    expect(conditionText(t.t, 'en', { ...base, kind: 'high' })).toBe('above 75\u00a0\u2066°C\u2069');
    expect(conditionText(t.t, 'en', { ...base, kind: 'fault_code', threshold: 0 })).toBe('any fault code');
    expect(conditionText(t.t, 'en', { ...base, kind: 'fault_code', threshold: 102 })).toBe('fault code 102');
    expect(conditionText(t.t, 'en', { ...base, kind: 'comm_loss', seriesKey: null, threshold: 90 })).toBe(
      'no data for 1 min 30 s',
    );
  });
});
