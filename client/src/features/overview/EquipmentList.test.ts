import { describe, expect, it } from 'vitest';
import { keyReading } from './EquipmentList.tsx';
import { plantFormats } from './format.ts';
import { formatSpan } from './PartialNote.tsx';

const f = plantFormats('en');
// The words' keys stand for the words: what is said, not how it is worded.
const t = ((key: string, values?: Record<string, string>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as Parameters<typeof keyReading>[4];
const plain = (text: string | null) => text?.replace(/[\u2066-\u2069]/g, '').replace(/\s/g, ' ') ?? null;
const reading = (
  type: Parameters<typeof keyReading>[0],
  values: Record<string, number>,
  kind: 'solar' | 'wind' = 'solar',
) => plain(keyReading(type, kind, (key) => values[key] ?? null, f, t));

describe('keyReading', () => {
  it("says a breaker's position and current", () => {
    expect(reading('breaker', { position: 0 })).toBe('devices:equipment.position.open');
    expect(reading('breaker', { position: 1, current: 412.5 })).toBe('devices:equipment.position.closed · 412.5 A');
  });

  it('gives each type its key value, with its unit', () => {
    expect(reading('meter', { active_power: 12_400 })).toBe('12.4 MW');
    expect(reading('transformer', { load: 73 })).toBe('73%');
    expect(reading('busbar', { grid_voltage: 20.4 })).toBe('20.4 kV');
    expect(reading('weather_station', { irradiance_poa: 812, wind_speed: 7 })).toBe('812 W/m²');
    expect(reading('weather_station', { irradiance_poa: 812, wind_speed: 7 }, 'wind')).toBe('7 m/s');
    expect(reading('door_reader', { door_open: 1 })).toBe('devices:equipment.door.yes');
    expect(reading('camera', { online: 0 })).toBe('devices:equipment.online.no');
    expect(reading('motion_sensor', { motion: 0 })).toBe('devices:equipment.motion.no');
  });

  it("gives a combiner box's string currents as a range", () => {
    expect(reading('combiner_box', { 'string_current:1': 8.2, 'string_current:2': 9.1, 'string_current:5': 0 })).toBe(
      'devices:equipment.strings {"min":"0 A","max":"9.1 A"}',
    );
  });

  it('has nothing to say before a value arrives', () => {
    expect(reading('breaker', {})).toBeNull();
    expect(reading('combiner_box', {})).toBeNull();
  });
});

describe('formatSpan', () => {
  it('says minutes under an hour, hours with a decimal from an hour on', () => {
    expect(formatSpan('en', 40 * 60_000)).toBe('40 minutes');
    expect(formatSpan('en', 150 * 60_000)).toBe('2.5 hours');
  });
});
