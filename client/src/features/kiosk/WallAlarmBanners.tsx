// The wall's alarm banners, above any page: one per active unacknowledged high or critical alarm (at most
// three; then "and N more"), in its priority's colour, with its device, message and time. Nothing to
// press: a wall cannot acknowledge.
import type { Alarm } from '@voltscope/shared/alarms';
import { useTranslation } from 'react-i18next';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';
import { useFleetDirectory } from '../../data/useFleetDirectory.ts';
import { formatNumber, formatSiteTime, localDigits } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { deviceLabel } from '../../logs/logCells.tsx';
import classes from './WallAlarmBanners.module.css';

const SHOWN = 3;
const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function WallAlarmBanners({ alarms }: { alarms: readonly Alarm[] }) {
  const { t } = useTranslation(['kiosk', 'common']);
  const lng = useLanguage();
  const directory = useFleetDirectory();
  if (alarms.length === 0) return null;
  const rest = alarms.length - SHOWN;
  return (
    <section className={classes.stack} aria-label={t('kiosk:alarms.region')} data-testid="wall-alarms">
      {alarms.slice(0, SHOWN).map((alarm) => (
        <div
          key={alarm.id}
          className={classes.banner}
          data-priority={alarm.priority}
          role="alert"
          data-testid="wall-alarm"
          data-alarm={alarm.id}
        >
          <PriorityIcon priority={alarm.priority} size={36} />
          <span className={classes.priority}>{t(`common:priority.${alarm.priority}`)}</span>
          <span className={classes.device} data-testid="wall-alarm-device">
            {deviceLabel(directory, alarm.deviceId, lng)}
          </span>
          <span className={classes.message}>{localDigits(lng, alarm.message[lng] || alarm.message.en)}</span>
          <time className={classes.time} dateTime={new Date(alarm.raisedAt).toISOString()}>
            {formatSiteTime(lng, localZone, new Date(alarm.raisedAt))}
          </time>
        </div>
      ))}
      {rest > 0 && (
        <div className={classes.more} data-testid="wall-alarms-more">
          {t('kiosk:alarms.more', { n: formatNumber(lng, rest) })}
        </div>
      )}
    </section>
  );
}
