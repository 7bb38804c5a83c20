// The access log's live entries: `access:subscribe` for the sites on screen and `access:event` while the
// log is open, resubscribed after every reconnection. Its own socket for now: the app's one socket
// (live/liveClient.ts) has no access follower yet (moving it there is a small step, see the hand-over).
import type { AccessEvent } from '@voltscope/shared/contracts/access';
import type { ClientToServerEvents, ServerToClientEvents } from '@voltscope/shared/events';
import { io, type Socket } from 'socket.io-client';
import { sessionStore } from '../../session/sessionStore.ts';

export type FeedState = 'connecting' | 'live' | 'reconnecting';

/** Follows the sites' entries until the returned function is called. */
export function followAccess(
  sites: readonly string[],
  onEvent: (event: AccessEvent) => void,
  onState: (state: FeedState) => void,
): () => void {
  const token = sessionStore.getState().accessToken;
  if (!token || sites.length === 0) return () => {};
  onState('connecting');
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
    auth: (send) => send({ token: sessionStore.getState().accessToken ?? token }),
    transports: ['websocket', 'polling'],
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
  });
  socket.on('connect', () => {
    socket.emit('access:subscribe', { sites: sites.slice(0, 100) }, () => onState('live'));
  });
  socket.on('disconnect', () => onState('reconnecting'));
  socket.on('access:event', ({ event }) => onEvent(event));
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}
