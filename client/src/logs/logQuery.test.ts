import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  csvQuery,
  type LogSpec,
  lastPage,
  pageBounds,
  pageQuery,
  parseView,
  writeView,
} from './logQuery.ts';

const spec: LogSpec = { lists: ['sites', 'devices', 'types', 'priorities'], sorts: ['ts', 'type', 'site'] };

describe('a history view in the URL', () => {
  it('reads the defaults from an empty URL: newest first, 25 a page, all time, my time zone', () => {
    const view = parseView(new URLSearchParams(), spec);
    expect(view).toMatchObject({
      period: 'all',
      sort: 'ts',
      order: 'desc',
      page: 1,
      pageSize: 25,
      zone: 'mine',
      q: '',
    });
    expect(writeView(view, spec).toString()).toBe('');
  });

  it('round-trips filters, period, search, sort, page and page size', () => {
    const params = new URLSearchParams(
      'sites=es-tarifa,fr-occitanie&types=door&period=custom&from=2026-01-02T03:04Z&to=2026-01-03T00:00Z&q=gate&sort=site&order=asc&page=3&size=5&tz=site',
    );
    const view = parseView(params, spec);
    expect(view.lists.sites).toEqual(['es-tarifa', 'fr-occitanie']);
    expect(view.from).toBe(Date.UTC(2026, 0, 2, 3, 4));
    expect(view).toMatchObject({ sort: 'site', order: 'asc', page: 3, pageSize: 5, zone: 'site', q: 'gate' });
    expect(parseView(writeView(view, spec), spec)).toEqual(view);
  });

  it('ignores what it does not know: a page size outside 5..100, a sort of another page, odd ids', () => {
    const view = parseView(new URLSearchParams('size=7&sort=priority&page=-2&sites=a b,ok&states=closed'), spec);
    expect(view).toMatchObject({ pageSize: 25, sort: 'ts', page: 1 });
    expect(view.lists.sites).toEqual(['ok']);
    expect(view.lists.states).toEqual([]);
  });

  it('keeps parameters of others (an open drawer) when it writes', () => {
    const view = parseView(new URLSearchParams(), spec);
    expect(writeView({ ...view, page: 2 }, spec, new URLSearchParams('alarm=12')).toString()).toBe('alarm=12&page=2');
  });
});

describe('the query sent to the history API', () => {
  const now = Date.UTC(2026, 5, 1, 12);

  it('resolves a preset period at the time of the request', () => {
    const view = parseView(new URLSearchParams('period=24h&sites=es-tarifa&q= door '), spec);
    expect(pageQuery(view, spec, now)).toEqual({
      sites: 'es-tarifa',
      from: String(now - 86_400_000),
      q: 'door',
      sort: 'ts',
      order: 'desc',
      page: 1,
      pageSize: 25,
    });
  });

  it('exports the same filters as CSV in the reader’s language and the page’s order, without paging', () => {
    const view = parseView(new URLSearchParams('types=door,motion&page=4&size=5&sort=site&order=asc'), spec);
    expect(csvQuery(view, spec, 'fa', now)).toEqual({
      types: 'door,motion',
      sort: 'site',
      order: 'asc',
      format: 'csv',
      lang: 'fa',
    });
  });

  it('counts the active filters and the pages', () => {
    const view = parseView(new URLSearchParams('types=door&period=7d&q=x&page=2'), spec);
    expect(activeFilters(view, spec)).toBe(3);
    expect([lastPage(0, 5), lastPage(5, 5), lastPage(6, 5)]).toEqual([1, 1, 2]);
    expect(pageBounds({ items: [1, 2], total: 7, page: 2, pageSize: 5 })).toEqual({ from: 6, to: 7 });
    expect(pageBounds({ items: [], total: 0, page: 1, pageSize: 5 })).toEqual({ from: 0, to: 0 });
  });
});
