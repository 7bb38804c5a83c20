// One error shape for HTTP bodies and socket acks, with stable codes. An unknown error's message never
// reaches a client: it becomes INTERNAL with the default message.
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Field errors, as the login form expects them: `{ email: ['Invalid email or password'] }`. */
  errors?: Record<string, string[]>;
}

export type Ack<T> = { data: T } | { error: ErrorBody };
