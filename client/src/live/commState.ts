// A site's communication as the fleet overview and the fleet map tell it: live, stale (no frame for 10 s: the age
// watchdog's site silence, ageWatchdog.ts), lost (the hub says nothing of the site reports, the hub
// refused the site, or this browser lost the hub) or waiting (followed, no frame yet). Pure, so that
// every case is tested.

export const commStates = ['live', 'stale', 'lost', 'waiting'] as const;
export type CommState = (typeof commStates)[number];

import type { ConnectionStatus } from './liveClient.ts';

export interface CommInput {
  connection: ConnectionStatus;
  /** The hub refused to follow the site. */
  refused: boolean;
  /** The hub's figures say none of the site's generators reports (all offline, or none). */
  silent: boolean;
  /** When the site's last live frame arrived (client clock), or null. */
  receivedAt: number | null;
  /** The age watchdog calls the site silent (no frame for 10 s on a working connection). */
  stale: boolean;
}

export function commState({ connection, refused, silent, receivedAt, stale }: CommInput): CommState {
  if (refused || silent || connection === 'reconnecting' || connection === 'offline') return 'lost';
  if (receivedAt === null) return 'waiting';
  return stale ? 'stale' : 'live';
}
