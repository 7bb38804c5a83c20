// The one look of a figure whose data stopped: hatched in grey with "No data since 14:02" (the site's time
// when the page knows the site, else the viewer's), or "No data yet", in real text announced as a status.
// `since` comes from the age watchdog (live/staleness.ts); with null the figure shows as it is.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSiteTime } from '../i18n/format.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import classes from './StaleMark.module.css';

const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** When the data stopped (ms), or `never` for a figure that has had none. */
export type StaleSinceTime = number | 'never';

/** "No data since 14:02", in the reader's language and digits. */
export function StaleSince({ since, timeZone }: { since: StaleSinceTime; timeZone?: string | undefined }) {
  const { t } = useTranslation(['common']);
  const lng = useLanguage();
  return (
    <span className={classes.since} role="status" data-testid="stale-since">
      {since === 'never'
        ? t('common:stale.never')
        : t('common:stale.since', { time: formatSiteTime(lng, timeZone ?? viewerTimeZone(), new Date(since)) })}
    </span>
  );
}

/**
 * A tile or chart marked stale while `since` is set: stripes over it and the line in its corner.
 * `inline`: a value in a line of text (the line follows the value instead of covering a corner).
 */
export function StaleMark({
  since,
  timeZone,
  inline = false,
  children,
}: {
  since: StaleSinceTime | null;
  timeZone?: string | undefined;
  inline?: boolean;
  children: ReactNode;
}) {
  const stale = since !== null;
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag className={inline ? classes.inline : classes.wrap} data-stale={stale || undefined} data-stale-mark="">
      {children}
      {stale && inline && <StaleSince since={since} timeZone={timeZone} />}
      {stale && (
        <span className={classes.hatch} aria-hidden={inline || undefined}>
          {!inline && <StaleSince since={since} timeZone={timeZone} />}
        </span>
      )}
    </Tag>
  );
}
