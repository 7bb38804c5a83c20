// The navbar's live connection light: green when live, amber while reconnecting, red when offline, and
// since when the connection is lost (the age watchdog's banner says how long ago). Shown only while a
// page follows live data.
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatSiteTime } from '../i18n/format.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import { useConnection } from './hooks.ts';

const COLORS = { connecting: 'gray', live: 'teal', reconnecting: 'yellow', offline: 'red' } as const;

export function ConnectionIndicator() {
  const { t } = useTranslation(['common']);
  const lng = useLanguage();
  const status = useConnection((s) => s.status);
  const since = useConnection((s) => s.since);
  if (status === 'idle') return null;
  const time = formatSiteTime(lng, Intl.DateTimeFormat().resolvedOptions().timeZone, new Date(since));
  const label = status === 'offline' ? t('common:connection.offline', { time }) : t(`common:connection.${status}`);
  const detail = status === 'reconnecting' ? t('common:stale.lostSince', { time }) : label;
  return (
    <Tooltip label={detail}>
      <Badge
        color={COLORS[status]}
        variant="dot"
        size="lg"
        role="status"
        aria-live="polite"
        data-testid="connection"
        data-status={status}
        data-since={status === 'reconnecting' || status === 'offline' ? since : undefined}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
