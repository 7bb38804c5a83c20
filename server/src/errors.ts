// Handlers throw HttpError; the one error handler in app.ts turns it into the shared ErrorBody.
import type { ErrorBody, ErrorCode, Reason } from '@voltscope/shared/errors';

export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string>;
  /** A code and parameters the client words in its reader's language (`message` stays English). */
  readonly reason: Reason | undefined;
  readonly fields: Record<string, Reason> | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    extra: {
      errors?: Record<string, string[]>;
      headers?: Record<string, string>;
      reason?: Reason;
      fields?: Record<string, Reason>;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = extra.errors;
    this.headers = extra.headers ?? {};
    this.reason = extra.reason;
    this.fields = extra.fields;
  }

  toBody(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.reason && { reason: this.reason }),
      ...(this.errors && { errors: this.errors }),
      ...(this.fields && { fields: this.fields }),
    };
  }
}

export const unauthenticated = (message = 'Sign in to continue') => new HttpError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'NOT_FOUND', message);
