import { describe, expect, it } from 'vitest';
import { limitEvents, RATE_LIMITED } from './eventRate.ts';

function run(rate: { perSecond: number; burst: number }) {
  let clock = 0;
  let floods = 0;
  const middleware = limitEvents(
    rate,
    () => floods++,
    () => clock,
  );
  return {
    advance: (ms: number) => {
      clock += ms;
    },
    floods: () => floods,
    /** Sends one event with an ack; says whether it was let through, or what the ack got. */
    send(): 'handled' | unknown {
      let answer: unknown = 'dropped';
      middleware(['live:subscribe', {}, (a: unknown) => (answer = a)], () => (answer = 'handled'));
      return answer;
    },
  };
}

describe('limitEvents', () => {
  it('lets a burst through, then answers TOO_MANY_REQUESTS until the bucket refills', () => {
    const socket = run({ perSecond: 2, burst: 3 });
    expect([socket.send(), socket.send(), socket.send()]).toEqual(['handled', 'handled', 'handled']);
    expect(socket.send()).toEqual(RATE_LIMITED);
    socket.advance(250);
    expect(socket.send()).toEqual(RATE_LIMITED);
    socket.advance(250);
    expect(socket.send()).toBe('handled');
    expect(socket.send()).toEqual(RATE_LIMITED);
    expect(socket.floods()).toBe(0);
  });

  it('calls a socket that keeps sending while refused a flood', () => {
    const socket = run({ perSecond: 1, burst: 2 });
    // Two let through, two refused in a row: not yet a flood.
    for (let i = 0; i < 4; i++) socket.send();
    expect(socket.floods()).toBe(0);
    socket.send();
    expect(socket.floods()).toBe(1);
  });
});
