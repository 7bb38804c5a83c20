// The motion page's data: pictures fetched with the session's token as object URLs (the plan's, an
// alarm's camera snapshot: bearer-only routes an <img> cannot authenticate), the live tracks of a site
// over a socket of the page's own, and small geometry for the plan.
import type { SitePlan, Track, TrackPoint } from '@voltscope/shared/contracts/motion';
import type { ClientToServerEvents, ServerToClientEvents } from '@voltscope/shared/events';
import type { Device } from '@voltscope/shared/fleet';
import type { Language } from '@voltscope/shared/i18n';
import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { deviceName } from '../../data/deviceName.ts';
import { sessionStore } from '../../session/sessionStore.ts';

/** GETs a picture with the session's token: an object URL, or null when there is none (404, say). */
export function useBlobUrl(path: string | null): { url: string | null; status: 'loading' | 'ready' | 'missing' } {
  const [state, setState] = useState<{ url: string | null; status: 'loading' | 'ready' | 'missing' }>({
    url: null,
    status: 'loading',
  });
  useEffect(() => {
    if (!path) {
      setState({ url: null, status: 'missing' });
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    setState({ url: null, status: 'loading' });
    const token = sessionStore.getState().accessToken;
    fetch(path, { signal: controller.signal, headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        url = URL.createObjectURL(await response.blob());
        setState({ url, status: 'ready' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url: null, status: 'missing' });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return state;
}

export type TrackMessage = Parameters<ServerToClientEvents['motion:track']>[0];

/** Follows a site's tracks live: `onTrack` gets each message (a track's head and its new points). */
export function useLiveTracks(siteId: string, onTrack: (message: TrackMessage) => void): void {
  useEffect(() => {
    const token = sessionStore.getState().accessToken;
    if (!token) return;
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      auth: (send) => send({ token: sessionStore.getState().accessToken ?? token }),
      transports: ['websocket', 'polling'],
    });
    socket.on('connect', () => {
      socket.emit('motion:subscribe', { sites: [siteId] }, () => {});
    });
    socket.on('motion:track', onTrack);
    return () => {
      socket.disconnect();
    };
  }, [siteId, onTrack]);
}

/** Merges a live message into the tracks held: a new track is added, a known one extended. */
export function mergeTrack(tracks: readonly Track[], message: TrackMessage): Track[] {
  const index = tracks.findIndex((t) => t.id === message.track.id);
  if (index === -1) return [...tracks, { ...message.track, points: message.points }];
  const old = tracks[index] as Track;
  const seen = new Set(old.points.map((p) => p.ts));
  const next = { ...old, ...message.track, points: [...old.points, ...message.points.filter((p) => !seen.has(p.ts))] };
  return tracks.map((t, i) => (i === index ? next : t));
}

/** Where a track is at `t` (interpolated between its points); null outside its time. */
export function positionOf(points: readonly TrackPoint[], t: number): { x: number; y: number } | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || t < first.ts || t > last.ts) return null;
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((points[mid] as TrackPoint).ts <= t) lo = mid;
    else hi = mid;
  }
  const a = points[lo] as TrackPoint;
  const b = points[hi] as TrackPoint;
  const k = b.ts === a.ts ? 0 : (t - a.ts) / (b.ts - a.ts);
  return { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k };
}

/** The point of a track nearest to (x, y). */
export function nearestPoint(points: readonly TrackPoint[], x: number, y: number): TrackPoint | null {
  let best: TrackPoint | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const p of points) {
    const d = (p.x - x) ** 2 + (p.y - y) ** 2;
    if (d < bestD) {
      best = p;
      bestD = d;
    }
  }
  return best;
}

/** A camera's field of view as an SVG path: a wedge of `fov` degrees and `range` metres along `heading`. */
export function wedge(x: number, y: number, heading: number, range = 60, fov = 80): string {
  const at = (deg: number) => {
    const rad = (deg * Math.PI) / 180;
    return `${x + Math.sin(rad) * range},${y - Math.cos(rad) * range}`;
  };
  return `M${x},${y} L${at(heading - fov / 2)} A${range},${range} 0 0 1 ${at(heading + fov / 2)} Z`;
}

/** The generated plan's zones, by id, with their English names: worded in the reader's language while unchanged. */
export const generatedZones: Record<string, string> = {
  'north-fence': 'North fence',
  gate: 'Gate',
  'inverter-yard': 'Inverter yard',
  'substation-yard': 'Substation yard',
};

/** A placed device's name in the reader's language. */
export const planDeviceName = (d: SitePlan['devices'][number], lng: Language): string =>
  deviceName(d.names ? { name: d.name, names: d.names as NonNullable<Device['names']> } : { name: d.name }, lng);
