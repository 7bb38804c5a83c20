// The pieces every HTTP contract is built from, and the types a contract gives each side. A contract is
// one TypeBox schema per part of a route (params, querystring, body, each response): the server
// validates and serialises with it, the client takes its types from it (`import type` only: no schema
// code ships to the browser). TypeBox schemas are plain JSON Schema, so Fastify compiles them as it
// would hand-written ones.
import Type, { type Static, type TSchema } from 'typebox';
import { errorCodes, reasonCodes } from '../errors.ts';

/** `T | null`, written as JSON Schema's `type: [T, 'null']` (the form Fastify's serialiser is fastest at). */
export function Nullable<T extends TSchema & { type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

/** One of a list of strings, typed as the list's union. */
export function OneOf<const T extends readonly string[]>(values: T, options: { default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** An id in a path: a site, device or session id. */
export const Id = Type.String({ minLength: 1, maxLength: 64 });
export const IdParams = Type.Object({ id: Id });
/** A numeric id in a path (alarms, rules, webhooks, users). */
export const NumericIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const Reason = Type.Object({
  code: OneOf(reasonCodes),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});

/** Every refusal, over HTTP and in socket acks. */
export const ErrorBody = Type.Object({
  code: OneOf(errorCodes),
  message: Type.String(),
  /** The reason for the whole request, when there is one the client can word. */
  reason: Type.Optional(Reason),
  /** Field errors, as the login form expects them: `{ email: ['Invalid email or password'] }`. */
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  /** The same field errors as reasons, for the client to word: `{ email: { code: 'invalidCredentials' } }`. */
  fields: Type.Optional(Type.Record(Type.String(), Reason)),
});

/** The refusals any route may answer with. */
export const errorReplies = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
} as const;

/** An empty success (204). */
export const NoContent = Type.Null();

/** A route's contract: what Fastify's `schema` option takes, with a response for every status. */
export interface RouteContract {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  headers?: TSchema;
  response: { [status: number]: TSchema };
}

/** Routes keyed by `METHOD /path` (path parameters as `:name`), checked to be contracts. */
export function routes<
  const R extends Record<`${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`, RouteContract>,
>(contracts: R): R {
  return contracts;
}

type Part<C, K extends string> = C extends { [P in K]: infer S extends TSchema } ? Static<S> : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;

/** What a route answers when it succeeds. */
export type ReplyOf<C extends RouteContract> = {
  [S in SuccessStatus]: C['response'] extends { [P in S]: infer R extends TSchema } ? Static<R> : never;
}[SuccessStatus] extends infer T
  ? [T] extends [null]
    ? undefined
    : T
  : never;
export type ParamsOf<C> = Part<C, 'params'>;
export type QueryOf<C> = Part<C, 'querystring'>;
export type BodyOf<C> = Part<C, 'body'>;
