// The one error handler: typed HttpErrors become their body and status, Fastify's own errors (bad JSON,
// body too large, schema failures) our error body, with a reason code per field that the client words
// in the reader's language, and anything else a 500 whose message stays here.
import { DEFAULT_ERROR_MESSAGE, type ErrorBody, type Reason } from '@voltscope/shared/errors';
import { validationMessages } from '@voltscope/shared/validation';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';

type SchemaIssue = NonNullable<FastifyError['validation']>[number];

/** The JSON Schema keywords whose failure the client words with the keyword's limit. */
const LIMIT_REASONS: Partial<Record<string, Reason['code']>> = {
  minLength: 'tooShort',
  maxLength: 'tooLong',
  minimum: 'tooSmall',
  exclusiveMinimum: 'tooSmall',
  maximum: 'tooLarge',
  exclusiveMaximum: 'tooLarge',
  minItems: 'tooFew',
  maxItems: 'tooMany',
};

/** The keywords whose failure needs no parameter to be worded. */
const PLAIN_REASONS: Partial<Record<string, Reason['code']>> = {
  required: 'required',
  enum: 'notOneOf',
  const: 'notOneOf',
  additionalProperties: 'unknownField',
  pattern: 'regex',
};

/** The reason a schema issue gives the client to word: the JSON Schema keyword that failed, with its limit. */
function reasonOf(issue: SchemaIssue): Reason | undefined {
  const limited = LIMIT_REASONS[issue.keyword];
  if (limited) {
    const limit = (issue.params as { limit?: number }).limit;
    return { code: limited, ...(limit !== undefined && { params: { limit } }) };
  }
  const plain = PLAIN_REASONS[issue.keyword];
  if (plain) return { code: plain };
  if (issue.keyword === 'format')
    return { code: (issue.params as { format?: string }).format === 'email' ? 'email' : 'regex' };
  if (issue.keyword === 'type')
    return { code: (issue.params as { type?: string }).type === 'integer' ? 'integer' : 'wrongType' };
  return undefined;
}

/** The field a schema issue is about: the missing or unexpected property, else the first step of its path. */
function fieldOf(issue: SchemaIssue, errorField: string | undefined): string {
  const { missingProperty, additionalProperty } = issue.params as {
    missingProperty?: string;
    additionalProperty?: string;
  };
  return (
    missingProperty ??
    additionalProperty ??
    (issue.instancePath.replace(/^\//, '').split('/')[0] || errorField || 'body')
  );
}

/** Fastify's own errors (bad JSON, body too large, schema failures) as our error body. */
function toErrorBody(error: FastifyError, errorField: string | undefined): { status: number; body: ErrorBody } {
  if (error.validation) {
    const errors: Record<string, string[]> = {};
    const fields: Record<string, Reason> = {};
    for (const issue of error.validation) {
      const field = fieldOf(issue, errorField);
      const missing = issue.keyword === 'required';
      const message = missing ? validationMessages.en.required : `${field} ${issue.message ?? 'is invalid'}`;
      errors[field] = [...(errors[field] ?? []), message];
      const reason = reasonOf(issue);
      if (reason && !fields[field]) fields[field] = reason;
    }
    const first = Object.values(errors)[0]?.[0] ?? 'The request is invalid';
    const reason = Object.values(fields)[0];
    return {
      status: 400,
      body: {
        code: 'VALIDATION',
        message: first,
        ...(reason && { reason }),
        errors,
        ...(Object.keys(fields).length > 0 && { fields }),
      },
    };
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
