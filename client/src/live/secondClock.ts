// One clock for every live cell of a page (a status grid's "12 seconds ago", a device's latest values):
// a tick a second while any cell listens, every cell on the same tick, nothing when none does.
import { useSyncExternalStore } from 'react';

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time, changing once a second (every caller on the same tick). */
export const useSecondClock = (): number => useSyncExternalStore(subscribe, () => now);
