// Which lines of a chart the reader has hidden through its legend, by a key that outlives the line's
// position (a site's id, not its index), and the toggle the legend calls.
import { useCallback, useState } from 'react';

export function useHiddenLines(): { hidden: ReadonlySet<string>; toggle: (key: string | undefined) => void } {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((key: string | undefined) => {
    if (!key) return;
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  return { hidden, toggle };
}
