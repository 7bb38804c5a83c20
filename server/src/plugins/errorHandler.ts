// The one error handler: typed HttpErrors become their body and status, Fastify's own errors (bad JSON,
// body too large, schema failures) our error body, and anything else a 500 whose message stays here.
import { DEFAULT_ERROR_MESSAGE, type ErrorBody } from '@voltscope/shared/errors';
import { validationMessages } from '@voltscope/shared/validation';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';

/** Fastify's own errors (bad JSON, body too large, schema failures) as our error body. */
function toErrorBody(error: FastifyError, errorField: string | undefined): { status: number; body: ErrorBody } {
  if (error.validation) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const missing = (issue.params as { missingProperty?: string }).missingProperty;
      const field = missing ?? (issue.instancePath.replace(/^\//, '').split('/')[0] || errorField || 'body');
      const message = missing ? validationMessages.en.required : `${field} ${issue.message ?? 'is invalid'}`;
      errors[field] = [...(errors[field] ?? []), message];
    }
    const first = Object.values(errors)[0]?.[0] ?? 'The request is invalid';
    return { status: 400, body: { code: 'VALIDATION', message: first, errors } };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return { status, body: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' } };
  if (status === 415) return { status, body: { code: 'BAD_REQUEST', message: 'Send the body as application/json' } };
  if (status >= 400 && status < 500) {
    return {
      status,
      body: {
        code: 'BAD_REQUEST',
        message:
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code?.startsWith('FST_ERR_CTP')
            ? 'The request body is not valid JSON'
            : 'The request is invalid',
      },
    };
  }
  return { status: 500, body: { code: 'INTERNAL', message: DEFAULT_ERROR_MESSAGE } };
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const errorField = request.routeOptions.config?.errorField;
  let status: number;
  let body: ErrorBody;
  if (error instanceof HttpError) {
    status = error.status;
    body = error.toBody();
    reply.headers(error.headers);
  } else {
    ({ status, body } = toErrorBody(error, errorField));
    if (status >= 500) request.log.error({ err: error }, 'request failed');
  }
  // A form shows a failure at one field (the login form at `email`, as the seed says).
  if (errorField && !body.errors) body = { ...body, errors: { [errorField]: [body.message] } };
  return reply.code(status).send(body);
}
