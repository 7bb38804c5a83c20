import { metrics } from '@voltscope/shared/fleet';
import { languages } from '@voltscope/shared/i18n';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriesName } from './seriesName.ts';
import { resources } from './testResources.ts';

beforeAll(async () => {
  await i18next.init({ resources, lng: 'en', ns: ['common'], defaultNS: 'common' });
});

describe('a series named for its reader', () => {
  it('names its metric, with the index of a device that has several', () => {
    expect(seriesName('en', 'ac_power')).toBe('AC power');
    expect(seriesName('en', 'mppt_voltage:2')).toBe('MPPT voltage 2');
    expect(seriesName('fa', 'mppt_voltage:2')).toBe('ولتاژ MPPT ۲');
    expect(seriesName('fr', 'wind_speed')).toBe('Vitesse du vent');
  });

  it.each(languages)('has a name in %s for every metric of the fleet', (lng) => {
    for (const metric of Object.keys(metrics)) expect(seriesName(lng, metric), metric).not.toBe(metric);
  });
});
