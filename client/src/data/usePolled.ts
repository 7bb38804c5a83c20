// A JSON resource kept fresh by polling: the first answer replaces the loading state, later ones replace
// the data in place (no skeleton flashes on a wall screen), and a failed refresh keeps the last data,
// with its time, so the page can mark it stale. Polling pauses while the tab is hidden and catches up
// at once when it shows again; a new `refreshKey` (a page's refresh button) asks at once too.
import { useEffect, useRef, useState } from 'react';
import { api, type Call, pathOf } from '../session/api.ts';
import { useStableRequest } from './useStableRequest.ts';

export interface Polled<T> {
  data: T | null;
  /** The last refresh's error, cleared by the next success. */
  error: unknown;
  /** When the data shown was received (client clock, ms). */
  receivedAt: number | null;
}

export function usePolled<T>(wanted: Call<T> | null, intervalMs: number, refreshKey = 0): Polled<T> {
  const request = useStableRequest(wanted);
  const path = pathOf(request);
  const [state, setState] = useState<Polled<T>>({ data: null, error: null, receivedAt: null });
  const pathRef = useRef(path);
  const pollRef = useRef<(() => Promise<void>) | null>(null);

  useEffect(() => {
    pathRef.current = path;
    setState({ data: null, error: null, receivedAt: null });
    if (request === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;

    const poll = async () => {
      clearTimeout(timer);
      if (running) return;
      running = true;
      try {
        const data = await api<T>(request, { signal: controller.signal });
        if (pathRef.current === path) setState({ data, error: null, receivedAt: Date.now() });
      } catch (error) {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, error }));
      } finally {
        running = false;
      }
      if (!controller.signal.aborted && !document.hidden) timer = setTimeout(poll, intervalMs);
    };
    const onVisibility = () => {
      if (!document.hidden) void poll();
    };
    document.addEventListener('visibilitychange', onVisibility);
    pollRef.current = poll;
    void poll();
    return () => {
      pollRef.current = null;
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [request, intervalMs]);

  // The first key is the mount, polled above; later ones ask again, keeping the data shown meanwhile.
  const firstKey = useRef(refreshKey);
  useEffect(() => {
    if (refreshKey !== firstKey.current) void pollRef.current?.();
  }, [refreshKey]);

  return state;
}

/**
 * Whether data received at `receivedAt` is older than `maxAgeMs`: re-renders once, when it becomes so,
 * rather than on a clock.
 */
export function useOlderThan(receivedAt: number | null, maxAgeMs: number): boolean {
  const [old, setOld] = useState(false);
  useEffect(() => {
    setOld(false);
    if (receivedAt === null) return;
    const timer = setTimeout(() => setOld(true), Math.max(0, receivedAt + maxAgeMs - Date.now()));
    return () => clearTimeout(timer);
  }, [receivedAt, maxAgeMs]);
  return old;
}
