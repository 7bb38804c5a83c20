// A device page's alarms and events: its open alarms live from the alarm feed, the alarms raised and the
// events logged in the page's period (the alarm and event logs filtered to the device), each alarm opening
// the console (or, once closed, the alarm log) on it; and the marks those alarms leave on the page's
// history chart (useDeviceAlarms). Used by the inverter and the wind turbine pages.
import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Alarm, SiteEvent } from '@voltscope/shared/alarms';
import type { Device } from '@voltscope/shared/fleet';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryOf } from '../../alarmFeed/alarmView.ts';
import { useAlarmFeed, useAlarmFeedState } from '../../alarmFeed/hooks.ts';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';
import { formatNumber, localDigits } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { type ChartMarker, fullFormat, type TimeRange } from '../../plots/historyView.ts';
import { call } from '../../session/api.ts';
import { alarmMarkers, alarmPath, mergeAlarms } from './deviceAlarms.ts';
import { type Loaded, useApi } from './siteData.ts';

/** Alarms of the period read from the log (the newest first), and events. */
const ALARM_PAGE = 100;
const EVENT_PAGE = 50;
/** The logs are read again this often (the open alarms are live from the feed). */
const LOG_REFRESH_MS = 15_000;

export interface DeviceAlarmData {
  /** The device's alarms open now (the live feed). */
  open: readonly Alarm[];
  /** The device's alarms raised in the period (the log), brought up to date by the feed. */
  logged: Loaded<{ items: Alarm[]; total: number }>;
  events: Loaded<{ items: SiteEvent[]; total: number }>;
  /** Raised and returned-to-normal moments of both, for the history chart. */
  markers: readonly ChartMarker[];
}

/** A device's open alarms, its alarms and events over `range`, and their marks for a chart of that range. */
export function useDeviceAlarms(device: Device, range: TimeRange): DeviceAlarmData {
  const lng = useLanguage();
  useAlarmFeed();
  const feed = useAlarmFeedState((s) => s.alarms);
  const open = useMemo(() => feed.filter((a) => a.deviceId === device.id), [feed, device.id]);
  const span = { devices: device.id, from: String(Math.floor(range.from)), to: String(Math.ceil(range.to)) };
  const logged = useApi(
    call('GET /api/alarms/history', {
      query: { ...span, sort: 'raisedAt', order: 'desc', pageSize: ALARM_PAGE },
    }),
    LOG_REFRESH_MS,
  );
  const events = useApi(
    call('GET /api/events', { query: { ...span, sort: 'ts', order: 'desc', pageSize: EVENT_PAGE } }),
    LOG_REFRESH_MS,
  );
  const loggedItems = logged.status === 'ready' ? logged.data.items : null;
  const markers = useMemo(() => {
    // A period that ends now (moved on once a minute) also takes the alarms raised since its last move.
    const view = { from: range.from, to: range.to >= Date.now() - 2 * 60_000 ? Number.POSITIVE_INFINITY : range.to };
    return alarmMarkers(mergeAlarms(open, loggedItems ?? []), view, (a) =>
      localDigits(lng, a.message[lng] || a.message.en),
    );
  }, [open, loggedItems, range, lng]);
  const current = useMemo((): DeviceAlarmData['logged'] => {
    if (logged.status !== 'ready') return logged;
    // The log's copy of an alarm still open is as old as the request: the feed's is the live one.
    const live = new Map(open.map((a) => [a.id, a]));
    return { status: 'ready', data: { ...logged.data, items: logged.data.items.map((a) => live.get(a.id) ?? a) } };
  }, [logged, open]);
  return { open, logged: current, events, markers };
}

function AlarmLine({ alarm, timeZone }: { alarm: Alarm; timeZone: string }) {
  const { t } = useTranslation(['devices', 'common']);
  const lng = useLanguage();
  const time = fullFormat(lng, timeZone);
  const category = alarm.state === 'closed' ? 'closed' : categoryOf(alarm);
  return (
    <li data-testid="device-alarm" data-alarm-id={alarm.id} data-priority={alarm.priority} data-state={category}>
      <Anchor
        component={Link}
        to={alarmPath(alarm)}
        underline="never"
        c="inherit"
        display="block"
        py={6}
        title={t(alarm.state === 'closed' ? 'devices:alarms.openLog' : 'devices:alarms.openConsole')}
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <PriorityIcon priority={alarm.priority} />
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={alarm.clearedAt === null ? 600 : 400} td="underline">
              {localDigits(lng, alarm.message[lng] || alarm.message.en)}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`common:priority.${alarm.priority}`)} · {t(`devices:alarms.state.${category}`)} ·{' '}
              {t('devices:alarms.raisedAt', { time: time.format(alarm.raisedAt) })},{' '}
              {alarm.clearedAt === null
                ? t('devices:alarms.stillActive')
                : t('devices:alarms.clearedAt', { time: time.format(alarm.clearedAt) })}
            </Text>
          </Stack>
        </Group>
      </Anchor>
    </li>
  );
}

function Listing<T>({
  title,
  testId,
  loaded,
  empty,
  error,
  allLink,
  allText,
  render,
}: {
  title: string;
  testId: string;
  loaded: Loaded<{ items: T[]; total: number }>;
  empty: string;
  error: string;
  allLink: string;
  allText: string;
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation(['devices', 'common']);
  const lng = useLanguage();
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={4} fz="sm" fw={600}>
        {title}
      </Title>
      {loaded.status === 'loading' && <Skeleton h={60} />}
      {loaded.status === 'error' && (
        <Alert color="red" variant="light" role="alert" p="xs">
          {error}
        </Alert>
      )}
      {loaded.status === 'ready' &&
        (loaded.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>{loaded.data.items.map(render)}</ul>
            {loaded.data.total > loaded.data.items.length && (
              <Text size="xs" c="dimmed">
                {t('devices:alarms.shownOf', {
                  shown: formatNumber(lng, loaded.data.items.length),
                  total: formatNumber(lng, loaded.data.total),
                })}
              </Text>
            )}
          </>
        ))}
      <Anchor component={Link} to={allLink} size="xs" w="fit-content">
        {allText}
      </Anchor>
    </Stack>
  );
}

/** The section of a device page: open alarms, the period's alarms, the period's events. */
export function DeviceAlarms({ device, timeZone, data }: { device: Device; timeZone: string; data: DeviceAlarmData }) {
  const { t } = useTranslation(['devices', 'common']);
  const lng = useLanguage();
  const time = fullFormat(lng, timeZone);
  const logQuery = `?${new URLSearchParams({ devices: device.id })}`;
  return (
    <Card component="section" aria-labelledby="device-alarms-title" data-testid="device-alarms">
      <Title order={3} fz="lg" fw={600} mb="sm" id="device-alarms-title">
        {t('devices:alarms.title')}
      </Title>
      <Stack gap="md">
        <Stack gap={4} data-testid="device-open-alarms">
          <Title order={4} fz="sm" fw={600}>
            {t('devices:alarms.open')}
          </Title>
          {data.open.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('devices:alarms.noneOpen')}
            </Text>
          ) : (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {data.open.map((a) => (
                <AlarmLine key={a.id} alarm={a} timeZone={timeZone} />
              ))}
            </ul>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Listing
            title={t('devices:alarms.period')}
            testId="device-period-alarms"
            loaded={data.logged}
            empty={t('devices:alarms.nonePeriod')}
            error={t('devices:alarms.loadError')}
            allLink={`/alarm/history${logQuery}`}
            allText={t('devices:alarms.allAlarms')}
            render={(a: Alarm) => <AlarmLine key={a.id} alarm={a} timeZone={timeZone} />}
          />
          <Listing
            title={t('devices:alarms.events')}
            testId="device-events"
            loaded={data.events}
            empty={t('devices:alarms.noneEvents')}
            error={t('devices:alarms.eventsError')}
            allLink={`/event/history${logQuery}`}
            allText={t('devices:alarms.allEvents')}
            render={(e: SiteEvent) => (
              <li key={e.id} data-testid="device-event" data-type={e.type}>
                <Text size="sm" py={4}>
                  <Text span size="xs" c="dimmed" me={6}>
                    {time.format(e.ts)}
                  </Text>
                  <Text span fw={500} me={6}>
                    {t(`common:eventType.${e.type}`)}
                  </Text>
                  {localDigits(lng, e.message[lng] || e.message.en)}
                  {e.userName && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {e.userName}
                      {e.comment ? `: ${e.comment}` : ''}
                    </Text>
                  )}
                </Text>
              </li>
            )}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
