// A route's method, URL and schema from its contract in shared/src/contracts: a route file spreads it
// into `app.route()` and adds its config and handler, typed from the schema (TypeBox type provider).
//
//   typed(app).route({ ...contract('GET /api/sites/:id'), config: { can: ['read', 'Site'] },
//     handler: async (request) => readableSite(db, request, request.params.id) });
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Contracts, contracts, type RouteKey } from '@voltscope/shared/contracts/index';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';

type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;
type MethodOf<K extends string> = K extends `${infer M} ${string}` ? M & HTTPMethods : never;

export function contract<K extends RouteKey>(key: K): { method: MethodOf<K>; url: PathOf<K>; schema: Contracts[K] } {
  const [method, url] = key.split(' ') as [MethodOf<K>, PathOf<K>];
  return { method, url, schema: contracts[key] };
}

/** The app, with handlers typed from their route's schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();

/** The routes that answer to a contract: the API and the metrics. */
const underContract = (url: string) => url.startsWith('/api/') || url === '/metrics';

/**
 * Refuses a route registered without its contract (an `onRoute` hook in app.ts): every route of the API
 * is written once in shared/src/contracts, with a schema for each response, or the hub does not start.
 */
export function assertContract(route: RouteOptions): void {
  for (const method of [route.method].flat()) {
    if (method === 'HEAD' || !underContract(route.url)) continue;
    const key = `${method} ${route.url}`;
    const expected = (contracts as Record<string, unknown>)[key];
    if (!expected) throw new Error(`${key} has no contract in shared/src/contracts`);
    if (route.schema !== expected)
      throw new Error(`${key} is not registered from its contract (use contract('${key}'))`);
  }
}
