// Numbers in queries and paths that are not numbers at all (Infinity, 1e400) or times no calendar holds:
// each answers 400 naming the field, never a 500, and the same request with a sane value still works.
import { describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';

const hub = hubForTests({ signIn: ['admin'] });
const get = (route: string) => hub.server.request('GET', route, { token: hub.tokens.admin });

describe('non-finite numbers in a query', () => {
  it.each([
    ['/api/alarms/history?page=Infinity', 'page'],
    ['/api/events?page=Infinity', 'page'],
    ['/api/events?page=-Infinity', 'page'],
    ['/api/events?page=1e400', 'page'],
    ['/api/series/history?ids=1&from=0&to=1000&maxPoints=Infinity', 'maxPoints'],
    ['/api/kpis/period?sites=x&from=0&to=1000&maxPoints=1e999', 'maxPoints'],
    ['/api/alarms/Infinity', 'id'],
  ])('%s answers 400 naming %s', async (route, field) => {
    const response = await get(route);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ code: 'VALIDATION', message: `${field} must be a finite number` });
    expect(body.errors).toEqual({ [field]: [`${field} must be a finite number`] });
  });

  it('still answers the same routes with ordinary numbers', async () => {
    expect((await get('/api/events?page=2')).status).toBe(200);
    expect((await get('/api/alarms/history?page=1')).status).toBe(200);
    expect((await get('/api/series/history?ids=1&from=0&to=1000&maxPoints=10')).status).toBe(200);
  });
});

describe('times outside any calendar', () => {
  it.each([
    ['/api/events?from=99999999999999999999999', 'from'],
    ['/api/series/history?ids=1&from=8640000000000001&to=8640000000000002', 'from'],
    ['/api/series/history?ids=1&from=8640000000000000&to=8640000000000001', 'to'],
  ])('%s answers 400 naming %s', async (route, field) => {
    const response = await get(route);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'VALIDATION',
      message: `${field} must be milliseconds since 1970 or an ISO 8601 date`,
    });
  });
});

describe('days no calendar holds', () => {
  it.each([
    ['/api/analysis/daily?from=0000-00-00&to=2026-01-01', 'from'],
    ['/api/analysis/daily?from=2026-01-01&to=9999-99-99', 'to'],
    ['/api/analysis/daily?from=2026-02-30&to=2026-03-01', 'from'],
  ])('%s answers 400 naming %s', async (route, field) => {
    const response = await get(route);
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toHaveProperty(field);
  });

  it('still answers real days', async () => {
    expect((await get('/api/analysis/daily?from=2024-02-29&to=2024-03-01')).status).toBe(200);
  });
});
