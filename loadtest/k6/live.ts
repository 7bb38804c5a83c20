// Live viewers: each VU opens a Socket.IO socket over a bare WebSocket (framing in lib/socketio.ts), follows
// SITES for HOLD_SECONDS, then leaves and comes back, as a dashboard does on reload. Frames are decoded with
// the hub's own codec, imported by relative path because k6 resolves no workspace packages.
//
// Samples must be flowing: the hub's simulator (on in demo mode, at warp 1) or another source stamping real
// time. Latency is the VU's clock minus the timestamp the source gave the sample, so it holds the source's
// delay, the fan-out window (FRAME_MS, 100 ms by default) and the transport; the k6 machine and the source
// must share a clock (NTP), or every figure is off by their skew.

import { check } from 'k6';
import { Counter, Rate, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { clearTimeout, setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';
import type { Ack } from '../../shared/src/errors.ts';
import type { SubscribeRequest, SubscribeResult } from '../../shared/src/events.ts';
import { decodeFrame, frameKinds } from '../../shared/src/frames.ts';
import { signIn } from './lib/auth.ts';
import { numberSetting, setting, sites, socketUrl } from './lib/config.ts';
import { socketIoSession } from './lib/socketio.ts';

const HOLD_MS = numberSetting('HOLD_SECONDS', 30) * 1000;
const ACK_TIMEOUT_MS = 5000;

const sampleLatency = new Trend('live_sample_latency', true);
const subscribeTime = new Trend('live_subscribe_time', true);
const subscribeFailed = new Rate('live_subscribe_failed');
const frames = new Counter('live_frames');
const samples = new Counter('live_samples');
const snapshots = new Counter('live_snapshots');

export const options: Options = {
  scenarios: {
    viewers: {
      executor: 'constant-vus',
      vus: numberSetting('VUS', 20),
      duration: setting('DURATION', '1m'),
      // A viewer still holding its socket when the run ends is let finish rather than cut off mid-frame.
      gracefulStop: `${Math.ceil(HOLD_MS / 1000) + 10}s`,
    },
  },
  thresholds: {
    live_sample_latency: ['p(95)<500', 'p(99)<1000'],
    live_subscribe_failed: ['rate<0.01'],
    live_subscribe_time: ['p(95)<1000'],
    // No frame at all means no source is feeding the hub: the latency figures would be empty, not good.
    live_frames: ['count>0'],
    ws_connecting: ['p(95)<1000'],
    checks: ['rate>0.99'],
  },
};

export function setup(): { token: string } {
  return { token: signIn() };
}

export default function watch({ token }: { token: string }): void {
  // Non-browser peers send no Origin, so the hub requires the bearer header on the upgrade itself.
  const ws = new WebSocket(socketUrl, null, {
    headers: { Authorization: `Bearer ${token}` },
    tags: { endpoint: 'live' },
  });
  ws.binaryType = 'arraybuffer';

  let settled = false;
  let ackTimer: number | undefined;
  const settle = (ok: boolean) => {
    if (settled) return;
    settled = true;
    if (ackTimer !== undefined) clearTimeout(ackTimer);
    subscribeFailed.add(!ok);
  };

  const request: SubscribeRequest = { sites: sites.map((id) => ({ id })) };
  const session = socketIoSession(
    { token },
    {
      send: (text) => ws.send(text),
      onConnect() {
        const sentAt = Date.now();
        ackTimer = setTimeout(() => {
          settle(false);
          ws.close();
        }, ACK_TIMEOUT_MS);
        session.emit('live:subscribe', [request], ([ack]) => {
          subscribeTime.add(Date.now() - sentAt);
          const result = ack as Ack<SubscribeResult>;
          const ok = check(result, {
            'subscribe is acknowledged without error': (r) => 'data' in r,
            'every site asked for is granted': (r) => 'data' in r && r.data.granted.length === sites.length,
          });
          settle(ok);
        });
      },
      onConnectError() {
        settle(false);
        ws.close();
      },
      onEvent(name, args) {
        if (name !== 'live:frame') return;
        const frame = decodeFrame(args[1] as ArrayBuffer);
        // A snapshot replays the last minutes, a catch-up what a slow socket missed: old by design, not late.
        if (frame.kind !== frameKinds.live) {
          snapshots.add(1);
          return;
        }
        const now = Date.now();
        frames.add(1);
        samples.add(frame.ts.length);
        for (const ts of frame.ts) sampleLatency.add(now - ts);
      },
      onDisconnect() {
        ws.close();
      },
    },
  );

  ws.onmessage = (event) => {
    const data = event?.data;
    if (typeof data === 'string' || data instanceof ArrayBuffer) session.receive(data);
  };
  const holdTimer = setTimeout(() => {
    session.disconnect();
    ws.close();
  }, HOLD_MS);
  ws.onerror = () => ws.close();
  ws.onclose = () => {
    clearTimeout(holdTimer);
    settle(false);
  };
}
