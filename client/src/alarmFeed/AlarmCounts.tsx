// The navbar's alarm counts: per priority, in the console's words and figures (alarmView.ts `tally`),
// the alarms of the working list waiting for an acknowledgement (active or back to normal) over those
// active (the condition still present); shelved, suppressed and out-of-service ones aside. Each opens
// the console filtered, and its name says what each figure counts.
import { alarmPriorities } from '@voltscope/shared/alarms';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../i18n/format.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import classes from './AlarmCounts.module.css';
import { countByPriority } from './alarmView.ts';
import { useAlarmFeedState } from './hooks.ts';
import { PriorityIcon } from './PriorityIcon.tsx';

export function AlarmCounts() {
  const { t } = useTranslation(['alarms', 'common']);
  const lng = useLanguage();
  const alarms = useAlarmFeedState((s) => s.alarms);
  const status = useAlarmFeedState((s) => s.status);
  const counts = useMemo(() => countByPriority(alarms), [alarms]);
  const known = status === 'ready';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of links, not a form's fieldset.
    <div
      role="group"
      aria-label={t('alarms:nav.label')}
      className={classes.counts}
      data-testid="alarm-counts"
      data-status={status}
    >
      {alarmPriorities.map((priority) => {
        const { unacknowledged, active } = counts[priority];
        const label = known
          ? t('alarms:nav.count', {
              priority: t(`common:priority.${priority}`),
              unacknowledged: formatNumber(lng, unacknowledged),
              active: formatNumber(lng, active),
            })
          : t('alarms:nav.countLoading', { priority: t(`common:priority.${priority}`) });
        return (
          <Link
            key={priority}
            to={`/alarm/realtime?priority=${priority}`}
            className={classes.count}
            data-priority={priority}
            data-unacknowledged={known && unacknowledged > 0 ? '' : undefined}
            data-testid={`alarm-count-${priority}`}
            data-counts={known ? `${unacknowledged}/${active}` : undefined}
            aria-label={label}
            title={label}
          >
            <PriorityIcon priority={priority} size={16} />
            <span className={classes.figures} aria-hidden="true">
              {known ? (
                <>
                  <span>{formatNumber(lng, unacknowledged)}</span>
                  <span className={classes.total}>
                    <span className={classes.separator}>/</span>
                    {formatNumber(lng, active)}
                  </span>
                </>
              ) : (
                '–'
              )}
            </span>
          </Link>
        );
      })}
    </div>
  );
}
