// The bytes written straight to a connection read back, through `ws`'s own parser and Socket.IO's
// decoder, as the `live:frame` event Socket.IO itself would have sent, at every WebSocket length form.
import { decodePacket } from 'engine.io-parser';
import { Decoder } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { liveFrameWire } from './wire.ts';

/** `ws`'s frame parser (the one Socket.IO's Node client reads with); its typings do not name it. */
const { Receiver } = ws as unknown as {
  Receiver: new (options: {
    isServer: boolean;
  }) => {
    on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
    write(bytes: Buffer): void;
  };
};

/** The messages a WebSocket client would read from `bytes`: text as strings, binary as Buffers. */
function messagesOf(bytes: Buffer): (string | Buffer)[] {
  const messages: (string | Buffer)[] = [];
  const receiver = new Receiver({ isServer: false });
  receiver.on('message', (data: Buffer, isBinary: boolean) => messages.push(isBinary ? data : data.toString()));
  receiver.write(bytes);
  return messages;
}

/** What Socket.IO's decoder makes of those messages: the event's arguments. */
function eventOf(messages: (string | Buffer)[]): unknown[] {
  const decoder = new Decoder();
  let event: unknown[] = [];
  decoder.on('decoded', (packet: { data?: unknown }) => {
    event = packet.data as unknown[];
  });
  for (const message of messages) {
    const packet = typeof message === 'string' ? decodePacket(message) : { type: 'message', data: message };
    expect(packet.type).toBe('message');
    decoder.add(packet.data as string | Buffer);
  }
  return event;
}

describe('a live frame on the wire', () => {
  it.each([10, 200, 70_000])('reads back as live:frame(site, frame) with a frame of %i bytes', (size) => {
    const frame = Uint8Array.from({ length: size }, (_, i) => i % 251);
    const messages = messagesOf(liveFrameWire('es-tarifa', frame));
    expect(messages).toHaveLength(2);
    const [name, siteId, bytes] = eventOf(messages) as [string, string, Buffer];
    expect([name, siteId]).toEqual(['live:frame', 'es-tarifa']);
    expect(new Uint8Array(bytes)).toEqual(frame);
  });

  it('frames a slice of a larger buffer from its own offset', () => {
    const whole = Uint8Array.from({ length: 64 }, (_, i) => i);
    const frame = whole.subarray(16, 48);
    const [, , bytes] = eventOf(messagesOf(liveFrameWire('ir-yazd', frame))) as [string, string, Buffer];
    expect(new Uint8Array(bytes)).toEqual(frame);
  });
});
