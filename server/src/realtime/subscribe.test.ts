import { describe, expect, it } from 'vitest';
import { parseSubscriptions } from './subscribe.ts';

describe('parseSubscriptions', () => {
  it('takes sites by id or with where to resume, and keeps only what it knows', () => {
    expect(
      parseSubscriptions({ sites: ['a', { id: 'b', lastSeq: 4, lastTs: 1.5, other: true }, { id: 'c' }] }),
    ).toEqual([{ id: 'a' }, { id: 'b', lastSeq: 4, lastTs: 1.5 }, { id: 'c' }]);
  });

  it('says what is wrong as the acks always have: the list, then the first bad site’s id, lastSeq, lastTs', () => {
    const list = 'sites must be a list of 1 to 100 sites';
    const id = 'each site needs an id of 1 to 64 characters';
    for (const request of [null, 5, {}, { sites: 'everything' }, { sites: [] }, { sites: Array(101).fill('a') }])
      expect(parseSubscriptions(request)).toBe(list);
    for (const site of [
      null,
      5,
      [],
      '',
      'x'.repeat(65),
      { id: { $ne: null } },
      { lastSeq: 1 },
      { id: '', lastSeq: -1 },
    ])
      expect(parseSubscriptions({ sites: ['ok', site] })).toBe(id);
    for (const lastSeq of [-1, 1.5, '3', null, Number.POSITIVE_INFINITY])
      expect(parseSubscriptions({ sites: [{ id: 'a', lastSeq }] })).toBe('lastSeq must be a whole number');
    for (const lastTs of ['3', null, Number.NaN, Number.POSITIVE_INFINITY])
      expect(parseSubscriptions({ sites: [{ id: 'a', lastTs }] })).toBe('lastTs must be a time in ms');
    expect(parseSubscriptions({ sites: [{ id: 'a', lastSeq: -1, lastTs: 'x' }] })).toBe(
      'lastSeq must be a whole number',
    );
    expect(parseSubscriptions({ sites: [{ id: 'a', lastTs: 'x' }, { id: '' }] })).toBe('lastTs must be a time in ms');
  });
});
