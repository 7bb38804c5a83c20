// A site's active alarms as the pages that show sites draw them: per priority with any, its icon and
// count, each a link to the console filtered on the site and that priority; or, in words, that none is
// active or that the alarms are not known (the feed is loading or failed: never a reassuring "none").
import { alarmPriorities } from '@voltscope/shared/alarms';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { siteAlarmsPath } from '../data/sitePath.ts';
import { formatNumber } from '../i18n/format.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import { PriorityIcon } from './PriorityIcon.tsx';
import classes from './SiteAlarmTally.module.css';
import type { SiteAlarmSummary } from './siteAlarms.ts';

export function SiteAlarmTally({
  siteId,
  siteName,
  summary,
  known,
  size = 'md',
}: {
  siteId: string;
  siteName: string;
  summary: SiteAlarmSummary;
  known: boolean;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation(['fleet', 'common']);
  const lng = useLanguage();
  if (!known) {
    return (
      <span className={classes.note} data-testid="alarm-tally" data-known="false">
        {t('fleet:alarms.unknown')}
      </span>
    );
  }
  if (summary.worst === null) {
    return (
      <span className={classes.note} data-testid="alarm-tally" data-known="true">
        {t('fleet:alarms.none')}
      </span>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of links, not a form's fieldset.
    <div
      role="group"
      aria-label={t('fleet:alarms.label', { site: siteName })}
      className={classes.tally}
      data-size={size}
      data-testid="alarm-tally"
      data-known="true"
    >
      {alarmPriorities
        .filter((priority) => summary.counts[priority] > 0)
        .map((priority) => {
          const count = summary.counts[priority];
          const label = t('fleet:alarms.count', {
            priority: t(`common:priority.${priority}`),
            count: formatNumber(lng, count),
          });
          return (
            <Link
              key={priority}
              to={siteAlarmsPath(siteId, priority)}
              className={classes.count}
              data-testid={`tally-${priority}`}
              data-count={count}
              aria-label={label}
              title={label}
            >
              <PriorityIcon priority={priority} size={size === 'lg' ? 24 : 18} />
              <span aria-hidden="true">{formatNumber(lng, count)}</span>
            </Link>
          );
        })}
    </div>
  );
}
