// The one way the client talks HTTP to the server: JSON in and out, the bearer token added, the error
// body ({ code, message, reason?, errors?, fields? }) parsed into an ApiError, and a 401 on an authenticated call treated
// as the end of the session.
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

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
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
  path: string,
  { method = 'GET', body, signal, endSessionOn401 = true }: ApiOptions = {},
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
    await api<void>('/api/auth/logout', { method: 'POST', endSessionOn401: false });
  } catch {
    // Already expired or offline: nothing more to revoke from here.
  } finally {
    sessionStore.signOut();
  }
}
