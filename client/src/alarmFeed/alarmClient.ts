// The alarm feed of the app, on the app's one socket (liveClient).
//
// ── Listener API (for pages that show events as they arrive, e.g. the realtime events live tail) ──
//
//   import { onSiteEvent, onAlarmResync } from '../../alarmFeed/alarmClient.ts';
//
//   useEffect(() => onSiteEvent((event, alarm) => { ... }), []);
//     Calls the listener with every SiteEvent of every site the user may read, as it is committed on
//     the hub: each (siteId, seq) once, in seq order per site, replayed events after a reconnection
//     included (duplicates are dropped before listeners see them). `alarm` is the alarm the event
//     changed as it now stands, or null (door, motion...). Returns the function that stops listening.
//     Listening keeps the feed running (it follows the sites of GET /api/sites while signed in), so
//     a page need not start anything. Fleet-wide events (siteId null: sign-ins, rule changes) are
//     never pushed: load them from GET /api/events.
//
//   useEffect(() => onAlarmResync((siteId) => { ... }), []);
//     A site's events could not all be replayed (too many were missed while away): reload that site
//     from GET /api/events if the page shows a list. Returns the function that stops listening.
//
// The live tail should load its first page from GET /api/events and then add what onSiteEvent
// delivers, dropping events whose id it already holds (the two can overlap by a few events).
import type { Alarm, SiteEvent } from '@voltscope/shared/alarms';
import { alarmFeed } from './alarmFeed.ts';

export type SiteEventListener = (event: SiteEvent, alarm: Alarm | null) => void;
export type ResyncListener = (siteId: string) => void;

/** Listens to every event of the user's readable sites; returns the function that stops listening. */
export function onSiteEvent(listener: SiteEventListener): () => void {
  return alarmFeed.onEvent(listener);
}

/** Listens for sites whose missed events could not be replayed; returns the function that stops. */
export function onAlarmResync(listener: ResyncListener): () => void {
  return alarmFeed.onResync(listener);
}
