// A read-only window on the live layer for the soak benchmark (loadtest/bench/soak.ts), which drives a
// wall in Chromium for hours: the socket's state and, per site, when its newest frame arrived. Set once
// at start on `window.__voltscope`; nothing in the app reads it, and it changes nothing.
import { liveClient } from './liveClient.ts';
import { liveStore } from './liveStore.ts';

export interface LiveProbe {
  /** 'idle', 'connecting', 'live', 'reconnecting' or 'offline'. */
  connection(): string;
  /** The newest frame of a site: its sample time and when it arrived (client clock, ms); null if none yet. */
  lastFrame(siteId: string): { ts: number; receivedAt: number } | null;
  /** When the newest frame of any site arrived (ms), 0 before the first. */
  newestFrameAt(): number;
}

const probe: LiveProbe = {
  connection: () => liveClient.connection.getState().status,
  lastFrame: (siteId) => {
    const progress = liveStore.progress(siteId);
    return progress ? { ts: progress.lastTs, receivedAt: progress.receivedAt } : null;
  },
  newestFrameAt: () =>
    Math.max(
      0,
      ...Object.keys(liveStore.state.getState().versions).map((id) => liveStore.progress(id)?.receivedAt ?? 0),
    ),
};

(globalThis as unknown as { __voltscope: LiveProbe }).__voltscope = probe;
