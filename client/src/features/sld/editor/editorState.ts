// The editor's state as plain data and pure functions (no React): the draft diagram, what is selected,
// the wire being drawn, and the undo/redo stacks. Every action is one undo step; a drag moves the draft
// without history until it ends, then records the position it started from once.

import { type SeriesKey, seriesKeysOfType } from '@voltscope/shared/deviceTypes';
import type { DeviceType } from '@voltscope/shared/fleet';
import {
  type Diagram,
  defaultShow,
  type Rotation,
  SLD_LIMITS,
  type SldSymbol,
  type SldText,
  type SymbolKind,
  type TerminalRef,
  terminalsOf,
} from '@voltscope/shared/sld/model';

export type Selection = { type: 'symbol' | 'connection' | 'text'; id: string } | null;

export interface EditorState {
  draft: Diagram;
  selection: Selection;
  /** The first end of a wire being drawn (Escape cancels it). */
  wireFrom: TerminalRef | null;
  past: Diagram[];
  future: Diagram[];
  /** The draft before the drag under way, recorded in `past` when it ends. */
  dragBase: Diagram | null;
}

/** Undo steps kept (a diagram is a few hundred kB at most; older steps are dropped). */
const HISTORY = 200;

export const initialState = (draft: Diagram): EditorState => ({
  draft,
  selection: null,
  wireFrom: null,
  past: [],
  future: [],
  dragBase: null,
});

/** One undoable step: the current draft goes to `past`, redo is forgotten. */
function commit(state: EditorState, draft: Diagram, selection: Selection = state.selection): EditorState {
  if (draft === state.draft) return state;
  return {
    ...state,
    draft,
    selection,
    past: [...state.past, state.dragBase ?? state.draft].slice(-HISTORY),
    future: [],
    dragBase: null,
  };
}

export const canUndo = (s: EditorState) => s.past.length > 0;
export const canRedo = (s: EditorState) => s.future.length > 0;
/** Whether the draft differs from where the editor started (something to publish or lose). */
export const isDirty = (s: EditorState) => s.past.length > 0;

export function undo(s: EditorState): EditorState {
  const previous = s.past.at(-1);
  if (!previous) return s;
  return { ...s, draft: previous, past: s.past.slice(0, -1), future: [s.draft, ...s.future], wireFrom: null };
}

export function redo(s: EditorState): EditorState {
  const next = s.future[0];
  if (!next) return s;
  return { ...s, draft: next, past: [...s.past, s.draft], future: s.future.slice(1), wireFrom: null };
}

/** The first free id with `prefix` (`s3` after `s1`, `s2`), never one already used by any item. */
export function nextId(diagram: Diagram, prefix: string): string {
  const used = new Set<string>([
    ...diagram.symbols.map((s) => s.id),
    ...diagram.connections.map((c) => c.id),
    ...diagram.texts.map((t) => t.id),
  ]);
  let n = 1;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

const snap = (v: number) => Math.round(v);

export function addSymbol(s: EditorState, kind: SymbolKind, x: number, y: number): EditorState {
  const symbol: SldSymbol = {
    id: nextId(s.draft, 's'),
    kind,
    x: snap(x),
    y: snap(y),
    rotation: 0,
    deviceId: null,
    label: null,
    show: [],
    ...(kind === 'busbar' && { length: 8 }),
  };
  return commit(s, { ...s.draft, symbols: [...s.draft.symbols, symbol] }, { type: 'symbol', id: symbol.id });
}

function updateSymbol(s: EditorState, id: string, change: (symbol: SldSymbol) => SldSymbol): Diagram {
  let changed = false;
  const symbols = s.draft.symbols.map((symbol) => {
    if (symbol.id !== id) return symbol;
    const next = change(symbol);
    changed ||= JSON.stringify(next) !== JSON.stringify(symbol);
    return next;
  });
  return changed ? { ...s.draft, symbols } : s.draft;
}

export const moveSymbol = (s: EditorState, id: string, x: number, y: number) =>
  commit(
    s,
    updateSymbol(s, id, (symbol) => ({ ...symbol, x: snap(x), y: snap(y) })),
  );

export const moveSymbolBy = (s: EditorState, id: string, dx: number, dy: number) => {
  const symbol = s.draft.symbols.find((x) => x.id === id);
  return symbol ? moveSymbol(s, id, symbol.x + dx, symbol.y + dy) : s;
};

/** A drag in progress: the draft follows the pointer (snapped), no history until `endDrag`. */
export function dragTo(s: EditorState, item: NonNullable<Selection>, x: number, y: number): EditorState {
  const base = s.dragBase ?? s.draft;
  const at = { x: snap(x), y: snap(y) };
  const draft =
    item.type === 'symbol'
      ? updateSymbol(s, item.id, (symbol) => ({ ...symbol, ...at }))
      : { ...s.draft, texts: s.draft.texts.map((t) => (t.id === item.id ? { ...t, ...at } : t)) };
  return { ...s, draft, dragBase: base, selection: item };
}

export function endDrag(s: EditorState): EditorState {
  if (!s.dragBase) return s;
  if (JSON.stringify(s.dragBase) === JSON.stringify(s.draft)) return { ...s, dragBase: null };
  return { ...s, past: [...s.past, s.dragBase].slice(-HISTORY), future: [], dragBase: null };
}

export const rotateSymbol = (s: EditorState, id: string) =>
  commit(
    s,
    updateSymbol(s, id, (symbol) => ({ ...symbol, rotation: ((symbol.rotation + 90) % 360) as Rotation })),
  );

export function deleteSymbol(s: EditorState, id: string): EditorState {
  if (!s.draft.symbols.some((x) => x.id === id)) return s;
  const draft: Diagram = {
    ...s.draft,
    symbols: s.draft.symbols.filter((x) => x.id !== id),
    connections: s.draft.connections.filter((c) => c.from.symbol !== id && c.to.symbol !== id),
  };
  return { ...commit(s, draft, null), wireFrom: null };
}

const sameEnd = (a: TerminalRef, b: TerminalRef) => a.symbol === b.symbol && a.terminal === b.terminal;

/** Joins two terminals (each must exist; not a terminal to itself; not twice the same pair). */
export function connect(s: EditorState, from: TerminalRef, to: TerminalRef): EditorState {
  const has = (end: TerminalRef) => {
    const symbol = s.draft.symbols.find((x) => x.id === end.symbol);
    return !!symbol && end.terminal in terminalsOf(symbol);
  };
  const cleared = { ...s, wireFrom: null };
  if (!has(from) || !has(to) || sameEnd(from, to)) return cleared;
  const exists = s.draft.connections.some(
    (c) => (sameEnd(c.from, from) && sameEnd(c.to, to)) || (sameEnd(c.from, to) && sameEnd(c.to, from)),
  );
  if (exists) return cleared;
  const connection = { id: nextId(s.draft, 'c'), from, to, via: [] };
  return commit(
    cleared,
    { ...s.draft, connections: [...s.draft.connections, connection] },
    {
      type: 'connection',
      id: connection.id,
    },
  );
}

/** A click on a terminal: starts a wire, or finishes the one started. */
export const clickTerminal = (s: EditorState, end: TerminalRef): EditorState =>
  s.wireFrom ? connect(s, s.wireFrom, end) : { ...s, wireFrom: end };

export const cancelWire = (s: EditorState): EditorState => ({ ...s, wireFrom: null });

export function deleteConnection(s: EditorState, id: string): EditorState {
  if (!s.draft.connections.some((c) => c.id === id)) return s;
  return commit(s, { ...s.draft, connections: s.draft.connections.filter((c) => c.id !== id) }, null);
}

/** Binds a symbol to a device (or unbinds it: null); the shown series start as the type's default. */
export function bindDevice(s: EditorState, id: string, device: { id: string; type: DeviceType } | null): EditorState {
  return commit(
    s,
    updateSymbol(s, id, (symbol) => ({
      ...symbol,
      deviceId: device?.id ?? null,
      show: device ? [...(defaultShow[device.type] ?? [])] : [],
    })),
  );
}

export const setLabel = (s: EditorState, id: string, label: string) =>
  commit(
    s,
    updateSymbol(s, id, (symbol) => ({
      ...symbol,
      label: label.trim() === '' ? null : label.slice(0, SLD_LIMITS.label),
    })),
  );

/** The series written beside a symbol: at most four, each one its device's type has. */
export function setShow(s: EditorState, id: string, type: DeviceType, show: readonly string[]): EditorState {
  const keys: readonly string[] = seriesKeysOfType[type];
  const kept = show.filter((k) => keys.includes(k)).slice(0, SLD_LIMITS.show) as SeriesKey[];
  return commit(
    s,
    updateSymbol(s, id, (symbol) => ({ ...symbol, show: kept })),
  );
}

export function setBusbarLength(s: EditorState, id: string, length: number): EditorState {
  const { min, max } = SLD_LIMITS.busbarLength;
  const clamped = Math.min(max, Math.max(min, Math.round(length)));
  const draft = updateSymbol(s, id, (symbol) => (symbol.kind === 'busbar' ? { ...symbol, length: clamped } : symbol));
  // Terminals beyond the new end no longer exist: their wires go with them.
  const symbol = draft.symbols.find((x) => x.id === id);
  if (!symbol || draft === s.draft) return s;
  const ends = terminalsOf(symbol);
  const connections = draft.connections.filter(
    (c) => !((c.from.symbol === id && !(c.from.terminal in ends)) || (c.to.symbol === id && !(c.to.terminal in ends))),
  );
  return commit(s, { ...draft, connections });
}

export function addText(s: EditorState, x: number, y: number, text: string): EditorState {
  const item: SldText = { id: nextId(s.draft, 't'), x: snap(x), y: snap(y), text, size: 'normal' };
  return commit(s, { ...s.draft, texts: [...s.draft.texts, item] }, { type: 'text', id: item.id });
}

export function editText(s: EditorState, id: string, change: Partial<Pick<SldText, 'text' | 'size'>>): EditorState {
  if (change.text !== undefined && change.text.trim() === '') return s;
  const texts = s.draft.texts.map((t) =>
    t.id === id
      ? { ...t, ...change, ...(change.text !== undefined && { text: change.text.slice(0, SLD_LIMITS.text) }) }
      : t,
  );
  const changed = JSON.stringify(texts) !== JSON.stringify(s.draft.texts);
  return changed ? commit(s, { ...s.draft, texts }) : s;
}

export function moveText(s: EditorState, id: string, x: number, y: number): EditorState {
  const texts = s.draft.texts.map((t) => (t.id === id ? { ...t, x: snap(x), y: snap(y) } : t));
  const changed = JSON.stringify(texts) !== JSON.stringify(s.draft.texts);
  return changed ? commit(s, { ...s.draft, texts }) : s;
}

export function deleteText(s: EditorState, id: string): EditorState {
  if (!s.draft.texts.some((t) => t.id === id)) return s;
  return commit(s, { ...s.draft, texts: s.draft.texts.filter((t) => t.id !== id) }, null);
}

/** Deletes whatever is selected. */
export function deleteSelection(s: EditorState): EditorState {
  const sel = s.selection;
  if (!sel) return s;
  if (sel.type === 'symbol') return deleteSymbol(s, sel.id);
  if (sel.type === 'connection') return deleteConnection(s, sel.id);
  return deleteText(s, sel.id);
}

/** Moves whatever is selected by whole cells. */
export function nudgeSelection(s: EditorState, dx: number, dy: number): EditorState {
  const sel = s.selection;
  if (sel?.type === 'symbol') return moveSymbolBy(s, sel.id, dx, dy);
  const text = sel?.type === 'text' ? s.draft.texts.find((t) => t.id === sel.id) : undefined;
  return text ? moveText(s, text.id, text.x + dx, text.y + dy) : s;
}

/** Replaces the whole draft (the generated diagram): one undoable step. */
export const replaceDraft = (s: EditorState, draft: Diagram): EditorState => ({
  ...commit(s, draft, null),
  wireFrom: null,
});

export const select = (s: EditorState, selection: Selection): EditorState => ({ ...s, selection });

/** The next (or previous) symbol in diagram order: the keyboard's way around the canvas. */
export function selectNext(s: EditorState, step: 1 | -1): EditorState {
  const n = s.draft.symbols.length;
  if (n === 0) return s;
  const at = s.selection?.type === 'symbol' ? s.draft.symbols.findIndex((x) => x.id === s.selection?.id) : -1;
  const next = at === -1 ? (step === 1 ? 0 : n - 1) : (at + step + n) % n;
  const symbol = s.draft.symbols[next];
  return symbol ? { ...s, selection: { type: 'symbol', id: symbol.id } } : s;
}
