// Signing in once for scripts that load something else: setup() calls signIn and hands the token to
// every VU, so that the hub's slow password hashing and sign-in throttle stay out of their figures.

import { fail } from 'k6';
import http, { type Params } from 'k6/http';
import type { LoginResponse } from '../../../shared/src/domain.ts';
import { account, baseUrl } from './config.ts';

export function signIn(email = account.email, password = account.password): string {
  const response = http.post(`${baseUrl}/api/auth/login`, JSON.stringify({ email, password }), {
    headers: { 'Content-Type': 'application/json' },
    tags: { endpoint: 'setup_login' },
  });
  if (response.status !== 201) {
    fail(`sign-in as ${email} at ${baseUrl} answered ${response.status}: ${String(response.body).slice(0, 200)}`);
  }
  return (response.json() as unknown as LoginResponse).accessToken;
}

/** Request parameters with the bearer token and an `endpoint` tag that thresholds select on. */
export function authorized(token: string, endpoint: string): Params {
  return { headers: { Authorization: `Bearer ${token}` }, tags: { endpoint } };
}
