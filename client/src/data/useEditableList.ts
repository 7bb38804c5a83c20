// A list loaded once (again on reload, or when `refreshKey` changes) and then kept in step with what the
// page saves: a saved item replaces its old self in place (no reload, no flash), a new one is added, a
// removed one dropped. The alarm rules and webhooks, the wall displays.
import { useCallback, useEffect, useState } from 'react';

export interface EditableList<T> {
  items: T[] | null;
  error: unknown;
  reload: () => void;
  /** Puts an item as the server returned it (replacing the one with its id, or adding it). */
  put: (item: T) => void;
  drop: (id: number) => void;
}

export function useEditableList<T extends { id: number }>(
  load: (signal: AbortSignal) => Promise<T[]>,
  refreshKey = 0,
): EditableList<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` and `refreshKey` are reload triggers; `load` is a module function.
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    load(controller.signal).then(setItems, (caught: unknown) => {
      if (!controller.signal.aborted) setError(caught);
    });
    return () => controller.abort();
  }, [attempt, refreshKey]);

  const put = useCallback(
    (item: T) =>
      setItems((list) => {
        if (!list) return list;
        const at = list.findIndex((x) => x.id === item.id);
        return at === -1 ? [...list, item] : list.with(at, item);
      }),
    [],
  );
  const drop = useCallback((id: number) => setItems((list) => (list ? list.filter((x) => x.id !== id) : list)), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { items, error, reload, put, drop };
}
