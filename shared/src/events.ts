// The Socket.IO contract, typed once for server and client. Event names are `domain:verb`; acks are
// `{ data }` or `{ error }` (see Ack in errors.ts).
import type { ErrorBody } from './errors.ts';

/** What a client sends in its handshake: `io(url, { auth: { token } })`. */
export interface SocketAuth {
  token: string;
}

/** Attached to the `connect_error` a refused handshake gets (`err.message` is the code). */
export type HandshakeErrorData = ErrorBody;

export interface ServerToClientEvents {
  /** The session ended on the server (logout, revocation, expiry); the socket is closed right after. */
  'session:ended': (payload: { reason: 'logout' | 'revoked' | 'expired' }) => void;
}

// biome-ignore lint/complexity/noBannedTypes: the live path issue adds the client's events here.
export type ClientToServerEvents = {};
