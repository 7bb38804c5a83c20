// An alarm's whole story in a drawer (opened by `?alarm=<id>`, so that a link opens it too): what it is
// and where, then every transition from GET /api/alarms/:id in order, each with its time, how long after
// the alarm was raised, who did it and what they wrote.
import { Alert, Drawer, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import type { Alarm, SiteEvent } from '@voltscope/shared/alarms';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetDirectory } from '../../data/useFleetDirectory.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { deviceLabel, TimeCell, useSiteName } from '../../logs/logCells.tsx';
import { SeverityIcon } from '../../logs/logIcons.tsx';
import type { TimeZoneMode } from '../../logs/logQuery.ts';
import { formatDuration, formatStamp, myTimeZone } from '../../logs/logTime.ts';
import { SeverityBadge } from '../../logs/SeverityBadge.tsx';
import { api, call, type Reply } from '../../session/api.ts';
import { IconCheck, IconCircleCheck, IconClock, IconGear, IconLock, IconPencil, IconShield } from '../../ui/icons.tsx';
import classes from './AlarmHistory.module.css';
import { AlarmFlags, AlarmStateLabel } from './AlarmHistoryColumns.tsx';

type AlarmDetail = Reply<'GET /api/alarms/:id'>;

type Detail = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: AlarmDetail };

function bulletOf(type: SiteEvent['type'], alarm: Alarm): ReactNode {
  switch (type) {
    case 'alarm_raised':
      return <SeverityIcon severity={alarm.priority} size={14} />;
    case 'alarm_acknowledged':
      return <IconCheck size={14} />;
    case 'alarm_returned':
      return <IconCircleCheck size={14} />;
    case 'alarm_closed':
      return <IconLock size={14} />;
    case 'alarm_shelved':
    case 'alarm_unshelved':
      return <IconClock size={14} />;
    case 'alarm_suppressed':
    case 'alarm_unsuppressed':
      return <IconShield size={14} />;
    case 'alarm_comment':
      return <IconPencil size={14} />;
    default:
      return <IconGear size={14} />;
  }
}

function Summary({ alarm, directory, zone }: { alarm: Alarm; directory: FleetDirectory; zone: TimeZoneMode }) {
  const { t } = useTranslation(['alarms', 'events', 'common']);
  const lng = useLanguage();
  const siteName = useSiteName(directory);
  const rows: [string, ReactNode][] = [
    [t('alarms:history.columns.priority'), <SeverityBadge key="p" severity={alarm.priority} />],
    [
      t('alarms:history.columns.state'),
      <Stack key="s" gap={4} align="flex-start">
        <AlarmStateLabel state={alarm.state} />
        <AlarmFlags alarm={alarm} now={Date.now()} />
      </Stack>,
    ],
    [t('events:columns.site'), siteName(alarm.siteId)],
    [t('events:columns.device'), deviceLabel(directory, alarm.deviceId, lng)],
    [
      t('alarms:history.columns.raised'),
      <TimeCell key="r" ts={alarm.raisedAt} siteId={alarm.siteId} zone={zone} directory={directory} lng={lng} />,
    ],
  ];
  if (alarm.value !== null) rows.push([t('alarms:history.columns.value'), formatNumber(lng, alarm.value, 2)]);
  const shelvedUntil =
    alarm.state !== 'closed' && alarm.shelvedUntil !== null && alarm.shelvedUntil > Date.now()
      ? alarm.shelvedUntil
      : null;
  return (
    <Stack gap="sm">
      <Text fw={600}>{alarm.message[lng] || alarm.message.en}</Text>
      <dl className={classes.summary}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {shelvedUntil !== null && (
        <Text size="sm">
          {t('alarms:history.timeline.shelvedUntil', {
            time: formatStamp(
              lng,
              zone === 'site' ? (directory.siteById.get(alarm.siteId)?.timeZone ?? myTimeZone()) : myTimeZone(),
              shelvedUntil,
            ),
          })}
        </Text>
      )}
      {alarm.state !== 'closed' && (
        <Text size="sm">
          {t('alarms:history.timeline.stillOpen', { duration: formatDuration(lng, Date.now() - alarm.raisedAt) })}
        </Text>
      )}
    </Stack>
  );
}

/** A step of the story: an event of the timeline, or the closing the alarm itself records. */
type Step = Pick<SiteEvent, 'type' | 'ts' | 'userName' | 'comment'> & { key: string };

function stepsOf({ alarm, timeline }: AlarmDetail): Step[] {
  const steps: Step[] = [...timeline]
    .sort((a, b) => a.seq - b.seq)
    .map((e) => ({ key: String(e.seq), type: e.type, ts: e.ts, userName: e.userName, comment: e.comment }));
  // Acknowledging an alarm that had already returned closes it in the same transition (one event): its
  // closing is still a step of the story, told from the alarm's own closing time.
  if (alarm.closedAt !== null && !steps.some((s) => s.type === 'alarm_closed')) {
    steps.push({ key: 'closed', type: 'alarm_closed', ts: alarm.closedAt, userName: null, comment: null });
  }
  return steps;
}

function Transitions({
  detail,
  directory,
  zone,
}: {
  detail: AlarmDetail;
  directory: FleetDirectory;
  zone: TimeZoneMode;
}) {
  const { t } = useTranslation(['alarms', 'events', 'common']);
  const lng = useLanguage();
  const { alarm } = detail;
  const steps = stepsOf(detail);
  if (steps.length === 0) return <Text size="sm">{t('alarms:history.timeline.empty')}</Text>;
  return (
    <Timeline active={steps.length - 1} bulletSize={24} lineWidth={2} data-testid="alarm-timeline">
      {steps.map((step) => (
        <Timeline.Item
          key={step.key}
          bullet={bulletOf(step.type, alarm)}
          title={t(`common:eventType.${step.type}`)}
          data-type={step.type}
          data-testid="timeline-item"
        >
          <Stack gap={2}>
            <Text size="sm">
              <TimeCell ts={step.ts} siteId={alarm.siteId} zone={zone} directory={directory} lng={lng} />
            </Text>
            {step.type !== 'alarm_raised' && (
              <Text size="xs">
                {t('alarms:history.timeline.after', { duration: formatDuration(lng, step.ts - alarm.raisedAt) })}
              </Text>
            )}
            {step.userName && (
              <Text size="sm" fw={600} data-testid="timeline-user">
                {t('alarms:history.by', { user: step.userName })}
              </Text>
            )}
            {step.comment && (
              <blockquote className={classes.quote} data-testid="timeline-comment">
                {step.comment}
              </blockquote>
            )}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

export function AlarmHistoryTimeline({
  alarmId,
  onClose,
  directory,
  zone,
}: {
  alarmId: number | null;
  onClose: () => void;
  directory: FleetDirectory;
  zone: TimeZoneMode;
}) {
  const { t } = useTranslation(['alarms', 'events', 'common']);
  const lng = useLanguage();
  const [detail, setDetail] = useState<Detail>({ status: 'loading' });

  useEffect(() => {
    if (alarmId === null) return;
    const controller = new AbortController();
    setDetail({ status: 'loading' });
    api(call('GET /api/alarms/:id', { params: { id: alarmId } }), { signal: controller.signal }).then(
      (data) => setDetail({ status: 'ready', data }),
      () => {
        if (!controller.signal.aborted) setDetail({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [alarmId]);

  return (
    <Drawer
      opened={alarmId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={alarmId === null ? '' : t('alarms:history.timeline.title', { id: formatNumber(lng, alarmId) })}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      data-testid="alarm-drawer"
    >
      {detail.status === 'loading' && <Skeleton h={240} />}
      {detail.status === 'error' && (
        <Alert color="red" variant="light" role="alert">
          {t('alarms:history.timeline.loadError')}
        </Alert>
      )}
      {detail.status === 'ready' && (
        <Stack gap="lg">
          <Summary alarm={detail.data.alarm} directory={directory} zone={zone} />
          <Stack gap="sm">
            <Text fw={700}>{t('alarms:history.timeline.transitions')}</Text>
            <Transitions detail={detail.data} directory={directory} zone={zone} />
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
