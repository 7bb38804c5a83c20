// A live frame as the bytes a WebSocket client receives, made once per window and written straight to each
// socket's TCP connection. Socket.IO sends a binary event as two WebSocket messages (the Engine.IO "4"
// + Socket.IO `51-[...]` header with a placeholder, then the binary attachment), each its own packet
// object, `ws` send, frame header and write per socket: for a thousand sockets that is most of the hub's
// work. Here both messages are framed once into one buffer, so each socket costs one write, and a
// socket following several sites gets all of a tick's frames in that one write. The wire format is
// Socket.IO's own (protocol 5 over Engine.IO 4): every client, test and k6 script reads it unchanged.
import type { Socket as NetSocket } from 'node:net';
import type { IoSocket } from './types.ts';

/** RFC 6455 §5.2: FIN set, opcode 1 (text) or 2 (binary); server frames are not masked. */
const TEXT = 0x81;
const BINARY = 0x82;

function frameHeader(opcode: number, length: number): Buffer {
  if (length < 126) return Buffer.from([opcode, length]);
  if (length < 65536) {
    const header = Buffer.allocUnsafe(4);
    header[0] = opcode;
    header[1] = 126;
    header.writeUInt16BE(length, 2);
    return header;
  }
  const header = Buffer.allocUnsafe(10);
  header[0] = opcode;
  header[1] = 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return header;
}

/**
 * `live:frame(siteId, frame)` as Socket.IO would send it on the main namespace: the text message
 * `451-["live:frame","<site>",{"_placeholder":true,"num":0}]`, then the frame as a binary message.
 */
export function liveFrameWire(siteId: string, frame: Uint8Array): Buffer {
  const header = Buffer.from(`451-${JSON.stringify(['live:frame', siteId, { _placeholder: true, num: 0 }])}`);
  const body = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
  return Buffer.concat([frameHeader(TEXT, header.length), header, frameHeader(BINARY, body.length), body]);
}

/** The `ws` internals read here; each is checked, so a `ws` that changes them falls back to Socket.IO. */
interface WsLike {
  readyState: number;
  _extensions?: Record<string, unknown>;
  _sender?: { _queue?: unknown[]; _state?: number };
  _socket?: NetSocket | null;
}
interface EngineConnLike {
  readyState: string;
  writeBuffer: unknown[];
  transport: { name: string; writable: boolean; socket?: WsLike };
}

const WS_OPEN = 1;

/**
 * The TCP connection a live frame may be written to directly, or null when it must go through Socket.IO.
 * Direct only when nothing the socket was sent before can still be waiting above TCP, so that a frame
 * never overtakes it (a snapshot sent at subscribe, an alarm): a WebSocket transport (not polling, not
 * mid-upgrade) that Engine.IO may write to now with an empty queue, and a `ws` sender with nothing
 * queued and no permessage-deflate (compressed messages are queued while zlib works).
 */
export function directSink(socket: IoSocket): NetSocket | null {
  if (!socket.connected) return null;
  const conn = socket.conn as unknown as EngineConnLike;
  if (conn.readyState !== 'open' || conn.writeBuffer.length > 0) return null;
  const { transport } = conn;
  if (transport.name !== 'websocket' || !transport.writable) return null;
  const ws = transport.socket;
  if (!ws || ws.readyState !== WS_OPEN || !ws._extensions || ws._extensions['permessage-deflate'] !== undefined) {
    return null;
  }
  const sender = ws._sender;
  if (sender?._queue === undefined || sender._queue.length > 0 || (sender._state ?? 0) !== 0) return null;
  const tcp = ws._socket;
  return tcp?.writable && !tcp.destroyed ? tcp : null;
}
