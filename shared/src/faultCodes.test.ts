import { describe, expect, it } from 'vitest';
import { alarmPriorities } from './alarms.ts';
import { capitalised, decodeFault, faultCodesOf, faultText, modelFaultCodes } from './faultCodes.ts';
import { languages } from './i18n.ts';

// The demo fleet's models (server/src/demo/fleet.ts): every one has its catalogue.
const demoModels = ['SUN2000-250KTL', 'Sunny Central 500', 'SG250HX', 'V112-3.0 MW'];

describe('the fault-code catalogue', () => {
  it.each(demoModels)('decodes every code of %s in four languages, with a severity and advice', (model) => {
    const codes = faultCodesOf(model);
    expect(codes.length).toBeGreaterThanOrEqual(6);
    for (const fault of codes) {
      expect(fault.known).toBe(true);
      expect(alarmPriorities).toContain(fault.severity);
      for (const lng of languages) {
        expect(fault.meaning[lng].trim().length, `${model} ${fault.code} ${lng}`).toBeGreaterThan(3);
        expect(fault.advice[lng].trim().length, `${model} ${fault.code} ${lng}`).toBeGreaterThan(30);
      }
      // Persian and Arabic are translations, not copies of the English.
      expect(fault.meaning.fa).not.toBe(fault.meaning.en);
      expect(fault.advice.ar).not.toBe(fault.advice.en);
    }
    expect(new Set(codes.map((f) => f.code)).size).toBe(codes.length);
  });

  it('gives a code one meaning whatever the model, and the same decoding with or without it', () => {
    expect(decodeFault(103, 'SUN2000-250KTL').meaning.en).toBe('insulation fault');
    expect(decodeFault(103).meaning).toEqual(decodeFault(103, 'SG250HX').meaning);
    expect(faultText(decodeFault(103), 'en')).toBe('insulation fault (103)');
    expect(faultText(decodeFault(301), 'fr')).toBe('défaut du convertisseur (301)');
    expect(decodeFault(104, 'SUN2000-250KTL').severity).toBe('critical');
  });

  it('decodes an unknown code as such in every language, and a code its model does not have', () => {
    const unknown = decodeFault(777, 'V112-3.0 MW');
    expect(unknown).toMatchObject({ code: 777, known: false });
    expect(faultText(unknown, 'en')).toBe('unknown fault code 777');
    expect(faultText(unknown, 'fa')).toBe('کد خطای ناشناخته 777');
    for (const lng of languages) expect(unknown.advice[lng].length).toBeGreaterThan(30);
    // An inverter code on a turbine: not one of its codes.
    expect(decodeFault(103, 'V112-3.0 MW').known).toBe(false);
    // A model outside the catalogue: decoded by the code alone.
    expect(decodeFault(201, 'Some other turbine').meaning.en).toBe('ice on the blades');
    expect(faultCodesOf('Some other turbine')).toEqual([]);
    expect(decodeFault(102.4).code).toBe(102);
  });

  it('lists only codes the fault_code series can carry', () => {
    for (const codes of Object.values(modelFaultCodes)) for (const code of codes) expect(code).toBeLessThan(1000);
  });

  it('capitalises a meaning where the script has capitals', () => {
    expect(capitalised('insulation fault', 'en')).toBe('Insulation fault');
    expect(capitalised('خطای مبدل', 'fa')).toBe('خطای مبدل');
  });
});
