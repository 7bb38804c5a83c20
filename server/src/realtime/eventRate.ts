// What one socket may ask for: a token bucket of `burst` events refilled at `perSecond`. An event past
// it gets a TOO_MANY_REQUESTS ack and is not handled; a socket that keeps sending while refused (more
// refused events in a row than the burst) is flooding, and is disconnected.
import type { ErrorBody } from '@voltscope/shared/errors';

export interface EventRate {
  perSecond: number;
  burst: number;
}

export const RATE_LIMITED: { error: ErrorBody } = {
  error: { code: 'TOO_MANY_REQUESTS', message: 'too many requests on this connection: slow down' },
};

/** A socket middleware (`socket.use`) that answers events past the rate, and calls `flooding` on a flood. */
export function limitEvents(
  rate: EventRate,
  flooding: () => void,
  now: () => number = performance.now.bind(performance),
): (packet: unknown[], next: (error?: Error) => void) => void {
  let tokens = rate.burst;
  let at = now();
  let refused = 0;
  return (packet, next) => {
    const t = now();
    tokens = Math.min(rate.burst, tokens + ((t - at) / 1000) * rate.perSecond);
    at = t;
    if (tokens >= 1) {
      tokens--;
      refused = 0;
      return next();
    }
    if (++refused > rate.burst) return flooding();
    const ack = packet.at(-1);
    if (typeof ack === 'function') ack(RATE_LIMITED);
  };
}
