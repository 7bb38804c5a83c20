// Realtime events (/event/realtime): a live tail of every event of the user's sites, newest on top,
// for an operator's second screen or a wall screen left for weeks (the buffer keeps the last 1,000).
// Pause holds new events aside and counts them; resume shows them. Filters (in the URL) apply at once
// to what is held and to what arrives. Sign-ins are hidden unless asked for (a switch, `?signins=shown`).
import { Alert, Badge, Button, Card, Group, Switch, Text } from '@mantine/core';
import type { SiteEvent } from '@voltscope/shared/alarms';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFleetDirectory } from '../../data/useFleetDirectory.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useConnection } from '../../live/hooks.ts';
import { type FilterControls, LogFilters } from '../../logs/LogFilters.tsx';
import { EmptyLog, LoadingRows } from '../../logs/LogStates.tsx';
import { LogTable } from '../../logs/LogTable.tsx';
import { IconPause, IconPlay } from '../../logs/logIcons.tsx';
import { activeFilters, type LogSpec, type LogView, parseView, writeView } from '../../logs/logQuery.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useEventChoices } from './eventChoices.ts';
import { eventKey, useEventColumns } from './eventColumns.tsx';
import { eventFilter } from './eventFilter.ts';
import classes from './events.module.css';
import { TAIL_LIMIT } from './eventTail.ts';
import { useEventTail } from './useEventTail.ts';

const SPEC: LogSpec = { lists: ['sites', 'devices', 'types', 'priorities'], sorts: ['ts'] };
/** Rows drawn at first; the rest of the buffer on demand (a wall screen shows a few dozen anyway). */
const PAGE = 100;

/** Whether sign-ins are shown (`?signins=shown`); hidden by default. */
function useSignIns(): [boolean, (shown: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const shown = params.get('signins') === 'shown';
  const show = (next: boolean) =>
    setParams(
      (current) => {
        const after = new URLSearchParams(current);
        if (next) after.set('signins', 'shown');
        else after.delete('signins');
        return after;
      },
      { replace: true, preventScrollReset: true },
    );
  return [shown, show];
}

function useTailFilters(): FilterControls {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseView(params, SPEC), [params]);
  const write = (next: LogView) =>
    setParams((current) => writeView(next, SPEC, current), { replace: true, preventScrollReset: true });
  return {
    view,
    filter: (patch) => write({ ...view, ...patch }),
    setLists: (patch) => write({ ...view, lists: { ...view.lists, ...patch } }),
    reset: () => write({ ...parseView(new URLSearchParams(), SPEC), zone: view.zone }),
  };
}

function ConnectionNotice() {
  const { t } = useTranslation(['events', 'common']);
  const status = useConnection((s) => s.status);
  if (status !== 'reconnecting' && status !== 'offline') return null;
  return (
    <Alert color="yellow" variant="light" role="status" mb="md" data-testid="tail-connection">
      {t(`events:realtime.connection.${status}`)}
    </Alert>
  );
}

export function RealtimeEventsPage() {
  const { t } = useTranslation(['events', 'common']);
  const lng = useLanguage();
  const directory = useFleetDirectory();
  const controls = useTailFilters();
  const { view } = controls;
  const { tail, snapshot, history } = useEventTail(view);
  const columns = useEventColumns(directory, view.zone);
  const choices = useEventChoices();
  const [visible, setVisible] = useState(PAGE);
  const active = activeFilters(view, SPEC);
  const n = (value: number) => formatNumber(lng, value);

  const [signIns, showSignIns] = useSignIns();
  const matches = useMemo(() => eventFilter(view, lng, { signIns }), [view, lng, signIns]);
  const shown = useMemo(() => snapshot.shown.filter(matches), [snapshot.shown, matches]);
  // What showing the sign-ins would add: the same filters with them.
  const withSignIns = useMemo(() => eventFilter(view, lng, { signIns: true }), [view, lng]);
  const hiddenSignIns = useMemo(
    () => snapshot.shown.filter(withSignIns).length - shown.length,
    [snapshot.shown, withSignIns, shown],
  );
  const waiting = useMemo(() => snapshot.waiting.filter(matches).length, [snapshot.waiting, matches]);
  const rows = shown.slice(0, visible);
  const freshRow = useCallback(
    (e: SiteEvent) => ({ className: tail.isLive(e) ? classes.fresh : undefined, 'data-type': e.type }),
    [tail],
  );

  const pauseButton = snapshot.paused ? (
    <Button leftSection={<IconPlay size={16} />} onClick={() => tail.resume()} data-testid="tail-resume">
      {waiting > 0 ? t('events:realtime.resumeWaiting', { n: n(waiting) }) : t('events:realtime.resume')}
    </Button>
  ) : (
    <Button
      variant="default"
      leftSection={<IconPause size={16} />}
      onClick={() => tail.pause()}
      data-testid="tail-pause"
    >
      {t('events:realtime.pause')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('events:realtime.title')} subtitle={t('events:realtime.subtitle')} actions={pauseButton} />
      <ConnectionNotice />
      <LogFilters controls={controls} directory={directory} lists={choices} active={active} withPeriod={false} />
      {history === 'error' && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {t('events:realtime.loadError')}
        </Alert>
      )}
      <Card padding="md">
        <Group justify="space-between" gap="sm" mb="xs" wrap="wrap">
          <Group gap="xs">
            <Badge
              variant={snapshot.paused ? 'outline' : 'dot'}
              color={snapshot.paused ? 'gray' : 'teal'}
              leftSection={snapshot.paused ? <IconPause size={12} /> : undefined}
              data-testid="tail-state"
              data-paused={snapshot.paused}
            >
              {snapshot.paused ? t('events:realtime.pause') : t('events:realtime.connection.live')}
            </Badge>
            <Text size="sm" role="status">
              {snapshot.paused ? t('events:realtime.pausedNote', { n: n(waiting) }) : t('events:realtime.liveNote')}
            </Text>
          </Group>
          <Switch
            checked={signIns}
            onChange={(event) => showSignIns(event.currentTarget.checked)}
            label={
              signIns ? t('events:realtime.signIns.show') : t('events:realtime.signIns.hidden', { n: n(hiddenSignIns) })
            }
            data-testid="tail-sign-ins"
          />
          <Text size="sm" className={classes.muted} data-testid="tail-held">
            {t('events:realtime.held', { shown: n(rows.length), held: n(shown.length), limit: n(TAIL_LIMIT) })}
          </Text>
        </Group>
        {rows.length === 0 ? (
          history === 'loading' ? (
            <LoadingRows />
          ) : (
            <EmptyLog
              message={t(active > 0 ? 'events:realtime.emptyFiltered' : 'events:realtime.empty')}
              onReset={active > 0 ? controls.reset : undefined}
            />
          )
        ) : (
          <LogTable
            label={t('events:realtime.title')}
            columns={columns}
            rows={rows}
            rowKey={eventKey}
            rowAttributes={freshRow}
            testId="tail-table"
          />
        )}
        {shown.length > rows.length && (
          <Group justify="center" mt="sm">
            <Button variant="subtle" onClick={() => setVisible((v) => v + PAGE)} data-testid="tail-more">
              {t('events:realtime.showMore')}
            </Button>
          </Group>
        )}
      </Card>
    </>
  );
}
