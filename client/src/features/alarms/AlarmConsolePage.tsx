// The realtime alarm console (/alarm/realtime): the open alarms of the user's sites by priority then
// time, live from the alarm feed, in the working list or the views of alarms set aside (shelved,
// suppressed, out of service), filtered by site, priority and state, worked from the keyboard
// (acknowledge, shelve, unshelve, comment, timeline, device page). A user who may only read (role
// client) gets the same list without the acting controls; the hub refuses their actions anyway.
// A little over 300 lines: the list, its keyboard focus and the action dialogs share one selection
// state; the filters, rows, keys and dialogs already live in their own files.

import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { Alarm } from '@voltscope/shared/alarms';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isUnacknowledged } from '../../alarmFeed/alarmView.ts';
import { useAlarmFeed, useAlarmFeedState } from '../../alarmFeed/hooks.ts';
import { devicePath } from '../../data/deviceLink.ts';
import { formatNumber } from '../../i18n/format.ts';
import { dynamicKey } from '../../i18n/namespaces.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useConnection } from '../../live/hooks.ts';
import { useAbility } from '../../session/ability.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ActionDialog, type DialogRequest, errorText } from './ActionDialog.tsx';
import classes from './AlarmConsole.module.css';
import paneClasses from './AlarmDetailPane.module.css';
import { AlarmDetailPane } from './AlarmDetailPane.tsx';
import { AlarmGrid, type GridHandle } from './AlarmGrid.tsx';
import { type RowContext, rowLabels } from './AlarmRow.tsx';
import { AlarmTimeline } from './AlarmTimeline.tsx';
import { unshelve } from './alarmActions.ts';
import { ConsoleFilters } from './ConsoleFilters.tsx';
import { ConsoleToolbar } from './ConsoleToolbar.tsx';
import { type ConsoleFilter, consoleView, isFiltered, noFilter, parseFilter, withFilter } from './consoleFilter.ts';
import { type ConsoleCommand, keyAction, moveIndex } from './consoleKeys.ts';
import { FacetCountsContext } from './FacetCount.tsx';
import { FloodBanner } from './FloodBanner.tsx';
import { ShortcutHint } from './ShortcutHint.tsx';
import { useDeviceDirectory } from './useDeviceDirectory.ts';

/** Alert titles in the text colour: a tinted title on a tinted ground falls short of contrast. */
const alertStyles = { title: { color: 'var(--mantine-color-text)' } };

export function AlarmConsolePage() {
  const { t } = useTranslation(['alarms', 'common']);
  // The rows' words: their own namespaces, translated again only when the language changes.
  const { t: rowT } = useTranslation(['alarms', 'common', 'sld']);
  const lng = useLanguage();
  const navigate = useNavigate();
  const ability = useAbility();
  const canAct = ability.can('acknowledge', 'Alarm');
  useAlarmFeed();
  const alarms = useAlarmFeedState((s) => s.alarms);
  const status = useAlarmFeedState((s) => s.status);
  const sites = useAlarmFeedState((s) => s.sites);
  const flooding = useAlarmFeedState((s) => s.flooding);
  const connection = useConnection((s) => s.status);
  const stale = connection === 'reconnecting' || connection === 'offline';

  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseFilter(params), [params]);
  const setFilter = useCallback(
    (next: ConsoleFilter) => setParams(withFilter(params, next), { replace: true }),
    [params, setParams],
  );
  const { visible, counts, shown } = useMemo(() => consoleView(alarms, filter), [alarms, filter]);

  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [activeId, setActiveId] = useState<number | null>(null);
  const lastIndex = useRef(0);
  const [dialog, setDialog] = useState<(DialogRequest & { key: number }) | null>(null);
  const [timelineId, setTimelineId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [now, setNow] = useState(Date.now);
  const grid = useRef<GridHandle>(null);
  // A dialog or the timeline closes by unmounting: the focus is given back to the list by hand.
  const backToList = () => requestAnimationFrame(() => grid.current?.focus());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  // A new filter starts again from the top of its list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is the trigger.
  useEffect(() => {
    setActiveId(null);
    lastIndex.current = 0;
  }, [filter]);

  // The active row stays where it was when its alarm leaves the list (acknowledged and closed, say).
  // Before any move, the top row (the newest of the highest priority) is the active one.
  let activeIndex = activeId === null ? -1 : visible.findIndex((a) => a.id === activeId);
  if (activeIndex < 0 && visible.length > 0) activeIndex = Math.min(lastIndex.current, visible.length - 1);
  if (activeIndex >= 0) lastIndex.current = activeIndex;
  const active = visible[activeIndex];

  // A link to one alarm (`?alarm=<id>`, from a device page) makes it the active row once it is listed.
  const linked = Number(params.get('alarm')) || null;
  const linkedDone = useRef<number | null>(null);
  useEffect(() => {
    if (linked === null || linkedDone.current === linked || !visible.some((a) => a.id === linked)) return;
    linkedDone.current = linked;
    setActiveId(linked);
  }, [linked, visible]);

  const siteNames = useMemo(() => new Map(sites.map((s) => [s.id, s.name])), [sites]);
  const sortedSites = useMemo(() => [...sites].sort((a, b) => a.name.localeCompare(b.name, lng)), [sites, lng]);
  const devices = useDeviceDirectory(useMemo(() => [...new Set(alarms.map((a) => a.siteId))], [alarms]));

  // Operators land here: the list takes the focus, ready for the arrow keys.
  const hasRows = visible.length > 0;
  useEffect(() => {
    if (hasRows && (document.activeElement === document.body || document.activeElement === null)) grid.current?.focus();
  }, [hasRows]);

  const targets = (): Alarm[] => {
    const chosen = visible.filter((a) => selected.has(a.id));
    return chosen.length > 0 ? chosen : active ? [active] : [];
  };

  const openDialog = (request: DialogRequest, nothing: string) => {
    if (request.alarms.length === 0) setAnnouncement(t(dynamicKey('alarms', nothing)));
    else setDialog({ ...request, key: Date.now() });
  };

  const run = (command: ConsoleCommand, alarm?: Alarm) => {
    const list = alarm ? [alarm] : targets();
    switch (command) {
      case 'acknowledge':
        return openDialog(
          { kind: 'acknowledge', alarms: list.filter(isUnacknowledged) },
          'alarms:done.nothingToAcknowledge',
        );
      case 'acknowledgeAll':
        return openDialog(
          { kind: 'acknowledge', alarms: visible.filter(isUnacknowledged), all: true },
          'alarms:done.nothingToAcknowledge',
        );
      case 'shelve':
        return openDialog(
          { kind: 'shelve', alarms: list.filter((a) => a.shelvedUntil === null) },
          'alarms:done.nothingToShelve',
        );
      case 'comment':
        return openDialog({ kind: 'comment', alarms: list }, 'alarms:done.nothingSelected');
      case 'outOfService': {
        // One key both ways: alarms all out of service go back in; otherwise the others go out.
        const inService = list.filter((a) => !a.outOfService);
        return openDialog(
          inService.length === 0 ? { kind: 'inService', alarms: list } : { kind: 'outOfService', alarms: inService },
          'alarms:done.nothingSelected',
        );
      }
      case 'unshelve': {
        const shelved = list.filter((a) => a.shelvedUntil !== null);
        if (shelved.length === 0) return setAnnouncement(t('alarms:done.nothingToUnshelve'));
        return void unshelve(shelved.map((a) => a.id)).then(
          (n) => setAnnouncement(t('alarms:done.unshelve', { n: formatNumber(lng, n) })),
          (error: unknown) => setAnnouncement(errorText(t, error)),
        );
      }
      case 'timeline': {
        const target = alarm ?? active;
        if (target) setTimelineId(target.id);
        return;
      }
      case 'device': {
        const target = alarm ?? active;
        const path = target && devicePath(target.deviceId);
        if (path) navigate(path);
        else if (target) setAnnouncement(t('alarms:done.noDevicePage'));
        return;
      }
    }
  };

  // Handlers the rows and the toolbar hold stay the same functions (memoised children), reading the
  // latest state through this ref.
  const runRef = useRef(run);
  runRef.current = run;
  const onCommand = useCallback((command: ConsoleCommand, alarm?: Alarm) => runRef.current(command, alarm), []);
  const visibleRef = useRef(visible);
  visibleRef.current = visible;
  const onSelectAll = useCallback(
    (all: boolean) => setSelected(all ? new Set(visibleRef.current.map((a) => a.id)) : new Set()),
    [],
  );
  const selectedCount = useMemo(() => visible.filter((a) => selected.has(a.id)).length, [visible, selected]);

  const toggle = useCallback((id: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  const onKey = (event: KeyboardEvent<HTMLTableElement>, pageSize: number) => {
    // While a dialog opens, the list may still have the focus for a moment: keys typed fast for the
    // dialog ("a", then a comment with an "s" in it) must not shelve or acknowledge anything here.
    if (dialog || timelineId !== null) return;
    const action = keyAction(event, canAct);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'move') {
      const to = moveIndex(activeIndex, action.move, visible.length, pageSize);
      const target = visible[to];
      if (!target) return;
      if (action.extend) {
        setSelected((current) => new Set([...current, ...(active ? [active.id] : []), target.id]));
      }
      setActiveId(target.id);
    } else if (action.kind === 'toggle') {
      if (active) toggle(active.id);
    } else if (action.kind === 'clear') {
      setSelected(new Set());
    } else {
      run(action.command);
    }
  };

  const onActivateAlarm = useCallback((id: number) => {
    setActiveId(id);
    grid.current?.focus();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language gives new words, whatever t's identity does
  const labels = useMemo(() => rowLabels(rowT), [rowT, lng]);
  const context = useMemo<RowContext>(
    () => ({ canAct, lng, labels, now, siteNames, devices, onToggle: toggle, onCommand, onActivateAlarm }),
    [canAct, lng, labels, now, siteNames, devices, toggle, onCommand, onActivateAlarm],
  );
  const onActivate = useCallback(
    (index: number) => {
      const alarm = visibleRef.current[index];
      if (alarm) onActivateAlarm(alarm.id);
      else grid.current?.focus();
    },
    [onActivateAlarm],
  );
  const timelineAlarm = timelineId === null ? undefined : alarms.find((a) => a.id === timelineId);
  const n = (value: number) => formatNumber(lng, value);

  return (
    <>
      <PageHeader
        title={t('alarms:title')}
        subtitle={t('alarms:subtitle')}
        actions={
          !canAct && (
            <Badge variant="light" color="gray" size="lg" radius="sm" data-testid="read-only">
              {t('alarms:readOnly')}
            </Badge>
          )
        }
      />
      <Stack gap="md" className={paneClasses.layout}>
        {flooding.map((flood) => (
          <FloodBanner
            key={flood.siteId}
            siteName={siteNames.get(flood.siteId) ?? flood.siteId}
            count={flood.count}
            onShow={() => setFilter({ ...filter, view: 'working', sites: [flood.siteId] })}
          />
        ))}
        {stale && (
          <Alert
            color="yellow"
            role="status"
            data-testid="alarms-stale"
            title={t('alarms:stale.title')}
            styles={alertStyles}
          >
            {t('alarms:stale.text')}
          </Alert>
        )}
        <Card>
          <FacetCountsContext value={counts}>
            <ConsoleFilters filter={filter} sites={sortedSites} onChange={setFilter} />
          </FacetCountsContext>
        </Card>
        <Card p={0} className={classes.listCard}>
          <Group justify="space-between" gap="sm" px="md" py="xs" className={classes.listHeader} wrap="wrap">
            <Text
              size="sm"
              data-testid="alarm-summary"
              data-main-figure=""
              data-active={shown.active}
              data-unacknowledged={shown.unacknowledged}
            >
              {filter.view === 'working'
                ? t('alarms:console.summary', {
                    shown: n(visible.length),
                    total: n(alarms.length),
                    active: n(shown.active),
                    unacknowledged: n(shown.unacknowledged),
                  })
                : t('alarms:console.summaryView', {
                    shown: n(visible.length),
                    total: n(alarms.length),
                    view: t(`alarms:console.view.${filter.view}`),
                  })}
            </Text>
            {canAct && (
              <ConsoleToolbar
                selectedCount={selectedCount}
                visibleCount={visible.length}
                onSelectAll={onSelectAll}
                onCommand={onCommand}
              />
            )}
          </Group>
          <Text size="sm" role="status" aria-live="polite" className={classes.announcement} data-testid="announcement">
            {announcement}
          </Text>
          {status === 'loading' && alarms.length === 0 ? (
            <Group gap="sm" p="xl" justify="center">
              <Loader size="sm" />
              <Text>{t('alarms:loading')}</Text>
            </Group>
          ) : status === 'error' && alarms.length === 0 ? (
            <Alert color="red" m="md" title={t('alarms:error.title')} styles={alertStyles}>
              {t('alarms:error.text')}
            </Alert>
          ) : visible.length === 0 ? (
            <Stack align="center" gap="xs" p="xl" data-testid="alarms-empty">
              <Text fw={600}>
                {isFiltered(filter) && alarms.length > 0
                  ? t('alarms:empty.filtered')
                  : filter.view === 'working'
                    ? t('alarms:empty.none')
                    : t('alarms:console.emptyView', { view: t(`alarms:console.view.${filter.view}`) })}
              </Text>
              {filter.view === 'working' && (
                <Text size="sm" c="dimmed">
                  {t('alarms:empty.hint')}
                </Text>
              )}
              {isFiltered(filter) && alarms.length > 0 && (
                <Button variant="light" onClick={() => setFilter({ ...noFilter, view: filter.view })}>
                  {t('alarms:filters.clear')}
                </Button>
              )}
            </Stack>
          ) : (
            <div className={classes.gridWrap} data-stale={stale || undefined}>
              <AlarmGrid
                alarms={visible}
                activeIndex={activeIndex}
                onKey={onKey}
                onActivate={onActivate}
                context={context}
                selected={selected}
                label={t('alarms:gridLabel')}
                gridRef={grid}
              />
            </div>
          )}
        </Card>
        <AlarmDetailPane
          alarm={active}
          siteName={active ? (siteNames.get(active.siteId) ?? active.siteId) : ''}
          device={active ? devices.get(active.deviceId) : undefined}
        />
        <ShortcutHint canAct={canAct} />
      </Stack>
      {dialog && (
        <ActionDialog
          key={dialog.key}
          request={dialog}
          onClose={() => {
            setDialog(null);
            backToList();
          }}
          onDone={(message) => {
            setAnnouncement(message);
            setSelected(new Set());
          }}
        />
      )}
      {timelineAlarm && (
        <AlarmTimeline
          alarm={timelineAlarm}
          siteName={siteNames.get(timelineAlarm.siteId) ?? timelineAlarm.siteId}
          device={devices.get(timelineAlarm.deviceId)}
          onClose={() => {
            setTimelineId(null);
            backToList();
          }}
        />
      )}
    </>
  );
}
