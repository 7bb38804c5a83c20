import { describe, expect, it } from 'vitest';
import { buildFleet } from '../fleet/build.ts';
import { demoPlants } from './fleet.ts';
import { withDemoNames } from './names.ts';

describe('the demo fleet’s names per language', () => {
  it('names every device in French, Persian and Arabic, keeping its number', () => {
    for (const device of buildFleet(demoPlants).devices.map(withDemoNames)) {
      expect(Object.keys(device.names ?? {}).sort(), device.name).toEqual(['ar', 'fa', 'fr']);
      const number = /\d+/.exec(device.name)?.[0];
      for (const name of Object.values(device.names ?? {})) {
        expect(name).not.toBe(device.name);
        if (number) expect(name).toContain(number);
      }
    }
  });

  it('writes the names as the product does', () => {
    expect(withDemoNames({ name: 'Inverter 22' }).names).toEqual({
      fr: 'Onduleur 22',
      fa: 'اینورتر 22',
      ar: 'العاكس 22',
    });
    expect(withDemoNames({ name: 'MV busbar 20 kV' }).names?.fa).toBe('باسبار فشار متوسط 20 کیلوولت');
    expect(withDemoNames({ name: 'Pump 3' })).toEqual({ name: 'Pump 3' });
  });
});
