// Load shedding as a lagging hub shows it: with the event loop blocked over and over (from this process,
// which runs the hub), the API answers 503 with Retry-After and the error body, health still answers and
// says so, and live frames keep reaching a connected Socket.IO client; once the loop is free, the API
// answers again.
import { describe, expect, it } from 'vitest';
import { demo, nextEvent } from '../helper.ts';
import { hubForTests } from '../hub.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Keeps the event loop busy for `ms`: what a runaway computation or a huge parse does to the hub. */
function block(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {}
}

describe('load shedding', () => {
  const hub = hubForTests({
    overrides: {
      // A tiny limit, far above a free loop's lag and far below what the blocks below cause.
      maxEventLoopDelayMs: 30,
      simulator: {
        enabled: true,
        seed: 5,
        warp: 1,
        faultRate: 0,
        periodMs: 200,
        backfillDays: 0,
        backfillStepSeconds: 900,
      },
    },
  });

  /** Signs the operator in once the hub's start has stopped lagging (a start may shed for a moment too). */
  async function signIn(): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const answer = await hub.server.request('POST', '/api/auth/login', {
        body: { email: demo.operator.email, password: demo.operator.password },
      });
      if (answer.status === 201) return (await answer.json()).accessToken;
      expect(answer.status).toBe(503);
      await sleep(100);
    }
    throw new Error('the hub never stopped shedding');
  }

  it('answers 503 with Retry-After while the loop lags, keeps health and live frames going, then recovers', async () => {
    const { request, connect } = hub.server;
    const token = await signIn();
    const socket = connect(token);
    await nextEvent(socket, 'connect');
    let frames = 0;
    socket.on('live:frame', () => {
      frames++;
    });
    const ack = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: [{ id: 'es-tarifa' }] });
    expect(ack).toMatchObject({ data: { refused: [] } });
    for (let i = 0; i < 100 && frames < 3; i++) await sleep(50);
    expect(frames).toBeGreaterThanOrEqual(3);
    expect((await request('GET', '/api/sites', { token })).status).toBe(200);

    // Blocks of 400 ms with short breaks: the loop lags far past the limit, yet turns now and then.
    const lagging = async () => {
      block(400);
      await sleep(40);
    };
    let shed: Awaited<ReturnType<typeof request>> | undefined;
    for (let i = 0; i < 20 && !shed; i++) {
      await lagging();
      const answer = await request('GET', '/api/sites', { token });
      if (answer.status === 503) shed = answer;
      else expect(answer.status).toBe(200);
    }
    expect(shed?.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await shed?.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/busy/),
      reason: { code: 'busy' },
    });

    // Still lagging: the API keeps refusing, health keeps answering, and frames keep coming.
    const framesWhenShed = frames;
    let stillShed = 0;
    let health: { status: number; body: { pressure?: { shedding: boolean } } } | undefined;
    for (let i = 0; i < 40 && (frames < framesWhenShed + 3 || stillShed < 3 || !health); i++) {
      await lagging();
      const answer = await request('GET', '/api/alarms/active', { token });
      if (answer.status === 503) stillShed++;
      const probe = await request('GET', '/api/health');
      if (probe.status === 200) {
        const body = await probe.json();
        if (body.pressure?.shedding) health = { status: probe.status, body };
      }
    }
    expect(frames).toBeGreaterThanOrEqual(framesWhenShed + 3);
    expect(stillShed).toBeGreaterThanOrEqual(3);
    expect(health?.body).toMatchObject({
      status: 'ok',
      pressure: { shedding: true, eventLoopDelayMs: expect.any(Number) },
    });

    // The loop free again: the API answers once the next sample shows it.
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      await sleep(100);
      status = (await request('GET', '/api/sites', { token })).status;
    }
    expect(status).toBe(200);
    socket.disconnect();
  });
});
