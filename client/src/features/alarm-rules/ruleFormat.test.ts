import type { AlarmRule } from '@voltscope/shared/alarms';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../i18n/testResources.ts';
import { conditionText, formatDelay, thresholdUnit } from './ruleFormat.ts';

const t = i18next.createInstance();
const en = () => t.getFixedT('en', ['alarmRules', 'common'] as const);
beforeAll(() => t.init({ lng: 'en', resources, fallbackLng: false, defaultNS: 'common' }));

const base = { seriesKey: 'temperature', threshold: 75 } as AlarmRule;

describe('rule format', () => {
  it('says delays in the largest units that say them exactly', () => {
    expect(formatDelay(en(), 'en', 0)).toBe('0 s');
    expect(formatDelay(en(), 'en', 500)).toBe('500 ms');
    expect(formatDelay(en(), 'en', 30_000)).toBe('30 s');
    expect(formatDelay(en(), 'en', 2500)).toBe('2.5 s');
    expect(formatDelay(en(), 'en', 150_000)).toBe('2 min 30 s');
    expect(formatDelay(en(), 'en', 3_900_000)).toBe('1 h 5 min');
  });

  it('gives the unit of the series, per minute for a rate, seconds for silence', () => {
    expect(thresholdUnit({ kind: 'high', seriesKey: 'temperature' })).toBe('°C');
    expect(thresholdUnit({ kind: 'low', seriesKey: 'mppt_voltage:2' })).toBe('V');
    expect(thresholdUnit({ kind: 'rate_of_change', seriesKey: 'active_power' })).toBe('kW/min');
    expect(thresholdUnit({ kind: 'comm_loss', seriesKey: null })).toBe('s');
    expect(thresholdUnit({ kind: 'high', seriesKey: 'unknown' })).toBe('');
  });

  it('says when a rule raises, with its limit and unit', () => {
    expect(conditionText(en(), 'en', { ...base, kind: 'high' })).toBe('above 75\u00a0\u2066°C\u2069');
    expect(conditionText(en(), 'en', { ...base, kind: 'fault_code', threshold: 0 })).toBe('any fault code');
    expect(conditionText(en(), 'en', { ...base, kind: 'fault_code', threshold: 102 })).toBe('fault code 102');
    expect(conditionText(en(), 'en', { ...base, kind: 'comm_loss', seriesKey: null, threshold: 90 })).toBe(
      'no data for 1 min 30 s',
    );
  });
});
