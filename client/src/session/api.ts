// The one way the client talks HTTP to the server: a typed call built from the route's contract
// (`call('GET /api/sites/:id', { params: { id } })`, its reply type taken from shared/src/contracts),
// JSON in and out, the bearer token added, the error body ({ code, message, reason?, errors?, fields? })
// parsed into an ApiError, and a 401 on an authenticated call treated as the end of the session.
import type { BodyOf, ParamsOf, QueryOf, ReplyOf } from '@voltscope/shared/contracts/common';
import type { Contracts, RouteKey } from '@voltscope/shared/contracts/index';
import { DEFAULT_ERROR_MESSAGE, type ErrorBody, errorCodes, type Reason, reasonCodes } from '@voltscope/shared/errors';
import { sessionStore } from './sessionStore.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  /** Seconds to wait before retrying, from a 429's Retry-After header. */
  readonly retryAfter: number | null;

  constructor(status: number, body: ErrorBody, retryAfter: number | null) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }

  /** The first message for a field, as the server's forms expect: `errors.email[0]`. */
  fieldError(field: string): string | undefined {
    return this.body.errors?.[field]?.[0];
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request ready to send, typed with what its route answers. `path` (with the query) identifies it. */
export interface Call<T> {
  readonly method: Method;
  readonly path: string;
  readonly body?: unknown;
  /** Never set: carries the reply's type. */
  readonly reply?: T;
}

type Part<Name extends string, T> = [T] extends [undefined] ? unknown : { [P in Name]: T };
/** A query's optional fields may also be given as undefined (left out of the address). */
type Loose<T> = { [K in keyof T]: T[K] | (object extends Pick<T, K> ? undefined : never) };
type Input<C> = Part<'params', ParamsOf<C>> & Part<'query', Loose<QueryOf<C>>> & Part<'body', BodyOf<C>>;
/** The input may be left out when nothing in it is required. */
type InputArgs<C> = object extends Input<C> ? [input?: Input<C>] : [input: Input<C>];
export type Reply<K extends RouteKey> = ReplyOf<Contracts[K]>;

/** A call of the route `key` (`METHOD /path`): path parameters filled in, the query encoded. */
export function call<K extends RouteKey>(key: K, ...[input]: InputArgs<Contracts[K]>): Call<Reply<K>> {
  const space = key.indexOf(' ');
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | undefined>;
    body?: unknown;
  };
  let path = key.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, String(value));
  // Commas stay readable: lists of ids are comma-separated.
  if (search.size > 0) path += `?${search.toString().replaceAll('%2C', ',')}`;
  return { method: key.slice(0, space) as Method, path, ...(body !== undefined && { body }) };
}

/** What identifies a request (its path and query), for hooks that load again when it changes. */
export function pathOf(request: Call<unknown> | null): string | null {
  return request === null ? null : request.path;
}

export interface ApiOptions {
  signal?: AbortSignal;
  /** False for calls whose 401 is expected (logout with an expired token): no redirect then. */
  endSessionOn401?: boolean;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** Called after a 401 cleared the session; the router sends the user to the login page. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

function toErrorBody(value: unknown): ErrorBody {
  if (value && typeof value === 'object') {
    const { code, message, errors, reason, fields } = value as Partial<ErrorBody>;
    if (typeof message === 'string' && typeof code === 'string' && (errorCodes as readonly string[]).includes(code)) {
      const known = (r: unknown): r is Reason =>
        !!r && typeof r === 'object' && (reasonCodes as readonly unknown[]).includes((r as Reason).code);
      const knownFields =
        fields && typeof fields === 'object' ? Object.entries(fields).filter(([, r]) => known(r)) : [];
      return {
        code,
        message,
        ...(known(reason) && { reason }),
        ...(errors && typeof errors === 'object' && { errors }),
        ...(knownFields.length > 0 && { fields: Object.fromEntries(knownFields) }),
      };
    }
  }
  return { code: 'INTERNAL', message: DEFAULT_ERROR_MESSAGE };
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

export async function api<T>(
  { path, method, body }: Call<T>,
  { signal, endSessionOn401 = true }: ApiOptions = {},
): Promise<T> {
  const token = sessionStore.getState().accessToken;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (typeof document !== 'undefined' && document.documentElement.lang) {
    headers['Accept-Language'] = document.documentElement.lang;
  }

  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;
  const response = await fetch(path, init);

  if (response.ok) {
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  const errorBody = toErrorBody(await response.json().catch(() => null));
  if (response.status === 401 && token && endSessionOn401) {
    sessionStore.signOut();
    onUnauthorized();
  }
  throw new ApiError(response.status, errorBody, parseRetryAfter(response.headers.get('Retry-After')));
}

/** Logs out on the server (best effort: the session ends locally whatever the network says). */
export async function logout(): Promise<void> {
  try {
    await api(call('POST /api/auth/logout'), { endSessionOn401: false });
  } catch {
    // Already expired or offline: nothing more to revoke from here.
  } finally {
    sessionStore.signOut();
  }
}
