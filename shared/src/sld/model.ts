// The single-line diagram of a site, as stored, drawn, edited and checked: symbols placed on a grid (IEC
// 60617 shapes, each bound to a device of the site and showing some of its series), connections between
// their terminals, and free text. Coordinates are grid cells (GRID_PX pixels each on screen); the shapes
// and their terminals are defined here once, so that the hub's checks, the generated layout, the viewer
// and the editor agree on where a wire meets a symbol.

import type { SeriesKey } from '../deviceTypes.ts';
import type { DeviceType } from '../fleet.ts';

/** Pixels per grid cell when drawn at zoom 1. */
export const GRID_PX = 20;

export const symbolKinds = [
  'grid',
  'meter',
  'breaker',
  'disconnector',
  'busbar',
  'transformer',
  'inverter',
  'turbine',
  'generator',
] as const;
export type SymbolKind = (typeof symbolKinds)[number];

export const rotations = [0, 90, 180, 270] as const;
export type Rotation = (typeof rotations)[number];

export interface SldSymbol {
  /** Unique within the diagram: `s1`, `s2`, … (the editor's), or the device id (the generated layout's). */
  id: string;
  kind: SymbolKind;
  /** The anchor, in grid cells: a symbol's centre; a busbar's left end. */
  x: number;
  y: number;
  rotation: Rotation;
  /** The device it stands for (one of the site's), or null for a symbol without one (grid, a disconnector). */
  deviceId: string | null;
  /** What it is called on the diagram; null: the device's name in the reader's language. */
  label: string | null;
  /** The series whose live values are written beside it (keys of the device's type); empty: none. */
  show: SeriesKey[];
  /** A busbar's length in cells (its terminals p0…pN, one per cell); absent for other kinds. */
  length?: number;
}

export interface TerminalRef {
  symbol: string;
  terminal: string;
}

export interface SldConnection {
  id: string;
  from: TerminalRef;
  to: TerminalRef;
  /** Bends between the two ends, in cells; empty: drawn as an elbow (vertical, horizontal, vertical). */
  via: [number, number][];
}

export interface SldText {
  id: string;
  x: number;
  y: number;
  text: string;
  size: 'small' | 'normal' | 'large';
}

export interface Diagram {
  /** The stored form's version: 1. */
  schema: 1;
  symbols: SldSymbol[];
  connections: SldConnection[];
  texts: SldText[];
}

export const SLD_LIMITS = {
  symbols: 3000,
  connections: 6000,
  texts: 500,
  label: 80,
  text: 200,
  /** Grid cells on either axis. */
  extent: 20_000,
  busbarLength: { min: 2, max: 1000 },
  show: 4,
} as const;

/**
 * What each kind may stand for: `types`, the device types it binds to; `required`, whether a symbol of it
 * must be bound before the diagram can be saved (a meter without its meter says nothing).
 */
export const symbolBinding: Record<SymbolKind, { types: readonly DeviceType[]; required: boolean }> = {
  grid: { types: [], required: false },
  meter: { types: ['meter'], required: true },
  breaker: { types: ['breaker'], required: true },
  disconnector: { types: ['breaker'], required: false },
  busbar: { types: ['busbar'], required: true },
  transformer: { types: ['transformer'], required: true },
  inverter: { types: ['inverter'], required: true },
  turbine: { types: ['wind_turbine'], required: true },
  generator: { types: ['inverter', 'wind_turbine'], required: false },
};

/** The kind a device of `type` is drawn as, or null for devices the diagram leaves out (cameras, …). */
export const kindOfDeviceType: Partial<Record<DeviceType, SymbolKind>> = {
  meter: 'meter',
  breaker: 'breaker',
  busbar: 'busbar',
  transformer: 'transformer',
  inverter: 'inverter',
  wind_turbine: 'turbine',
};

/** The series written beside a new symbol of each device type (the power that flows through it). */
export const defaultShow: Partial<Record<DeviceType, SeriesKey[]>> = {
  meter: ['active_power'],
  breaker: ['current'],
  busbar: ['grid_voltage'],
  transformer: ['load'],
  inverter: ['ac_power'],
  wind_turbine: ['active_power'],
};

/** The series that says whether a switching device is closed (1) or open (0). */
export const POSITION_KEY = 'position';
/** The series whose value is the flow of power through a symbol, and its sign: positive towards the grid. */
export const flowKey: Partial<Record<DeviceType, SeriesKey>> = {
  meter: 'active_power',
  inverter: 'ac_power',
  wind_turbine: 'active_power',
};

/** A symbol's size in cells at rotation 0 (width, height), for hit areas and fitting the view. */
export function symbolSize(symbol: Pick<SldSymbol, 'kind' | 'length'>): { w: number; h: number } {
  if (symbol.kind === 'busbar') return { w: symbol.length ?? 8, h: 1 };
  return { w: 2, h: 4 };
}

/** Whether a kind switches (breaks the circuit when open). */
export const isSwitch = (kind: SymbolKind): boolean => kind === 'breaker' || kind === 'disconnector';

/** Terminal names of a symbol at rotation 0 with their offsets from its anchor, in cells. */
export function terminalsOf(symbol: Pick<SldSymbol, 'kind' | 'length'>): Record<string, [number, number]> {
  switch (symbol.kind) {
    case 'grid':
      return { b: [0, 2] };
    case 'inverter':
    case 'turbine':
    case 'generator':
      return { a: [0, -2] };
    case 'busbar': {
      const out: Record<string, [number, number]> = {};
      for (let i = 0; i <= (symbol.length ?? 8); i++) out[`p${i}`] = [i, 0];
      return out;
    }
    default:
      return { a: [0, -2], b: [0, 2] };
  }
}

/** An offset turned by a symbol's rotation (clockwise, as SVG's y axis points down). */
export function rotate([dx, dy]: [number, number], rotation: Rotation): [number, number] {
  switch (rotation) {
    case 90:
      return [-dy, dx];
    case 180:
      return [-dx, -dy];
    case 270:
      return [dy, -dx];
    default:
      return [dx, dy];
  }
}

/** Where a terminal of a placed symbol is, in cells; null for a terminal it does not have. */
export function terminalPoint(symbol: SldSymbol, terminal: string): [number, number] | null {
  const offset = terminalsOf(symbol)[terminal];
  if (!offset) return null;
  const [dx, dy] = rotate(offset, symbol.rotation);
  return [symbol.x + dx, symbol.y + dy];
}

/** The points a connection is drawn through, in cells: its ends, its bends or an elbow between them. */
export function connectionPath(
  connection: SldConnection,
  from: [number, number],
  to: [number, number],
): [number, number][] {
  if (connection.via.length > 0) return [from, ...connection.via, to];
  if (from[0] === to[0] || from[1] === to[1]) return [from, to];
  const midY = (from[1] + to[1]) / 2;
  return [from, [from[0], midY], [to[0], midY], to];
}

/** The cells a diagram covers (every symbol and text), for fitting the view on open. */
export function diagramBounds(diagram: Diagram): { x: number; y: number; w: number; h: number } {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  const take = (x: number, y: number) => {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  };
  for (const s of diagram.symbols) {
    const { w, h } = symbolSize(s);
    for (const [dx, dy] of s.kind === 'busbar'
      ? [
          [0, -1],
          [w, 1],
        ]
      : [
          [-w / 2 - 4, -h / 2],
          [w / 2 + 6, h / 2 + 1],
        ])
      take(...rotateAdd(s, dx as number, dy as number));
  }
  for (const t of diagram.texts) {
    take(t.x, t.y - 1);
    take(t.x + Math.min(t.text.length, 40) * 0.6, t.y + 1);
  }
  if (minX === Number.POSITIVE_INFINITY) return { x: 0, y: 0, w: 40, h: 30 };
  return { x: minX - 2, y: minY - 2, w: maxX - minX + 4, h: maxY - minY + 4 };
}

function rotateAdd(s: SldSymbol, dx: number, dy: number): [number, number] {
  const [rx, ry] = rotate([dx, dy], s.rotation);
  return [s.x + rx, s.y + ry];
}

export const emptyDiagram = (): Diagram => ({ schema: 1, symbols: [], connections: [], texts: [] });
