// The live tail's data: the recent history first (GET /api/events, narrowed by the filters the server
// understands), then every event the alarm feed delivers as it is committed on the hub. A site whose
// missed events could not be replayed is reloaded from the history. See eventTail.ts for the buffer.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { onAlarmResync, onSiteEvent } from '../../alarmFeed/alarmClient.ts';
import type { LogView } from '../../logs/logQuery.ts';
import { api, call } from '../../session/api.ts';
import { EventTail, type TailSnapshot } from './eventTail.ts';

/** How much history the tail starts with (the API's largest page). */
const HISTORY_SIZE = 100;

export interface EventTailState {
  tail: EventTail;
  snapshot: TailSnapshot;
  history: 'loading' | 'ready' | 'error';
}

function historyCall(view: Pick<LogView, 'lists' | 'q'>, sites?: readonly string[]) {
  const list = <K extends string>(key: K, values: readonly string[]) =>
    values.length ? ({ [key]: values.join(',') } as Record<K, string>) : {};
  return call('GET /api/events', {
    query: {
      sort: 'ts',
      order: 'desc',
      page: 1,
      pageSize: HISTORY_SIZE,
      ...list('sites', sites ?? view.lists.sites),
      ...list('devices', view.lists.devices),
      ...list('types', view.lists.types),
      ...list('priorities', view.lists.priorities),
      ...(view.q.trim() ? { q: view.q.trim() } : {}),
    },
  });
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
        api(historyCall(view, [siteId])).then(
          (page) => tail.addHistory(page.items),
          () => {},
        );
      }),
    [tail, view],
  );

  // The filters the server understands narrow the history, so that a filter shows its recent events.
  const request = historyCall(view);
  const path = request.path;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `path` stands for the request.
  useEffect(() => {
    const controller = new AbortController();
    setHistory('loading');
    api(request, { signal: controller.signal }).then(
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
