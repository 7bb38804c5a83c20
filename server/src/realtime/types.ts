import type { ClientToServerEvents, ServerToClientEvents } from '@voltscope/shared/events';
import type { Server, Socket } from 'socket.io';
import type { Session } from '../auth/sessions.ts';
import type { SocketFlow } from './backpressure.ts';

export interface SocketData {
  session: Session;
  /** How this socket keeps up with live frames (set on its first subscription). */
  flow?: SocketFlow;
}

/** Between the nodes of a cluster (the Redis adapter's serverSideEmit). */
export interface InterServerEvents {
  /** A user's rights changed on another node: re-check their sockets here. */
  'session:rights': (userId: number) => void;
  /** Sites, devices or series changed on another node: read the fleet again. */
  'fleet:changed': () => void;
  /** Alarm rules or maintenance changed on another node: read them again, then answer (true once done). */
  'alarms:rules': (done: (read: boolean) => void) => void;
}

export type Io = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
