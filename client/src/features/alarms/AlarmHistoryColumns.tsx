// The columns of the alarm history: when raised (in the reader's or the site's zone), where, how urgent
// (priority by word, shape and fill), its ISA-18.2 state with its flags, the message in the reader's
// language (which names the value that raised it), when it returned, who acknowledged it, and its timeline.
import { Button, Group, Stack, Text } from '@mantine/core';
import type { Alarm, AlarmState } from '@voltscope/shared/alarms';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetDirectory } from '../../data/useFleetDirectory.ts';
import { formatNumber } from '../../i18n/format.ts';
import { dynamicKey } from '../../i18n/namespaces.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import type { Column } from '../../logs/LogTable.tsx';
import { DASH, TimeCell, usePlaceColumns } from '../../logs/logCells.tsx';
import { IconTimeline } from '../../logs/logIcons.tsx';
import type { TimeZoneMode } from '../../logs/logQuery.ts';
import { SeverityBadge } from '../../logs/SeverityBadge.tsx';
import classes from './AlarmHistory.module.css';

export function AlarmStateLabel({ state }: { state: AlarmState }) {
  const { t } = useTranslation(['alarms', 'events', 'common']);
  return (
    <span className={classes.state} data-open={state === 'closed' ? undefined : ''} data-state={state}>
      {t(`alarms:history.state.${state}`)}
    </span>
  );
}

export function AlarmFlags({ alarm, now }: { alarm: Alarm; now: number }) {
  const { t } = useTranslation(['alarms', 'events', 'common']);
  const flags = [
    alarm.shelvedUntil !== null && alarm.shelvedUntil > now && alarm.state !== 'closed' ? 'shelved' : null,
    alarm.suppressed ? 'suppressed' : null,
    alarm.outOfService ? 'outOfService' : null,
  ].filter((f) => f !== null);
  if (flags.length === 0) return null;
  return (
    <Group gap={4}>
      {flags.map((flag) => (
        <span key={flag} className={classes.flag}>
          {t(dynamicKey('alarms', `alarms:history.flags.${flag}`))}
        </span>
      ))}
    </Group>
  );
}

export function useAlarmColumns(
  directory: FleetDirectory,
  zone: TimeZoneMode,
  onOpen: (alarm: Alarm) => void,
): Column<Alarm>[] {
  const { t } = useTranslation(['alarms', 'events', 'common']);
  const lng = useLanguage();
  const place = usePlaceColumns<Alarm>(directory);
  return useMemo(() => {
    const now = Date.now();
    const time = (ts: number | null, siteId: string) =>
      ts === null ? DASH : <TimeCell ts={ts} siteId={siteId} zone={zone} directory={directory} lng={lng} />;
    return [
      {
        key: 'raised',
        header: t('alarms:history.columns.raised'),
        sortKey: 'raisedAt',
        render: (a) => time(a.raisedAt, a.siteId),
      },
      ...place,
      {
        key: 'priority',
        header: t('alarms:history.columns.priority'),
        sortKey: 'priority',
        render: (a) => <SeverityBadge severity={a.priority} />,
      },
      {
        key: 'state',
        header: t('alarms:history.columns.state'),
        sortKey: 'state',
        render: (a) => (
          <Stack gap={4} align="flex-start">
            <AlarmStateLabel state={a.state} />
            <AlarmFlags alarm={a} now={now} />
          </Stack>
        ),
      },
      {
        key: 'message',
        header: t('events:columns.message'),
        render: (a) => <span className={classes.message}>{a.message[lng] || a.message.en}</span>,
      },
      {
        key: 'returned',
        header: t('alarms:history.columns.returned'),
        render: (a) => time(a.clearedAt, a.siteId),
      },
      {
        key: 'acknowledged',
        header: t('alarms:history.columns.acknowledged'),
        render: (a) =>
          a.acknowledgedAt === null ? (
            DASH
          ) : (
            <Stack gap={0}>
              {time(a.acknowledgedAt, a.siteId)}
              {a.acknowledgedBy && (
                <Text size="xs" data-testid="acknowledged-by">
                  {t('alarms:history.by', { user: a.acknowledgedBy })}
                </Text>
              )}
            </Stack>
          ),
      },
      {
        key: 'timeline',
        header: t('alarms:history.columns.timeline'),
        render: (a) => (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTimeline size={14} />}
            onClick={() => onOpen(a)}
            aria-label={t('alarms:history.openLabel', { id: formatNumber(lng, a.id), message: a.message[lng] })}
            data-testid="open-timeline"
          >
            {t('alarms:history.open')}
          </Button>
        ),
      },
    ];
  }, [t, lng, zone, directory, onOpen, place]);
}
