// A site's diagram drawn from its device tree, for a site nobody has drawn yet (every demo site at first):
// the grid above its meter, the main breaker, the busbar as a bar across its feeders, each feeder breaker
// above its transformer, and the inverters or turbines of a transformer in rows of ten on a collector
// cable. Devices that carry no power (weather stations, cameras, readers, sensors) and combiner boxes
// (inside the PV array symbol) are left out. Deterministic: the same devices give the same diagram.
import type { DeviceType } from '../fleet.ts';
import {
  type Diagram,
  defaultShow,
  kindOfDeviceType,
  type SldConnection,
  type SldSymbol,
  type TerminalRef,
} from './model.ts';

export interface TreeDevice {
  id: string;
  type: DeviceType;
  parentId: string | null;
}

/** Cells between the tops of two levels. */
const LEVEL = 6;
/** A generator's column. */
const UNIT_W = 4;
const ROW = 10;
const GAP = 4;

const isGenerator = (type: DeviceType) => type === 'inverter' || type === 'wind_turbine';

export function generateDiagram(devices: readonly TreeDevice[]): Diagram {
  const drawn = devices.filter((d) => kindOfDeviceType[d.type] !== undefined);
  const ids = new Set(drawn.map((d) => d.id));
  const children = new Map<string, TreeDevice[]>();
  const roots: TreeDevice[] = [];
  for (const d of drawn) {
    if (d.parentId !== null && ids.has(d.parentId)) {
      const list = children.get(d.parentId) ?? [];
      list.push(d);
      children.set(d.parentId, list);
    } else roots.push(d);
  }
  const symbols: SldSymbol[] = [];
  const connections: SldConnection[] = [];
  const wire = (from: TerminalRef, to: TerminalRef, via: [number, number][] = []) =>
    connections.push({ id: `c${connections.length + 1}`, from, to, via });
  const symbol = (d: TreeDevice, x: number, y: number, extra: Partial<SldSymbol> = {}) =>
    symbols.push({
      id: d.id,
      kind: kindOfDeviceType[d.type] ?? 'generator',
      x,
      y,
      rotation: 0,
      deviceId: d.id,
      label: null,
      show: [...(defaultShow[d.type] ?? [])],
      ...extra,
    });

  /** Width in cells of a device's subtree. */
  const widthOf = (d: TreeDevice): number => {
    const kids = children.get(d.id) ?? [];
    if (isGenerator(d.type)) return UNIT_W;
    if (kids.length > 0 && kids.every((k) => isGenerator(k.type))) return Math.min(kids.length, ROW) * UNIT_W;
    const sum = kids.reduce((total, k) => total + widthOf(k), 0);
    return Math.max(UNIT_W, sum);
  };

  /** Places a subtree with its top at `top` and left edge at `left`; returns the terminal its parent wires to. */
  const place = (d: TreeDevice, left: number, top: number): TerminalRef => {
    const width = widthOf(d);
    const kids = children.get(d.id) ?? [];
    if (d.type === 'busbar') {
      symbol(d, left, top + 1, { length: width });
      let x = left;
      for (const k of kids) {
        const w = widthOf(k);
        const top2 = place(k, x, top + 3);
        wire({ symbol: d.id, terminal: `p${x + Math.floor(w / 2) - left}` }, top2);
        x += w;
      }
      return { symbol: d.id, terminal: `p${Math.floor(width / 2)}` };
    }
    const cx = left + Math.floor(width / 2);
    if (isGenerator(d.type)) {
      symbol(d, cx, top + 2);
      return { symbol: d.id, terminal: 'a' };
    }
    symbol(d, cx, top + 2);
    const out: TerminalRef = { symbol: d.id, terminal: 'b' };
    if (kids.length > 0 && kids.every((k) => isGenerator(k.type))) {
      kids.forEach((k, i) => {
        const row = Math.floor(i / ROW);
        const gx = left + (i % ROW) * UNIT_W + UNIT_W / 2;
        const rowTop = top + LEVEL + row * (LEVEL + 2);
        const end = place(k, gx - UNIT_W / 2, rowTop);
        const collector = rowTop - 1;
        const via: [number, number][] =
          row === 0
            ? [
                [cx, collector],
                [gx, collector],
              ]
            : [
                [cx, top + LEVEL - 1],
                [left, top + LEVEL - 1],
                [left, collector],
                [gx, collector],
              ];
        wire(out, end, via);
      });
    } else {
      let x = left + Math.floor((width - kids.reduce((t, k) => t + widthOf(k), 0)) / 2);
      for (const k of kids) {
        wire(out, place(k, x, top + LEVEL));
        x += widthOf(k);
      }
    }
    return { symbol: d.id, terminal: 'a' };
  };

  let left = 0;
  for (const root of roots) {
    const width = widthOf(root);
    if (root.type === 'meter') {
      const gridId = `grid-${root.id}`;
      const cx = left + Math.floor(width / 2);
      symbols.push({ id: gridId, kind: 'grid', x: cx, y: 2, rotation: 0, deviceId: null, label: null, show: [] });
      wire({ symbol: gridId, terminal: 'b' }, place(root, left, LEVEL));
    } else place(root, left, LEVEL);
    left += width + GAP;
  }
  return { schema: 1, symbols, connections, texts: [] };
}
