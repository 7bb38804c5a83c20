// A Socket.IO client over a bare WebSocket: Engine.IO v4 framing (engine.io-protocol) carrying Socket.IO
// protocol v5 packets (socket.io-protocol), as Socket.IO 4 speaks them. It imports nothing, neither k6 nor
// Node, so that the k6 scripts and the Node test that checks it against the real hub run the same code.
// Only the default namespace and the WebSocket transport are spoken: no long-polling, no upgrade.

/** Engine.IO packet types: the first character of every text message. */
export const engineTypes = {
  open: '0',
  close: '1',
  ping: '2',
  pong: '3',
  message: '4',
  upgrade: '5',
  noop: '6',
} as const;

/** Socket.IO packet types: the character after the Engine.IO `4`. */
export const packetTypes = {
  connect: 0,
  disconnect: 1,
  event: 2,
  ack: 3,
  connectError: 4,
  binaryEvent: 5,
  binaryAck: 6,
} as const;
export type PacketType = (typeof packetTypes)[keyof typeof packetTypes];

export class ProtocolError extends Error {}

/** What the hub says in its Engine.IO OPEN packet. */
export interface Handshake {
  sid: string;
  pingInterval: number;
  pingTimeout: number;
  maxPayload: number;
}

export type EnginePacket =
  | { type: 'open'; handshake: Handshake }
  | { type: 'close' | 'ping' | 'pong' | 'noop' }
  | { type: 'message'; data: string };

export interface SocketPacket {
  type: PacketType;
  /** Binary attachments that follow as separate WebSocket messages (binary event and ack only). */
  attachments: number;
  /** The ack id of an event that wants one, or the id an ack answers; null when there is none. */
  id: number | null;
  data: unknown;
}

/** What a refused CONNECT carries: the message and `data` the hub's middleware attached to its error. */
export interface ConnectError {
  message: string;
  data: unknown;
}

/** The answer to the hub's heartbeat: Engine.IO closes a peer that misses `pingTimeout`. */
export const PONG = engineTypes.pong;

export function encodeConnect(auth: Record<string, unknown> | null): string {
  return `${engineTypes.message}${packetTypes.connect}${auth ? JSON.stringify(auth) : ''}`;
}

export function encodeDisconnect(): string {
  return `${engineTypes.message}${packetTypes.disconnect}`;
}

/** An event with JSON arguments (no binary); `ackId` asks the hub to answer with an ack of that id. */
export function encodeEvent(name: string, args: readonly unknown[], ackId: number | null = null): string {
  return `${engineTypes.message}${packetTypes.event}${ackId ?? ''}${JSON.stringify([name, ...args])}`;
}

export function parseEnginePacket(text: string): EnginePacket {
  switch (text[0]) {
    case engineTypes.open:
      return { type: 'open', handshake: JSON.parse(text.slice(1)) as Handshake };
    case engineTypes.close:
      return { type: 'close' };
    case engineTypes.ping:
      return { type: 'ping' };
    case engineTypes.pong:
      return { type: 'pong' };
    case engineTypes.noop:
      return { type: 'noop' };
    case engineTypes.message:
      return { type: 'message', data: text.slice(1) };
    default:
      throw new ProtocolError(`unknown Engine.IO packet ${JSON.stringify(text.slice(0, 20))}`);
  }
}

/** Parses `<type>[<attachments>-][<namespace>,][<id>][<json>]`, the default namespace only. */
export function parseSocketPacket(text: string): SocketPacket {
  const type = Number(text[0]);
  if (!Object.values(packetTypes).includes(type as PacketType)) {
    throw new ProtocolError(`unknown Socket.IO packet ${JSON.stringify(text.slice(0, 20))}`);
  }
  let rest = text.slice(1);
  let attachments = 0;
  if (type === packetTypes.binaryEvent || type === packetTypes.binaryAck) {
    const match = /^(\d+)-/.exec(rest);
    if (!match) throw new ProtocolError('a binary packet must say how many attachments follow');
    attachments = Number(match[1]);
    rest = rest.slice(match[0].length);
  }
  if (rest.startsWith('/')) throw new ProtocolError(`namespace ${rest.split(',')[0]} is not spoken here`);
  const id = /^\d+/.exec(rest)?.[0];
  if (id !== undefined) rest = rest.slice(id.length);
  return {
    type: type as PacketType,
    attachments,
    id: id === undefined ? null : Number(id),
    data: rest === '' ? undefined : JSON.parse(rest),
  };
}

/** Puts each attachment back where its `{ _placeholder: true, num }` stands. */
export function withAttachments(value: unknown, attachments: readonly ArrayBuffer[]): unknown {
  if (Array.isArray(value)) return value.map((item) => withAttachments(item, attachments));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (record._placeholder === true && typeof record.num === 'number') {
    const attachment = attachments[record.num];
    if (!attachment) throw new ProtocolError(`missing attachment ${record.num}`);
    return attachment;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) out[key] = withAttachments(item, attachments);
  return out;
}

export interface SessionHandlers {
  /** Writes one text message to the WebSocket. */
  send(text: string): void;
  /** The hub accepted the CONNECT: events may be emitted from here on. */
  onConnect?(sid: string): void;
  onConnectError?(error: ConnectError): void;
  /** An event from the hub, binary attachments already in place as ArrayBuffers. */
  onEvent?(name: string, args: unknown[]): void;
  /** The hub disconnected the socket or closed the Engine.IO session. */
  onDisconnect?(reason: 'io server disconnect' | 'transport close'): void;
}

export interface Session {
  /** Feeds one WebSocket message (text, or binary as an ArrayBuffer) to the session. */
  receive(message: string | ArrayBuffer): void;
  /** Emits an event; `onAck` gets the arguments of the hub's acknowledgement. */
  emit(name: string, args: readonly unknown[], onAck?: (args: unknown[]) => void): void;
  /** Says goodbye at the Socket.IO level; close the WebSocket after. */
  disconnect(): void;
}

/**
 * One Socket.IO session over an open WebSocket: answers the heartbeat, sends CONNECT with `auth` once the
 * Engine.IO handshake arrives, matches acks to their callbacks and joins binary events to the binary
 * messages that follow them.
 */
export function socketIoSession(auth: Record<string, unknown> | null, handlers: SessionHandlers): Session {
  const acks = new Map<number, (args: unknown[]) => void>();
  let nextAckId = 0;
  let pending: { packet: SocketPacket; buffers: ArrayBuffer[] } | null = null;

  const dispatch = (packet: SocketPacket, buffers: readonly ArrayBuffer[]) => {
    const data = buffers.length > 0 ? withAttachments(packet.data, buffers) : packet.data;
    switch (packet.type) {
      case packetTypes.connect:
        handlers.onConnect?.((data as { sid: string }).sid);
        return;
      case packetTypes.connectError:
        handlers.onConnectError?.(data as ConnectError);
        return;
      case packetTypes.disconnect:
        handlers.onDisconnect?.('io server disconnect');
        return;
      case packetTypes.event:
      case packetTypes.binaryEvent: {
        const [name, ...args] = data as [string, ...unknown[]];
        handlers.onEvent?.(name, args);
        return;
      }
      case packetTypes.ack:
      case packetTypes.binaryAck: {
        const callback = packet.id === null ? undefined : acks.get(packet.id);
        if (packet.id !== null) acks.delete(packet.id);
        callback?.(data as unknown[]);
        return;
      }
    }
  };

  return {
    receive(message) {
      if (typeof message !== 'string') {
        if (!pending) throw new ProtocolError('a binary message arrived with no packet waiting for it');
        pending.buffers.push(message);
        if (pending.buffers.length === pending.packet.attachments) {
          const { packet, buffers } = pending;
          pending = null;
          dispatch(packet, buffers);
        }
        return;
      }
      const engine = parseEnginePacket(message);
      if (engine.type === 'open') handlers.send(encodeConnect(auth));
      else if (engine.type === 'ping') handlers.send(PONG);
      else if (engine.type === 'close') handlers.onDisconnect?.('transport close');
      if (engine.type !== 'message') return;
      const packet = parseSocketPacket(engine.data);
      if (packet.attachments > 0) pending = { packet, buffers: [] };
      else dispatch(packet, []);
    },
    emit(name, args, onAck) {
      let id: number | null = null;
      if (onAck) {
        id = nextAckId++;
        acks.set(id, onAck);
      }
      handlers.send(encodeEvent(name, args, id));
    },
    disconnect() {
      handlers.send(encodeDisconnect());
    },
  };
}
