import { describe, expect, it } from 'vitest';
import { sharedSerializers } from './sharedSerializers.ts';

const route = (schema: unknown, url = '/a') => ({ method: 'GET', url, httpStatus: '200', schema });
const error = { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } };

describe('sharedSerializers', () => {
  it('compiles one serialiser for routes that answer with the same schema, and a serialiser for each other one', () => {
    const factory = sharedSerializers();
    const compile = factory({}, {});
    const a = compile(route(error, '/a'));
    const b = factory({}, {})(route(structuredClone(error), '/b'));
    const other = compile(route({ type: 'object', properties: { code: { type: 'number' } } }));
    expect(b).toBe(a);
    expect(other).not.toBe(a);
    // The shared one still writes what its schema says, and drops what it does not.
    expect(JSON.parse(a({ code: 'NOT_FOUND', message: 'No such site', secret: 1 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such site',
    });
    expect(JSON.parse(other({ code: 404 }))).toEqual({ code: 404 });
  });

  it('does not share across contexts with schemas of their own, which a $ref could resolve differently', () => {
    const factory = sharedSerializers();
    const shared = { thing: { $id: 'thing', type: 'object', properties: { n: { type: 'number' } } } };
    const one = factory(shared, {})(route({ $ref: 'thing#' }));
    const two = factory(shared, {})(route({ $ref: 'thing#' }));
    expect(two).not.toBe(one);
  });
});
