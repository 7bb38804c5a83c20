import { emptyDiagram } from '@voltscope/shared/sld/model';
import { describe, expect, it } from 'vitest';
import {
  addSymbol,
  addText,
  bindDevice,
  canRedo,
  clickTerminal,
  connect,
  deleteConnection,
  deleteSymbol,
  deleteText,
  dragTo,
  type EditorState,
  editText,
  endDrag,
  initialState,
  moveSymbol,
  moveText,
  nudgeSelection,
  redo,
  replaceDraft,
  rotateSymbol,
  setBusbarLength,
  setLabel,
  setShow,
  undo,
} from './editorState.ts';

const start = () => initialState(emptyDiagram());
const twoSymbols = () => addSymbol(addSymbol(start(), 'breaker', 0, 0), 'meter', 0, 8);
const symbol = (s: EditorState, id: string) => s.draft.symbols.find((x) => x.id === id);

/** The action changes the draft; one undo brings back the draft before, one redo the draft after. */
function undoable(before: EditorState, act: (s: EditorState) => EditorState) {
  const after = act(before);
  expect(after.draft).not.toEqual(before.draft);
  expect(after.past.length).toBe(before.past.length + 1);
  expect(undo(after).draft).toEqual(before.draft);
  expect(redo(undo(after)).draft).toEqual(after.draft);
  return after;
}

describe('editor state', () => {
  it('undoes and redoes each action as one step', () => {
    const base = twoSymbols();
    undoable(start(), (s) => addSymbol(s, 'busbar', 2.4, 3.6));
    undoable(base, (s) => moveSymbol(s, 's1', 3, 4));
    undoable(base, (s) => rotateSymbol(s, 's1'));
    undoable(base, (s) => deleteSymbol(s, 's1'));
    const wired = undoable(base, (s) => connect(s, { symbol: 's1', terminal: 'b' }, { symbol: 's2', terminal: 'a' }));
    undoable(wired, (s) => deleteConnection(s, 'c1'));
    undoable(base, (s) => bindDevice(s, 's1', { id: 'site.brk1', type: 'breaker' }));
    undoable(base, (s) => setLabel(s, 's1', 'Main breaker'));
    const bound = bindDevice(base, 's2', { id: 'site.m1', type: 'meter' });
    undoable(bound, (s) => setShow(s, 's2', 'meter', ['active_power', 'grid_voltage']));
    const bus = addSymbol(start(), 'busbar', 0, 0);
    undoable(bus, (s) => setBusbarLength(s, 's1', 12));
    const texted = undoable(start(), (s) => addText(s, 1, 1, 'Feeder A'));
    undoable(texted, (s) => editText(s, 't1', { text: 'Feeder B' }));
    undoable(texted, (s) => moveText(s, 't1', 5, 5));
    undoable(texted, (s) => deleteText(s, 't1'));
    undoable(base, (s) => replaceDraft(s, emptyDiagram()));
  });

  it('records a drag as one undo step, snapped to whole cells', () => {
    const base = twoSymbols();
    let s = base;
    for (let i = 1; i <= 30; i++) s = dragTo(s, { type: 'symbol', id: 's1' }, i * 0.37, i * 0.21);
    s = endDrag(s);
    expect(symbol(s, 's1')).toMatchObject({ x: 11, y: 6 });
    expect(s.past.length).toBe(base.past.length + 1);
    expect(undo(s).draft).toEqual(base.draft);
  });

  it('records nothing for a drag that ends where it started', () => {
    const base = twoSymbols();
    const s = endDrag(dragTo(dragTo(base, { type: 'symbol', id: 's1' }, 4, 4), { type: 'symbol', id: 's1' }, 0, 0));
    expect(s.past.length).toBe(base.past.length);
  });

  it('never gives a new item an id already used', () => {
    let s = twoSymbols();
    s = deleteSymbol(s, 's1');
    s = addSymbol(s, 'grid', 0, 0);
    s = addSymbol(s, 'grid', 0, 0);
    const ids = s.draft.symbols.map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(['s2', 's1', 's3']);
    s = replaceDraft(s, {
      ...emptyDiagram(),
      symbols: [{ id: 's1', kind: 'grid', x: 0, y: 0, rotation: 0, deviceId: null, label: null, show: [] }],
    });
    expect(addSymbol(s, 'meter', 0, 0).draft.symbols.map((x) => x.id)).toEqual(['s1', 's2']);
  });

  it('deletes the wires of a deleted symbol', () => {
    let s = addSymbol(twoSymbols(), 'inverter', 0, 16);
    s = connect(s, { symbol: 's1', terminal: 'b' }, { symbol: 's2', terminal: 'a' });
    s = connect(s, { symbol: 's2', terminal: 'b' }, { symbol: 's3', terminal: 'a' });
    s = deleteSymbol(s, 's1');
    expect(s.draft.connections.map((c) => c.from.symbol)).toEqual(['s2']);
  });

  it('defaults the shown series on binding and keeps at most four of the type', () => {
    let s = bindDevice(twoSymbols(), 's2', { id: 'site.m1', type: 'meter' });
    expect(symbol(s, 's2')?.show).toEqual(['active_power']);
    s = setShow(s, 's2', 'meter', ['active_power', 'ac_power', 'grid_voltage', 'current', 'frequency', 'energy']);
    expect(symbol(s, 's2')?.show.length).toBeLessThanOrEqual(4);
    expect(symbol(s, 's2')?.show).not.toContain('ac_power');
    expect(symbol(bindDevice(s, 's2', null), 's2')?.show).toEqual([]);
  });

  it('draws a wire with two terminal clicks and refuses a terminal to itself or a missing one', () => {
    let s = clickTerminal(twoSymbols(), { symbol: 's1', terminal: 'b' });
    expect(s.wireFrom).toEqual({ symbol: 's1', terminal: 'b' });
    s = clickTerminal(s, { symbol: 's2', terminal: 'a' });
    expect(s.wireFrom).toBeNull();
    expect(s.draft.connections).toHaveLength(1);
    expect(connect(s, { symbol: 's1', terminal: 'a' }, { symbol: 's1', terminal: 'a' }).draft).toBe(s.draft);
    expect(connect(s, { symbol: 's1', terminal: 'zz' }, { symbol: 's2', terminal: 'b' }).draft).toBe(s.draft);
    expect(connect(s, { symbol: 's2', terminal: 'a' }, { symbol: 's1', terminal: 'b' }).draft).toBe(s.draft);
  });

  it('rotates in quarter turns, nudges by cells, and a new action forgets redo', () => {
    let s = twoSymbols();
    for (let i = 0; i < 3; i++) s = rotateSymbol(s, 's1');
    expect(symbol(s, 's1')?.rotation).toBe(270);
    expect(symbol(rotateSymbol(s, 's1'), 's1')?.rotation).toBe(0);
    s = nudgeSelection({ ...s, selection: { type: 'symbol', id: 's1' } }, 5, -1);
    expect(symbol(s, 's1')).toMatchObject({ x: 5, y: -1 });
    s = undo(s);
    expect(canRedo(s)).toBe(true);
    expect(canRedo(setLabel(s, 's1', 'x'))).toBe(false);
  });

  it('drops the wires of busbar terminals cut off by a shorter busbar', () => {
    let s = addSymbol(addSymbol(start(), 'busbar', 0, 0), 'breaker', 7, 3);
    s = connect(s, { symbol: 's1', terminal: 'p7' }, { symbol: 's2', terminal: 'a' });
    s = setBusbarLength(s, 's1', 4);
    expect(s.draft.connections).toEqual([]);
  });
});
