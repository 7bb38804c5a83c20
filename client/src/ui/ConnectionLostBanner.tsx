// "Connection lost 3 min ago, reconnecting…": shown while the live socket is down, counted from when it
// was lost (the age watchdog's verdict, in whole minutes); gone by itself once the socket is back.
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import { useConnectionLost } from '../live/staleness.ts';
import classes from './StaleMark.module.css';

export function ConnectionLostBanner() {
  const { t } = useTranslation(['common']);
  const lng = useLanguage();
  const lost = useConnectionLost();
  if (!lost) return null;
  const text =
    lost.minutes < 1
      ? t('common:stale.connectionJustNow')
      : t('common:stale.connection', { minutes: formatNumber(lng, lost.minutes) });
  return (
    <div className={classes.banner} role="status" data-testid="connection-lost-banner">
      {text}
    </div>
  );
}
