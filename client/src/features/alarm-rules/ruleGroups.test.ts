import { noRationale } from '@voltscope/shared/alarmRationale';
import type { AlarmRule } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { countRules, filterGroups, groupRules } from './ruleGroups.ts';

let nextId = 1;
const rule = (over: Partial<AlarmRule>): AlarmRule => ({
  ...noRationale,
  id: nextId++,
  name: 'Inverter fault',
  deviceType: 'inverter',
  deviceId: null,
  seriesKey: 'fault_code',
  kind: 'fault_code',
  threshold: 0,
  deadband: 0,
  onDelayMs: 0,
  offDelayMs: 0,
  priority: 'high',
  message: { en: 'x', fr: 'x', fa: 'x', ar: 'x' },
  consequentialOfGrid: false,
  gridRoot: false,
  enabled: true,
  ...over,
});

describe('rule groups', () => {
  const fault = rule({});
  const temp = rule({
    name: 'Inverter over-temperature',
    seriesKey: 'temperature',
    kind: 'high',
    priority: 'critical',
  });
  const breaker = rule({
    name: 'Main breaker open',
    deviceType: 'breaker',
    seriesKey: 'position',
    kind: 'low',
    priority: 'critical',
  });
  const turbine = rule({ name: 'Turbine fault', deviceType: 'wind_turbine' });
  const override = rule({ deviceId: 'fr.inv07', enabled: false });
  const orphan = rule({ name: 'Gone', deviceId: 'fr.inv01', seriesKey: null, kind: 'comm_loss', priority: 'low' });
  const all = [override, turbine, fault, orphan, breaker, temp];

  it('groups by device type in the fleet order, the most urgent rule first', () => {
    const groups = groupRules(all);
    expect(groups.map((g) => g.deviceType)).toEqual(['inverter', 'wind_turbine', 'breaker']);
    expect(groups[0]?.entries.map((e) => e.rule.name)).toEqual(['Inverter over-temperature', 'Inverter fault', 'Gone']);
  });

  it('puts a device override under the type rule of the same name, and an orphan on its own', () => {
    const [inverters] = groupRules(all);
    expect(inverters?.entries.find((e) => e.rule.id === fault.id)?.overrides).toEqual([override]);
    expect(inverters?.entries.find((e) => e.rule.id === orphan.id)?.overrides).toEqual([]);
  });

  it('filters by every word, over names, series and the devices of overrides', () => {
    const groups = groupRules(all);
    const names = (query: string) =>
      filterGroups(groups, query, (id) => (id === 'fr.inv07' ? 'Inverter 07' : id)).flatMap((g) =>
        g.entries.map((e) => e.rule.name),
      );
    expect(names('fault')).toEqual(['Inverter fault', 'Turbine fault']);
    expect(names('inverter 07')).toEqual(['Inverter fault']);
    expect(names('FAULT turbine')).toEqual(['Turbine fault']);
    expect(names('')).toHaveLength(5);
    expect(names('nothing')).toEqual([]);
  });

  it('counts type rules, disabled rules and overrides', () => {
    expect(countRules(all)).toEqual({ rules: 4, disabled: 1, overrides: 2 });
  });
});
