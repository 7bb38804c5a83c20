// The times and value an alarm's facts list shares between the console's detail pane and the timeline
// drawer: when it was raised (at what value), returned to normal and acknowledged (by whom). Rendered as
// `dt`/`dd` pairs inside the caller's `dl`.
import type { Alarm } from '@voltscope/shared/alarms';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { formatFullTime } from './alarmTime.ts';

export function AlarmTimes({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation(['alarms']);
  const lng = useLanguage();
  return (
    <>
      <dt>{t('alarms:timeline.raised')}</dt>
      <dd>{formatFullTime(lng, alarm.raisedAt)}</dd>
      {alarm.value !== null && (
        <>
          <dt>{t('alarms:timeline.value')}</dt>
          <dd>{formatNumber(lng, alarm.value, 2)}</dd>
        </>
      )}
      {alarm.clearedAt !== null && (
        <>
          <dt>{t('alarms:timeline.cleared')}</dt>
          <dd>{formatFullTime(lng, alarm.clearedAt)}</dd>
        </>
      )}
      {alarm.acknowledgedAt !== null && (
        <>
          <dt>{t('alarms:timeline.acknowledged')}</dt>
          <dd>
            {formatFullTime(lng, alarm.acknowledgedAt)}
            {alarm.acknowledgedBy ? ` · ${alarm.acknowledgedBy}` : ''}
          </dd>
        </>
      )}
    </>
  );
}
