// The status grid's data: the list (read every 30 s, again on a reconnection and after a change, and
// soon after a device's live state leaves the one the list says, so that its order, counts and filters
// follow), the series of its sites (for the live rule) and their live frames, followed while the page
// is open.
import { useEffect, useMemo, useState } from 'react';
import { usePolled } from '../../data/usePolled.ts';
import { type DeviceSeriesInfo, indexSeries, liveStatus } from '../../live/deviceStatus.ts';
import { useLiveSites } from '../../live/hooks.ts';
import { liveClient } from '../../live/liveClient.ts';
import { liveStore } from '../../live/liveStore.ts';
import { api, call } from '../../session/api.ts';

const LIST_MS = 30_000;
/** A list read again because a live state moved on waits at least this long after the last read. */
const CATCH_UP_MS = 5000;

export function useDevicesStatus() {
  const [refreshKey, setRefreshKey] = useState(0);
  const list = usePolled(call('GET /api/devices/status', { query: {} }), LIST_MS, refreshKey);
  const refresh = () => setRefreshKey((k) => k + 1);

  // Back on line after a drop: what changed meanwhile is read at once.
  useEffect(() => {
    let previous = liveClient.connection.getState().status;
    return liveClient.connection.subscribe(({ status }) => {
      if (status === 'live' && previous !== 'live' && previous !== 'connecting' && previous !== 'idle') {
        setRefreshKey((k) => k + 1);
      }
      previous = status;
    });
  }, []);

  const siteIds = useMemo(() => [...new Set((list.data ?? []).map((r) => r.siteId))].sort(), [list.data]);
  useLiveSites(siteIds);
  const series = useSeriesIndex(siteIds);

  // Once a second, outside React: has any device's live state left the list's? Then read it again.
  const { data, receivedAt } = list;
  useEffect(() => {
    if (!data || receivedAt === null) return;
    const timer = setInterval(() => {
      const now = Date.now();
      if (now - receivedAt < CATCH_UP_MS) return;
      if (data.some((row) => liveStatus(row, series.get(row.id), liveStore, now).state !== row.state)) {
        clearInterval(timer);
        setRefreshKey((k) => k + 1);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [data, receivedAt, series]);

  return { ...list, refresh, series };
}

/** The series of the sites, by device; empty until read (rows then show the list's own state). */
function useSeriesIndex(siteIds: readonly string[]): ReadonlyMap<string, DeviceSeriesInfo> {
  const [index, setIndex] = useState<ReadonlyMap<string, DeviceSeriesInfo>>(new Map());
  const key = siteIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ids.
  useEffect(() => {
    if (siteIds.length === 0) return;
    const controller = new AbortController();
    Promise.all(
      siteIds.map((id) => api(call('GET /api/sites/:id/series', { params: { id } }), { signal: controller.signal })),
    ).then(
      (lists) => setIndex(indexSeries(lists.flat())),
      () => {},
    );
    return () => controller.abort();
  }, [key]);
  return index;
}
