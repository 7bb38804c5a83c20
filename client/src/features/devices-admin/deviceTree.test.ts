import { describe, expect, it } from 'vitest';
import { hasChildren, parentChoices, shownRows, treeRows } from './deviceTree.ts';

const device = (id: string, type: 'meter' | 'breaker' | 'transformer' | 'inverter', parentId: string | null) => ({
  id,
  type,
  name: id,
  parentId,
  decommissionedAt: null,
});

const site = [
  device('inv2', 'inverter', 'tr1'),
  device('inv1', 'inverter', 'tr1'),
  device('tr1', 'transformer', 'brk'),
  device('brk', 'breaker', 'meter'),
  device('meter', 'meter', null),
  device('lost', 'inverter', 'gone'),
];

describe('the device tree', () => {
  it('lists each device under its parent, deeper by one, siblings by name', () => {
    expect(treeRows(site, 'en').map((r) => `${r.depth}:${r.device.id}`)).toEqual([
      '0:lost',
      '0:meter',
      '1:brk',
      '2:tr1',
      '3:inv1',
      '3:inv2',
    ]);
  });

  it('shows devices caught in a loop of parents at the top instead of losing them', () => {
    const loop = [device('a', 'breaker', 'b'), device('b', 'breaker', 'a')];
    expect(
      treeRows(loop, 'en')
        .map((r) => r.device.id)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('offers as parents only devices of an allowed type, never the moved device or what hangs below it', () => {
    expect(parentChoices(site, ['transformer'], null).map((d) => d.id)).toEqual(['tr1']);
    expect(parentChoices(site, ['breaker', 'transformer'], 'brk').map((d) => d.id)).toEqual([]);
    expect(parentChoices(site, ['meter', 'breaker'], 'tr1').map((d) => d.id)).toEqual(['brk', 'meter']);
  });
});

describe('the rows shown', () => {
  const rows = treeRows(site, 'en');

  it('hides what hangs below a collapsed device, at any depth', () => {
    expect(shownRows(rows, new Set(['brk']), null).map((r) => r.device.id)).toEqual(['lost', 'meter', 'brk']);
    expect(shownRows(rows, new Set(['tr1']), null).map((r) => r.device.id)).toEqual(['lost', 'meter', 'brk', 'tr1']);
  });

  it('shows each device a query matches with the devices above it, collapsed or not', () => {
    const matches = (d: { id: string }) => d.id === 'inv2';
    expect(shownRows(rows, new Set(['meter']), matches).map((r) => r.device.id)).toEqual([
      'meter',
      'brk',
      'tr1',
      'inv2',
    ]);
  });

  it('knows which rows have devices below them', () => {
    expect(rows.map((_, i) => hasChildren(rows, i))).toEqual([false, true, true, true, false, false]);
  });
});
