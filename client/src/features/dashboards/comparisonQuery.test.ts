import { describe, expect, it } from 'vitest';
import { keepOffered, MAX_ITEMS, parseComparison, writeComparison } from './comparisonQuery.ts';

describe('the comparison in the address', () => {
  it('reads back what it wrote', () => {
    const query = {
      mode: 'units' as const,
      ids: ['fr-occitanie.inv01', 'fr-occitanie.inv02'],
      period: { preset: 'custom' as const, from: '2026-11-01', to: '2026-11-07' },
    };
    const params = writeComparison(new URLSearchParams('trend=6h'), query);
    expect(parseComparison(params)).toEqual(query);
    expect(params.get('trend')).toBe('6h');
    expect(params.has('sites')).toBe(false);
  });

  it('defaults to sites over 7 days, and leaves the choice to the page when no item is named', () => {
    expect(parseComparison(new URLSearchParams())).toEqual({ mode: 'sites', ids: null, period: { preset: '7d' } });
  });

  it('ignores malformed ids and keeps at most the hub’s limit', () => {
    const many = Array.from({ length: 30 }, (_, i) => `s${i}`).join(',');
    expect(parseComparison(new URLSearchParams(`sites=a,<b>,a,${many}`)).ids).toHaveLength(MAX_ITEMS);
    expect(parseComparison(new URLSearchParams('sites=a,<b>,a')).ids).toEqual(['a']);
  });

  it('keeps only what is offered, counting the rest', () => {
    expect(keepOffered(['a', 'x', 'b'], new Set(['a', 'b']))).toEqual({ kept: ['a', 'b'], dropped: 1 });
  });
});
