import { describe, expect, it } from 'vitest';
import { deviceDetailPath, devicePath, equipmentPath, siteOfDevice } from './deviceLink.ts';

describe('devicePath', () => {
  it('gives every device its own page, the dot escaped', () => {
    expect(devicePath('fr-occitanie.inv07')).toBe('/devices/fr-occitanie%2Einv07');
    expect(devicePath('fr-occitanie.brk-main')).toBe('/devices/fr-occitanie%2Ebrk-main');
  });
});

describe('deviceDetailPath', () => {
  it('gives inverters and turbines their page, the dot escaped', () => {
    expect(deviceDetailPath('fr-occitanie.inv07', 'inverter')).toBe('/overview/solar/inverter/fr-occitanie%2Einv07');
    expect(deviceDetailPath('es-tarifa.wtg05', 'wind_turbine')).toBe('/overview/wind/turbine/es-tarifa%2Ewtg05');
  });

  it('gives every other device its site overview at its line', () => {
    expect(deviceDetailPath('fr-occitanie.brk-main', 'breaker')).toBe(
      '/overview/solar?site=fr-occitanie&device=fr-occitanie.brk-main',
    );
    expect(deviceDetailPath('es-tarifa.tr01', 'transformer')).toBe('/overview/solar?site=es-tarifa&device=es-tarifa.tr01');
    // A device whose type is not known yet still leads somewhere: its site, where it is found.
    expect(deviceDetailPath('ir-yazd.cam1', undefined)).toBe('/overview/solar?site=ir-yazd&device=ir-yazd.cam1');
  });

  it('reads the site from the id before the dot', () => {
    expect(siteOfDevice('ma-ouarzazate.met')).toBe('ma-ouarzazate');
    expect(equipmentPath('es-tarifa.met', 'wind')).toBe('/overview/wind?site=es-tarifa&device=es-tarifa.met');
  });
});
