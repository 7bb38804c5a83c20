import type { ClientToServerEvents, ServerToClientEvents } from '@voltscope/shared/events';
import type { Server, Socket } from 'socket.io';
import type { Session } from '../auth/sessions.ts';
import type { SocketFlow } from './backpressure.ts';

export interface SocketData {
  session: Session;
  /** How this socket keeps up with live frames (set on its first subscription). */
  flow?: SocketFlow;
}

export type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
