// React's view of the alarm feed: keep it running while a component is mounted, and select narrowly.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { type AlarmFeedState, alarmFeed } from './alarmFeed.ts';

/** Keeps the alarm feed running while the calling component is mounted. */
export function useAlarmFeed(): void {
  useEffect(() => alarmFeed.retain(), []);
}

export function useAlarmFeedState<T>(selector: (state: AlarmFeedState) => T): T {
  return useStore(alarmFeed.store, selector);
}
