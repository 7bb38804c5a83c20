// Sign-in over HTTP at a steady arrival rate: POST /api/auth/login answers 201 with a session, and 400 for
// a wrong password.
//
// The rate is modest on purpose. The hub hashes passwords with scrypt (2^17 by default, about 128 MiB and a
// good fraction of a second each) behind a gate of two at a time with 32 waiting, and answers 429 past that:
// a few sign-ins per second is what it is sized for, so RATE finds where sign-in queues, not how fast
// anything else is. Its throttle counts failures only, per account and address together (a wait that
// doubles from 30 s up to 15 minutes after repeated failures, reset by a success): other accounts, and the
// same account from another address, are never slowed by it. Every VU of one k6 machine shares an address,
// so the wrong-password scenario makes a single attempt, on one account.

import { check } from 'k6';
import http from 'k6/http';
import { Counter } from 'k6/metrics';
import type { Options } from 'k6/options';
import type { LoginResponse } from '../../shared/src/domain.ts';
import { account, arrivalScenario, baseUrl } from './lib/config.ts';

const loginUrl = `${baseUrl}/api/auth/login`;
const json = { 'Content-Type': 'application/json' };

/** 429s: the hash gate was full or the throttle engaged, so the rate, not the hub's speed, is the limit. */
const throttled = new Counter('login_throttled');

export const options: Options = {
  scenarios: {
    sign_in: arrivalScenario(2, { preAllocated: 4, max: 32 }),
    wrong_password: {
      executor: 'shared-iterations',
      exec: 'wrongPassword',
      vus: 1,
      iterations: 1,
      startTime: '2s',
    },
  },
  thresholds: {
    // Hashing dominates: a p95 past a second means sign-ins are queueing at the hash gate.
    'http_req_duration{endpoint:login}': ['p(95)<1000', 'p(99)<2000'],
    'http_req_duration{endpoint:wrong_password}': ['max<2000'],
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    login_throttled: ['count<1'],
  },
};

export default function signIn(): void {
  const response = http.post(loginUrl, JSON.stringify({ email: account.email, password: account.password }), {
    headers: json,
    tags: { endpoint: 'login' },
  });
  if (response.status === 429) throttled.add(1);
  const body = response.status === 201 ? (response.json() as unknown as LoginResponse) : null;
  check(response, {
    'login answers 201': (r) => r.status === 201,
    'login returns a session': () =>
      typeof body?.accessToken === 'string' &&
      typeof body.userData === 'object' &&
      Array.isArray(body.userAbilityRules) &&
      body.expiresAt > Date.now(),
  });
  if (!body) return;
  // Each sign-in opens a session; ending it keeps a long run from filling the hub's session table.
  const logout = http.post(`${baseUrl}/api/auth/logout`, null, {
    headers: { Authorization: `Bearer ${body.accessToken}` },
    tags: { endpoint: 'logout' },
  });
  check(logout, { 'logout answers 204': (r) => r.status === 204 });
}

export function wrongPassword(): void {
  const response = http.post(loginUrl, JSON.stringify({ email: account.email, password: `${account.password}!x` }), {
    headers: json,
    tags: { endpoint: 'wrong_password' },
    responseCallback: http.expectedStatuses(400),
  });
  if (response.status === 429) throttled.add(1);
  check(response, {
    'a wrong password answers 400': (r) => r.status === 400,
    'a wrong password gets no token': (r) => !String(r.body).includes('accessToken'),
  });
}
