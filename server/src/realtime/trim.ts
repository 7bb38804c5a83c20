// What a connected socket keeps of its opening request: only what the hub reads after the handshake.
// Each idle connection is mostly Socket.IO's and Engine.IO's own objects (about 14 KB of heap here);
// the opening request and its headers were on top of that for the socket's whole life.
import type { IoSocket } from './types.ts';

type Listener = ((...args: unknown[]) => void) & { listener?: Listener };
interface Emitter {
  listeners(event: string): Listener[];
  rawListeners(event: string): Listener[];
  removeListener(event: string, listener: Listener): unknown;
}
interface WsLike extends Emitter {
  _socket: Emitter | null;
}
/** Engine.IO's WebSocketResponse (kept for its middlewares, which the hub has none of) on its TCP socket. */
const RESPONSE_CLOSE = '() => this.emit("close")';
interface EngineConnLike {
  request: unknown;
  transport: { name: string; socket?: WsLike };
}

/**
 * Drops the references that keep the HTTP request of a socket's handshake alive: Engine.IO's own
 * (`conn.request`); the `error` listener Engine.IO leaves on a WebSocket opened without polling first
 * (`onUpgradeError`, whose closure holds the request, its headers and raw headers; the transport's own
 * error listener stays); the `close` listener of Engine.IO's WebSocketResponse on the TCP socket (it
 * holds the request too, for Engine.IO middlewares, which the hub does not use); and the handshake's copy of the headers, query and token, read only by the
 * authentication middleware, which has run.
 */
export function trimHandshake(socket: IoSocket): void {
  const conn = socket.conn as unknown as EngineConnLike;
  conn.request = null;
  const ws = conn.transport.name === 'websocket' ? conn.transport.socket : undefined;
  for (const listener of ws?.listeners('error') ?? []) {
    if (listener.name === 'onUpgradeError') ws?.removeListener('error', listener);
  }
  const tcp = ws?._socket;
  for (const wrapper of tcp?.rawListeners('close') ?? []) {
    if (String(wrapper.listener) === RESPONSE_CLOSE) tcp?.removeListener('close', wrapper);
  }
  const { handshake } = socket;
  handshake.headers = {};
  handshake.query = {};
  handshake.auth = {};
}
