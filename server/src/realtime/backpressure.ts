// Whether a socket keeps up, decided from what its transport has not yet written, once per frame tick and
// before that tick writes anything: Engine.IO's queue for the socket plus the WebSocket's own buffer.
// Counting packets the current tick queued would call every socket of several sites slow (Engine.IO
// queues a socket's next packets until the previous write completes), so the decision comes first.
//
// Bytes the hub sent on purpose in bulk (a snapshot, a replay, a catch-up) are a credit: they drain
// first (a socket's buffer is first in, first out), so until the buffer falls below them they are not a
// sign of slowness. A socket is slow when its backlog beyond that credit passes `slowBytes`, and is
// disconnected past `dropBytes` (alarm events are never skipped, so only this bounds its queue). The
// credit itself counts at most `bulkBytes`: a socket that stops reading and keeps asking for snapshots
// pins at most `dropBytes + bulkBytes` of the hub's memory.
import type { IoSocket } from './types.ts';

export interface SocketFlow {
  /** Bulk bytes sent on purpose that may still sit in the buffer. */
  credit: number;
  slow: boolean;
  /** While slow: per site, the last frame number the socket received before it was skipped. */
  behind: Map<string, number>;
}

export type Verdict = 'keeps-up' | 'slow' | 'drop';

interface EnginePacket {
  data?: string | ArrayBufferView | ArrayBuffer;
}
interface EngineConn {
  writeBuffer: EnginePacket[];
  transport: { socket?: { bufferedAmount?: number; terminate?: () => void } };
  close(discard?: boolean): void;
}

export interface FlowLimits {
  slowBytes: number;
  dropBytes: number;
  bulkBytes: number;
}

/** Bytes handed to a socket's transport and not yet written to the network. */
export function bufferedBytes(socket: IoSocket): number {
  const conn = socket.conn as unknown as EngineConn;
  // A WebSocket's own buffer (the TCP socket's and the sender's queues); polling has none.
  let bytes = conn.transport.socket?.bufferedAmount ?? 0;
  for (const packet of conn.writeBuffer) {
    const data = packet.data;
    bytes += typeof data === 'string' ? data.length : (data?.byteLength ?? 0);
  }
  return bytes;
}

export function flowOf(socket: IoSocket): SocketFlow {
  socket.data.flow ??= { credit: 0, slow: false, behind: new Map() };
  return socket.data.flow;
}

/** Judges a socket from its buffered bytes; returns the verdict and the backlog beyond the credit. */
export function judge(flow: SocketFlow, buffered: number, limits: FlowLimits): { verdict: Verdict; backlog: number } {
  // What is left of the bulk bytes is at most what is still buffered.
  flow.credit = Math.min(flow.credit, buffered, limits.bulkBytes);
  const backlog = buffered - flow.credit;
  if (backlog > limits.dropBytes) return { verdict: 'drop', backlog };
  // A slow socket is back once it has drained to half the limit, so that it does not flap at the edge.
  const limit = flow.slow ? limits.slowBytes / 2 : limits.slowBytes;
  return { verdict: backlog > limit ? 'slow' : 'keeps-up', backlog };
}

/**
 * Disconnects a socket and closes its connection outright. Socket.IO's own disconnect waits for the
 * unsent packets to drain before it closes the transport, and a WebSocket close waits 30 s for the
 * peer's answer: for a peer that stopped reading, both would keep its bytes in memory.
 */
export function cutOff(socket: IoSocket): void {
  const conn = socket.conn as unknown as EngineConn;
  socket.disconnect(true);
  const ws = conn.transport.socket;
  if (ws?.terminate) ws.terminate();
  else conn.close(true);
}
