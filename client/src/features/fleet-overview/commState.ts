// A site's communication as the fleet overview tells it: live, stale (no frame for a while), lost (the
// hub says nothing of the site reports, the hub refused the site, or this browser lost the hub) or
// waiting (followed, no frame yet). Pure, so that every case is tested.
import type { ConnectionStatus } from '../../live/liveClient.ts';

export const commStates = ['live', 'stale', 'lost', 'waiting'] as const;
export type CommState = (typeof commStates)[number];

/**
 * A site's frames come at its shortest series period (a second or a few): past this, what the tile
 * shows is no longer live (RELIABILITY decision 10).
 */
export const STALE_AFTER_MS = 10_000;

export interface CommInput {
  connection: ConnectionStatus;
  /** The hub refused to follow the site. */
  refused: boolean;
  /** The hub's figures say none of the site's generators reports (all offline, or none). */
  silent: boolean;
  /** When the site's last live frame arrived (client clock), or null. */
  receivedAt: number | null;
  now: number;
}

export function commState({ connection, refused, silent, receivedAt, now }: CommInput): CommState {
  if (refused || silent || connection === 'reconnecting' || connection === 'offline') return 'lost';
  if (receivedAt === null) return 'waiting';
  return now - receivedAt > STALE_AFTER_MS ? 'stale' : 'live';
}
