// "No data from <site> since 14:02 (2 min)": shown on a page of the site when no frame came for 10 s
// while the connection is up (the connection banner speaks when it is down). The verdict is the age
// watchdog's (live/staleness.ts); the banner goes by itself with the next frame.
import { useTranslation } from 'react-i18next';
import { formatNumber, formatSiteTime } from '../i18n/format.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import { useSiteSilence } from '../live/staleness.ts';
import classes from './StaleMark.module.css';

export function SiteStaleBanner({ site }: { site: { id: string; name: string; timeZone: string } | null | undefined }) {
  const { t } = useTranslation(['common']);
  const lng = useLanguage();
  const silence = useSiteSilence(site?.id);
  if (!silence || !site) return null;
  const minutes = formatNumber(lng, silence.minutes);
  // The name isolated: a Latin name in a right-to-left sentence keeps its place (and the reverse).
  const name = `\u2068${site.name}\u2069`;
  const time = silence.since === null ? '' : formatSiteTime(lng, site.timeZone, new Date(silence.since));
  const text =
    silence.since === null
      ? t('common:stale.siteNever', { site: name })
      : silence.minutes < 1
        ? t('common:stale.siteRecent', { site: name, time })
        : t('common:stale.site', { site: name, time, minutes });
  return (
    <div className={classes.banner} role="status" data-testid="site-stale-banner" data-site={site.id}>
      {text}
    </div>
  );
}
