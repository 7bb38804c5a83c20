import type { ClientToServerEvents, ServerToClientEvents } from '@voltscope/shared/events';
import type { Server, Socket } from 'socket.io';
import type { Session } from '../auth/sessions.ts';

export interface SocketData {
  session: Session;
  /** Live frames this socket missed because it had not drained the previous ones. */
  skipped?: number;
}

export type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
