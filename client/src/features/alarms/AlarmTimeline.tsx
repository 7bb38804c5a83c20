// An alarm's transitions on demand (GET /api/alarms/:id): raised, acknowledged, shelved, commented,
// returned to normal… each with its time, who and their comment. It reloads when the alarm changes
// while it is open, so an acknowledgement from another console appears in it too.

import { Alert, Badge, Drawer, Group, Loader, Stack, Text, useDirection } from '@mantine/core';
import type { Alarm, SiteEvent } from '@voltscope/shared/alarms';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryOf } from '../../alarmFeed/alarmView.ts';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';
import { devicePath } from '../../data/deviceLink.ts';
import { localDigits } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { api, call } from '../../session/api.ts';
import { errorText } from './ActionDialog.tsx';
import classes from './AlarmConsole.module.css';
import { AlarmTimes } from './AlarmTimes.tsx';
import { formatFullTime } from './alarmTime.ts';
import type { DeviceInfo } from './useDeviceDirectory.ts';

type Loaded = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; timeline: SiteEvent[] };

export function AlarmTimeline({
  alarm,
  siteName,
  device,
  onClose,
}: {
  alarm: Alarm;
  siteName: string;
  device: DeviceInfo | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['alarms', 'common']);
  const lng = useLanguage();
  const { dir } = useDirection();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  // Reloaded whenever the alarm changes (its seq moves with every transition).
  // biome-ignore lint/correctness/useExhaustiveDependencies: alarm.seq is the reload trigger.
  useEffect(() => {
    const controller = new AbortController();
    api(call('GET /api/alarms/:id', { params: { id: alarm.id } }), { signal: controller.signal }).then(
      ({ timeline }) => setLoaded({ status: 'ready', timeline }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [alarm.id, alarm.seq]);

  const path = devicePath(alarm.deviceId);
  const message = localDigits(lng, alarm.message[lng] || alarm.message.en);
  return (
    <Drawer
      opened
      onClose={onClose}
      position={dir === 'rtl' ? 'left' : 'right'}
      size="md"
      title={t('alarms:timeline.title')}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      data-testid="alarm-timeline"
    >
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <PriorityIcon priority={alarm.priority} size={22} />
          <Stack gap={2}>
            <Text fw={700}>{message}</Text>
            <Text size="sm" c="dimmed">
              {t(`common:priority.${alarm.priority}`)} · {siteName} ·{' '}
              {path ? <Link to={path}>{device?.name ?? alarm.deviceId}</Link> : (device?.name ?? alarm.deviceId)}
            </Text>
          </Stack>
        </Group>
        <dl className={classes.facts}>
          <dt>{t('alarms:timeline.state')}</dt>
          <dd>
            <Badge variant="light" color="gray" radius="sm">
              {t(`alarms:category.${categoryOf(alarm)}`)}
            </Badge>
          </dd>
          <AlarmTimes alarm={alarm} />
          {alarm.shelvedUntil !== null && (
            <>
              <dt>{t('alarms:timeline.shelvedUntil')}</dt>
              <dd>{formatFullTime(lng, alarm.shelvedUntil)}</dd>
            </>
          )}
          {alarm.outOfServiceUntil !== null && (
            <>
              <dt>{t('alarms:console.outOfServiceUntil')}</dt>
              <dd>{formatFullTime(lng, alarm.outOfServiceUntil)}</dd>
            </>
          )}
        </dl>
        <Text fw={600} component="h3" size="md" m={0}>
          {t('alarms:timeline.transitions')}
        </Text>
        {loaded.status === 'loading' && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('alarms:timeline.loading')}</Text>
          </Group>
        )}
        {loaded.status === 'error' && <Alert color="red">{errorText(t, loaded.error)}</Alert>}
        {loaded.status === 'ready' && (
          <ol className={classes.timeline} data-testid="timeline-events">
            {loaded.timeline.map((event) => (
              <li key={event.id} data-type={event.type}>
                <Text size="sm" fw={600}>
                  {t(`common:eventType.${event.type}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={new Date(event.ts).toISOString()}>{formatFullTime(lng, event.ts)}</time>
                  {event.userName ? ` · ${event.userName}` : ''}
                </Text>
                {event.comment && (
                  <Text size="sm" className={classes.comment}>
                    {event.comment}
                  </Text>
                )}
              </li>
            ))}
          </ol>
        )}
      </Stack>
    </Drawer>
  );
}
