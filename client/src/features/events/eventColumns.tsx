// The columns of an event log, shared by the event history and the realtime tail: when (in the reader's
// or the site's time zone), where, what, how severe, the message in the reader's language, who and why.

import { Anchor } from '@mantine/core';
import type { SiteEvent } from '@voltscope/shared/alarms';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FleetDirectory } from '../../data/useFleetDirectory.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import type { Column } from '../../logs/LogTable.tsx';
import { DASH, TimeCell, usePlaceColumns } from '../../logs/logCells.tsx';
import type { TimeZoneMode } from '../../logs/logQuery.ts';
import classes from '../../logs/logs.module.css';
import { SeverityBadge } from '../../logs/SeverityBadge.tsx';

export function useEventColumns(directory: FleetDirectory, zone: TimeZoneMode): Column<SiteEvent>[] {
  const { t } = useTranslation(['events', 'common']);
  const lng = useLanguage();
  const place = usePlaceColumns<SiteEvent>(directory);
  return useMemo(
    () => [
      {
        key: 'time',
        header: t('events:columns.time'),
        sortKey: 'ts',
        render: (e) => <TimeCell ts={e.ts} siteId={e.siteId} zone={zone} directory={directory} lng={lng} />,
      },
      ...place,
      {
        key: 'type',
        header: t('events:columns.type'),
        sortKey: 'type',
        // An alarm's event leads to the alarm's whole timeline.
        render: (e) =>
          e.alarmId === null ? (
            t(`common:eventType.${e.type}`)
          ) : (
            <Anchor component={Link} to={`/alarm/history?alarm=${e.alarmId}`} size="sm" data-testid="event-alarm-link">
              {t(`common:eventType.${e.type}`)}
            </Anchor>
          ),
      },
      {
        key: 'severity',
        // Not sortable: the server orders severities by name (critical, high, info, low...), not by rank.
        header: t('events:columns.severity'),
        render: (e) => <SeverityBadge severity={e.severity} />,
      },
      {
        key: 'message',
        header: t('events:columns.message'),
        render: (e) => <span className={classes.message}>{e.message[lng] || e.message.en}</span>,
      },
      { key: 'user', header: t('events:columns.user'), render: (e) => e.userName ?? DASH },
      {
        key: 'comment',
        header: t('events:columns.comment'),
        render: (e) => (e.comment ? <span className={classes.message}>{e.comment}</span> : ''),
      },
    ],
    [t, lng, zone, directory, place],
  );
}

export const eventKey = (e: SiteEvent): string => `${e.siteId ?? 'fleet'}:${e.seq}`;
