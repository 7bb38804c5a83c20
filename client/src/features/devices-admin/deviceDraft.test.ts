import { describe, expect, it } from 'vitest';
import {
  type DeviceDraft,
  deviceBodyOf,
  deviceSpec,
  type SeriesDraft,
  seriesPath,
  seriesReasons,
} from './deviceDraft.ts';
import { newSiteDraft, siteBodyOf, siteSpec } from './siteDraft.ts';

const series = (key: string, own: Partial<SeriesDraft> = {}): SeriesDraft => ({
  key,
  unit: 'kW',
  typeMin: 0,
  typeMax: 100,
  typePeriodMs: 1000,
  min: '',
  max: '',
  periodMs: '',
  ...own,
});

const draft: DeviceDraft = {
  id: ' inv9 ',
  type: 'inverter',
  name: 'Inverter 9',
  model: '',
  firmware: '',
  serialNumber: '',
  ratedKw: '250',
  protocol: 'modbus-tcp',
  address: '10.0.0.9:502',
  parentId: 'site.tr1',
  series: [series('ac_power'), series('dc_power', { max: '120' }), series('temperature', { periodMs: '50' })],
};

describe('a device draft', () => {
  it('sends only the series given their own figures, the others left to the type', () => {
    expect(deviceBodyOf(draft, true).series).toEqual([
      { key: 'dc_power', min: null, max: 120, periodMs: null },
      { key: 'temperature', min: null, max: null, periodMs: 50 },
    ]);
  });

  it('names a series field by its place among those sent, as the hub does', () => {
    expect(seriesPath(draft.series, 1, 'max')).toBe('series.0.max');
    expect(seriesPath(draft.series, 2, 'periodMs')).toBe('series.1.periodMs');
    expect(seriesReasons(draft)).toEqual({
      'series.1.periodMs': { code: 'between', params: { min: 100, max: 86_400_000 } },
    });
  });

  it('writes its id and type only when it is created, and checks the address by its protocol', () => {
    expect(deviceBodyOf(draft, true)).toMatchObject({ id: 'inv9', type: 'inverter', ratedKw: 250 });
    expect(deviceBodyOf(draft, false)).not.toHaveProperty('id');
    expect(Object.keys(deviceSpec(draft, false))).not.toContain('id');
    expect(deviceSpec({ ...draft, protocol: 'http' }, true).address).toContainEqual({ rule: 'url' });
  });
});

describe('a site draft', () => {
  it('sends numbers as numbers (empty as null) and the country in capitals', () => {
    const body = siteBodyOf({ ...newSiteDraft(), id: 'x', country: 'fr', latitude: '43.6', gridLimitKw: '' }, true);
    expect(body).toMatchObject({ id: 'x', country: 'FR', latitude: 43.6, gridLimitKw: null });
    expect(Object.keys(siteSpec(false))).not.toContain('id');
  });
});
