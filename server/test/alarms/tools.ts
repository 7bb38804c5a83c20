// What the alarm tests share: waiting for the hub, steady series, the open alarms, operator actions and
// following a site's alarm events over a socket, each against the test server of the moment (a test may
// restart it).
import {
  type Alarm,
  type AlarmChangeOf,
  type AlarmSubscribeResult,
  receivedChange,
  type SentAlarmChange,
  type SiteEvent,
} from '@voltscope/shared/alarms';
import { nextEvent, type TestServer, type TestSocket } from '../helper.ts';

/** Polls `read` until it gives a value, or `ms` pass (then gives what it last read). */
export const until = async <T>(read: () => Promise<T | undefined> | T | undefined, ms = 5000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined || Date.now() > end) return value as T;
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** `value` every second from `from` for `seconds`. */
export const steady = (series: string, from: number, seconds: number, value: number) =>
  Array.from({ length: seconds }, (_, i) => ({ series, ts: from + i * 1000, value }));

/**
 * The events a socket receives, in order, made whole as a client makes them (an event of an alarm takes
 * its alarm's message); `messages` (if given) gets each message's number of events, `sent` what came.
 */
export function eventsOf(socket: TestSocket, messages?: number[], sent?: SentAlarmChange[]) {
  const events: AlarmChangeOf[] = [];
  socket.on('alarm:events', (payloads) => {
    messages?.push(payloads.length);
    sent?.push(...payloads);
    events.push(...payloads.map(receivedChange));
  });
  return events;
}

export function alarmTools(server: () => TestServer) {
  const active = async (token: string): Promise<Alarm[]> =>
    (await server().request('GET', '/api/alarms/active', { token })).json();
  return {
    active,
    /** The open alarm of a device (of one rule, if given), once it is there. */
    alarmOf: (token: string, deviceId: string, ruleId?: number) =>
      until(async () =>
        (await active(token)).find((a) => a.deviceId === deviceId && (ruleId === undefined || a.ruleId === ruleId)),
      ),
    act: (token: string, verb: string, body: unknown) =>
      server().request('POST', `/api/alarms/${verb}`, { token, body }),
    timeline: async (token: string, id: number): Promise<SiteEvent[]> =>
      (await (await server().request('GET', `/api/alarms/${id}`, { token })).json()).timeline,
    async follow(token: string, sites: { id: string; lastSeq?: number }[]) {
      const socket = server().connect(token);
      await nextEvent(socket, 'connect');
      const messages: number[] = [];
      const sent: SentAlarmChange[] = [];
      const events = eventsOf(socket, messages, sent);
      const ack = await socket.timeout(5000).emitWithAck('alarms:subscribe', { sites });
      if ('error' in ack) throw new Error(ack.error.message);
      return { socket, events, messages, sent, result: ack.data as AlarmSubscribeResult };
    },
  };
}
