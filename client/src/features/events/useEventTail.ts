// The live tail's data: the recent history first (GET /api/events, narrowed by the filters the server
// understands), then every event the alarm feed delivers as it is committed on the hub. A site whose
// missed events could not be replayed is reloaded from the history. See eventTail.ts for the buffer.
import type { LogPage, SiteEvent } from '@voltscope/shared/alarms';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { onAlarmResync, onSiteEvent } from '../../alarmFeed/alarmClient.ts';
import type { LogView } from '../../logs/logQuery.ts';
import { api } from '../../session/api.ts';
import { EventTail, type TailSnapshot } from './eventTail.ts';

/** How much history the tail starts with (the API's largest page). */
const HISTORY_SIZE = 100;

export interface EventTailState {
  tail: EventTail;
  snapshot: TailSnapshot;
  history: 'loading' | 'ready' | 'error';
}

function historyPath(view: Pick<LogView, 'lists' | 'q'>, sites?: readonly string[]): string {
  const query = new URLSearchParams({ sort: 'ts', order: 'desc', page: '1', pageSize: String(HISTORY_SIZE) });
  const chosen = sites ?? view.lists.sites;
  if (chosen.length) query.set('sites', chosen.join(','));
  if (view.lists.devices.length) query.set('devices', view.lists.devices.join(','));
  if (view.lists.types.length) query.set('types', view.lists.types.join(','));
  if (view.lists.priorities.length) query.set('priorities', view.lists.priorities.join(','));
  if (view.q.trim()) query.set('q', view.q.trim());
  return `/api/events?${query}`;
}

export function useEventTail(view: Pick<LogView, 'lists' | 'q'>): EventTailState {
  const [tail] = useState(() => new EventTail({ schedule: (run) => requestAnimationFrame(run) }));
  const snapshot = useSyncExternalStore(
    useCallback((listener: () => void) => tail.subscribe(listener), [tail]),
    () => tail.snapshot,
  );
  const [history, setHistory] = useState<EventTailState['history']>('loading');

  // Live first, so that nothing committed while the history loads is missed (duplicates are dropped).
  useEffect(() => onSiteEvent((event) => tail.addLive(event)), [tail]);

  useEffect(
    () =>
      onAlarmResync((siteId) => {
        api<LogPage<SiteEvent>>(historyPath(view, [siteId])).then(
          (page) => tail.addHistory(page.items),
          () => {},
        );
      }),
    [tail, view],
  );

  // The filters the server understands narrow the history, so that a filter shows its recent events.
  const path = historyPath(view);
  useEffect(() => {
    const controller = new AbortController();
    setHistory('loading');
    api<LogPage<SiteEvent>>(path, { signal: controller.signal }).then(
      (page) => {
        tail.addHistory(page.items);
        setHistory('ready');
      },
      () => {
        if (!controller.signal.aborted) setHistory('error');
      },
    );
    return () => controller.abort();
  }, [tail, path]);

  return { tail, snapshot, history };
}
