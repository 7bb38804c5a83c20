// One response serialiser per distinct schema, shared by every route that answers with it. Fastify
// compiles a serialiser (and fast-json-stringify an Ajv of its own) for each status of each route, and
// every route answers its refusals with the same ErrorBody: ~1,650 serialisers for ~200 routes, 18 MB of
// generated source and 1,500 Ajv instances that stayed on the heap, where each collection of the old
// generation had to mark them again. Sharing leaves a few hundred.
import SerializerSelector, { type Serializer, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

export function sharedSerializers(): SerializerFactory {
  const build = SerializerSelector();
  const made = new Map<string, Serializer>();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    // Schemas added with addSchema could resolve differently in another context: those are not shared.
    if (externalSchemas && Object.keys(externalSchemas).length > 0) return compile;
    const withOptions = JSON.stringify(options ?? null);
    return (route) => {
      const key = `${withOptions}\n${JSON.stringify(route.schema)}`;
      let serializer = made.get(key);
      if (!serializer) {
        serializer = compile(route);
        made.set(key, serializer);
      }
      return serializer;
    };
  };
}
