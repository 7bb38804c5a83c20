// When the site's last frame arrived (site time), and whether the hub refused the site. A lost connection
// is the layout's banner (ConnectionLostBanner), a silent site the page's (SiteStaleBanner).
import { Alert, type MantineSpacing, Text } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { useTranslation } from 'react-i18next';
import { formatSiteTime } from '../i18n/format.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import { useConnection, useLastFrameTime } from '../live/hooks.ts';

export function Freshness({
  site,
  ns,
  alertGap,
}: {
  site: Site;
  /** The namespace of the page's feature holding `refused`, `lastFrame`, `waiting`. */
  ns: 'overview' | 'realtime';
  /** Space beneath each alert, when the page does not space its parts itself. */
  alertGap?: MantineSpacing | undefined;
}) {
  const { t } = useTranslation([ns, 'common']);
  const lng = useLanguage();
  const last = useLastFrameTime(site.id);
  const refused = useConnection((s) => s.refused[site.id]);
  const gap = alertGap === undefined ? {} : { mb: alertGap };
  return (
    <>
      {refused && (
        <Alert color="red" variant="light" {...gap} role="alert">
          {t(`${ns}:refused`)}
        </Alert>
      )}
      <Text size="sm" c="dimmed" data-testid="last-frame">
        {last
          ? t(`${ns}:lastFrame`, { time: formatSiteTime(lng, site.timeZone, new Date(last), true) })
          : t(`${ns}:waiting`)}
      </Text>
    </>
  );
}
