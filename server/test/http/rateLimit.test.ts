// Request budgets as a flooder meets them: one address flooding sign-in is turned away with 429 and
// Retry-After while another address still signs in; a signed-in user flooding the API is turned away while
// another user is served; a data logger's key has its own budget; health is never counted.
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { DEMO_INGEST_KEY, demo } from '../helper.ts';
import { hubForTests } from '../hub.ts';

const limits = {
  ...loadConfig({}).rateLimit,
  userPerMinute: 20,
  addressPerMinute: 20,
  signInPerMinute: 5,
  forgotPasswordPerMinute: 3,
  ingestPerMinute: 10,
};

/** One request from a chosen loopback address (all of 127.0.0.0/8 reaches the hub listening on 127.0.0.1). */
function from(
  localAddress: string,
  url: string,
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: unknown }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}${path}`,
      {
        method,
        localAddress,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('request budgets', () => {
  const hub = hubForTests({ overrides: { rateLimit: limits }, signIn: ['admin', 'operator'] });

  it('counts a data logger by its ingest key, and never counts health', async () => {
    const { url, request } = hub.server;
    const made = await (
      await request('POST', '/api/ingest-keys', { token: hub.tokens.admin, body: { name: 'second logger' } })
    ).json();
    const ingest = (key: string) =>
      from('127.0.0.6', url, 'POST', '/api/ingest', { body: { samples: [] }, headers: { 'x-ingest-key': key } });
    const statuses: number[] = [];
    for (let i = 0; i < limits.ingestPerMinute + 2; i++) statuses.push((await ingest(DEMO_INGEST_KEY)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, limits.ingestPerMinute)).not.toContain(429);
    expect((await ingest(made.key)).status).not.toBe(429);
    for (let i = 0; i < limits.addressPerMinute + 5; i++) {
      expect((await from('127.0.0.6', url, 'GET', '/api/health')).status).toBe(200);
    }
  });

  it('turns one address flooding sign-in away with 429 and Retry-After, while another address still signs in', async () => {
    const { url } = hub.server;
    const statuses: number[] = [];
    let refusal: Awaited<ReturnType<typeof from>> | undefined;
    // Password spraying: one guess on each of many accounts, which no per-account throttle sees.
    for (let i = 0; i < limits.signInPerMinute + 3; i++) {
      const wrong = { email: `guess${i}@example.com`, password: 'Summer2026!' };
      const answer = await from('127.0.0.2', url, 'POST', '/api/auth/login', { body: wrong });
      statuses.push(answer.status);
      if (answer.status === 429) refusal ??= answer;
    }
    expect(statuses.slice(0, limits.signInPerMinute)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
    expect(refusal?.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(refusal?.json).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/Try again in \d+ seconds?/),
      reason: { code: 'tooManyAttempts', params: { seconds: expect.any(Number) } },
      // The sign-in form shows it at its email field.
      errors: { email: [expect.any(String)] },
    });
    // Even the right password is turned away from the flooding address…
    const right = { email: demo.operator.email, password: demo.operator.password };
    expect((await from('127.0.0.2', url, 'POST', '/api/auth/login', { body: right })).status).toBe(429);
    // …but not from another one.
    expect((await from('127.0.0.3', url, 'POST', '/api/auth/login', { body: right })).status).toBe(201);
  });

  it('gives forgot-password its own small budget per address', async () => {
    const { url } = hub.server;
    const statuses: number[] = [];
    for (let i = 0; i < limits.forgotPasswordPerMinute + 2; i++) {
      const answer = await from('127.0.0.4', url, 'POST', '/api/auth/forgot-password', {
        body: { email: demo.client.email },
      });
      statuses.push(answer.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, limits.forgotPasswordPerMinute)).not.toContain(429);
  });

  it('turns a signed-in user flooding the API away with 429, while another user from the same address is served', async () => {
    const { url } = hub.server;
    const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    let refusal: Awaited<ReturnType<typeof from>> | undefined;
    for (let i = 0; i < limits.userPerMinute + 5 && !refusal; i++) {
      const answer = await from('127.0.0.5', url, 'GET', '/api/sites', as(hub.tokens.admin));
      if (answer.status === 429) refusal = answer;
      else expect(answer.status).toBe(200);
    }
    expect(refusal?.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(refusal?.json).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: { code: 'tooManyAttempts' } });
    // The budget is the user's across routes, not one route's.
    expect((await from('127.0.0.5', url, 'GET', '/api/auth/me', as(hub.tokens.admin))).status).toBe(429);
    expect((await from('127.0.0.5', url, 'GET', '/api/sites', as(hub.tokens.operator))).status).toBe(200);
  });
});
