// How a rule reads in a table: its unit (from the fleet's metric list), its delays as "30 s" or
// "2 min 30 s", and its condition in words with the limit and unit ("above 75 °C").
import type { AlarmRule } from '@voltscope/shared/alarms';
import { metrics } from '@voltscope/shared/fleet';
import type { Language } from '@voltscope/shared/i18n';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../i18n/format.ts';

/** The unit of the watched series (`mppt_voltage:2` is a `mppt_voltage`), or '' where it has none. */
export function seriesUnit(seriesKey: string | null): string {
  const metric = seriesKey?.split(':')[0] ?? '';
  return Object.hasOwn(metrics, metric) ? metrics[metric as keyof typeof metrics].unit : '';
}

/** The unit of a rule's threshold and deadband: the series' unit, per minute for a rate, seconds for silence. */
export function thresholdUnit(rule: Pick<AlarmRule, 'kind' | 'seriesKey'>): string {
  if (rule.kind === 'comm_loss') return 's';
  if (rule.kind === 'fault_code') return '';
  const unit = seriesUnit(rule.seriesKey);
  return rule.kind === 'rate_of_change' ? `${unit}/min` : unit;
}

export function withUnit(lng: Language, value: number, unit: string): string {
  const number = formatNumber(lng, value, 2);
  // The unit in a left-to-right isolate: `°C` stays `°C` inside a Persian or Arabic sentence.
  return unit ? `${number}\u00a0\u2066${unit}\u2069` : number;
}

/** A delay in the largest units that say it exactly: "0 s", "500 ms", "30 s", "2 min 30 s", "1 h 5 min". */
export function formatDelay(t: TFunction<readonly ['alarmRules', 'common']>, lng: Language, ms: number): string {
  if (ms <= 0) return t('alarmRules:duration.s', { n: formatNumber(lng, 0) });
  if (ms < 1000) return t('alarmRules:duration.ms', { n: formatNumber(lng, ms) });
  const seconds = ms / 1000;
  if (seconds < 60) return t('alarmRules:duration.s', { n: formatNumber(lng, seconds, 1) });
  const parts: string[] = [];
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = Math.round((seconds % 60) * 10) / 10;
  if (hours) parts.push(t('alarmRules:duration.h', { n: formatNumber(lng, hours) }));
  if (minutes) parts.push(t('alarmRules:duration.min', { n: formatNumber(lng, minutes) }));
  if (rest) parts.push(t('alarmRules:duration.s', { n: formatNumber(lng, rest, 1) }));
  return parts.join(' ');
}

/** When the rule raises, in words: "above 75 °C", "any fault code", "no data for 30 s". */
export function conditionText(t: TFunction<readonly ['alarmRules', 'common']>, lng: Language, rule: AlarmRule): string {
  const limit = withUnit(lng, rule.threshold, thresholdUnit(rule));
  switch (rule.kind) {
    case 'high':
      return t('alarmRules:condition.high', { limit });
    case 'low':
      return t('alarmRules:condition.low', { limit });
    case 'fault_code':
      return rule.threshold === 0
        ? t('alarmRules:condition.faultAny')
        : t('alarmRules:condition.faultCode', { code: formatNumber(lng, rule.threshold) });
    case 'comm_loss':
      return t('alarmRules:condition.commLoss', { duration: formatDelay(t, lng, rule.threshold * 1000) });
    case 'rate_of_change':
      return t('alarmRules:condition.rate', { limit });
  }
}

/** Whether a deadband means anything for this kind of rule (a limit that is crossed back). */
export const hasDeadband = (kind: AlarmRule['kind']): boolean =>
  kind === 'high' || kind === 'low' || kind === 'rate_of_change';
