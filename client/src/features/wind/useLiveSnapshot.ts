// Live values for text (tiles, cards): read from the live store on a timer, not per sample. A component
// re-renders only when what it shows changed, at most `everyMs` apart; the timer also ages values when
// no frame comes at all, so that a silent turbine turns stale on screen by itself.
import { useEffect, useRef, useState } from 'react';

/** `read` returns plain data (compared as JSON); a change of `source` (new turbines, say) reads again at once. */
export function useLiveSnapshot<T>(read: (now: number) => T, source: unknown, everyMs = 1000): T {
  const readRef = useRef(read);
  readRef.current = read;
  const [snapshot, setSnapshot] = useState<T>(() => read(Date.now()));
  const shown = useRef(JSON.stringify(snapshot));
  // `source` stands for what `read` reads from: a new one is read at once, not at the next tick.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const tick = () => {
      const next = readRef.current(Date.now());
      const key = JSON.stringify(next);
      if (key === shown.current) return;
      shown.current = key;
      setSnapshot(next);
    };
    tick();
    const timer = setInterval(tick, everyMs);
    return () => clearInterval(timer);
  }, [everyMs, source]);
  return snapshot;
}
