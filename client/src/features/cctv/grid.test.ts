import { describe, expect, it } from 'vitest';
import { alarmsByCamera, assigned, gridOf, promoted, resized, sizeFor, togglePin } from './grid.ts';

describe('the CCTV grid', () => {
  it('resizes keeping the first cells and moves a camera rather than showing it twice', () => {
    const grid = gridOf(4, ['a', 'b', 'c', 'd']);
    expect(resized(grid, 1).cells).toEqual(['a']);
    expect(resized(grid, 9).cells).toEqual(['a', 'b', 'c', 'd', null, null, null, null, null]);
    expect(assigned(grid, 0, 'c').cells).toEqual(['c', 'b', null, 'd']);
  });

  it('brings an alarm camera into the first empty cell, else replaces the least recently promoted unpinned cell', () => {
    const none = new Set<string>();
    expect(promoted(gridOf(4, ['a', 'b']), 'a', 1, none)).toBeNull();
    expect(promoted(gridOf(4, ['a', null, 'b']), 'x', 1, none)?.cells).toEqual(['a', 'x', 'b', null]);

    let grid = gridOf(4, ['a', 'b', 'c', 'd']);
    grid = promoted(grid, 'x', 10, none) ?? grid; // an operator's cell goes first: the last one
    expect(grid.cells).toEqual(['a', 'b', 'c', 'x']);
    grid = togglePin(grid, 2);
    grid = promoted(grid, 'y', 20, none) ?? grid; // c is pinned: b goes
    expect(grid.cells).toEqual(['a', 'y', 'c', 'x']);
    grid = togglePin(grid, 0);
    grid = promoted(grid, 'z', 30, none) ?? grid; // a pinned: x (10) is older than y (20)
    expect(grid.cells).toEqual(['a', 'y', 'c', 'z']);
    // A camera still in alarm is not replaced; when nothing else is free, the alarm waits.
    expect(promoted(grid, 'w', 40, new Set(['y', 'z']))).toBeNull();
    expect(promoted(grid, 'w', 40, new Set(['z']))?.cells).toEqual(['a', 'w', 'c', 'z']);
  });

  it('finds the alarm of a camera by its own id or by a device it covers, most urgent first', () => {
    const cameras = [
      { id: 's.cam1', covers: ['s.gate1', 's.pir1'] },
      { id: 's.cam2', covers: [] },
    ];
    const alarms = [
      { id: 1, deviceId: 's.pir1' },
      { id: 2, deviceId: 's.gate1' },
      { id: 3, deviceId: 's.cam2' },
      { id: 4, deviceId: 's.inv1' },
    ];
    const found = alarmsByCamera(alarms, cameras);
    expect(found.get('s.cam1')?.id).toBe(1);
    expect(found.get('s.cam2')?.id).toBe(3);
    expect(found.size).toBe(2);
  });

  it('sizes a grid to its cameras', () => {
    expect([0, 1, 2, 4, 5, 9, 10, 40].map(sizeFor)).toEqual([1, 1, 4, 4, 9, 9, 16, 16]);
  });
});
