// A site's plan when nobody has uploaded one: drawn from its devices. Metres, x east, y south. A fence
// round the site with the main gate on its south side and the road to it, the control building inside
// the gate, the panel blocks (solar) or turbine pads (wind) in the rest, the inverter or substation yard
// in the middle; cameras, motion sensors and doors where a security integrator would put them, and the
// zones an operator names alarms by. The picture is an SVG without words (the page labels it in the
// reader's language) in light or dark colours.
import type { PlacedDevice, PlanZone } from '@voltscope/shared/contracts/motion';
import type { Device } from '@voltscope/shared/fleet';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where things stand: what the simulator walks and the SVG draws. */
export interface Layout {
  width: number;
  height: number;
  devices: PlacedDevice[];
  zones: PlanZone[];
}

export interface Features {
  kind: 'solar' | 'wind';
  fence: Rect;
  gate: { x: number; y: number; w: number };
  road: [number, number][];
  building: Rect;
  parking: Rect;
  yard: Rect;
  blocks: Rect[];
  pads: { x: number; y: number }[];
}

/** A motion sensor's detection range (a PIR's, along a fence), metres. */
export const SENSOR_RANGE = 35;
/** How far a camera sees a person well enough to be useful, and its field of view. */
export const CAMERA_RANGE = 110;
export const CAMERA_FOV = 80;

const W = 400;
const H = 260;
const rect = (x: number, y: number, w: number, h: number): Rect => ({ x, y, w, h });
const box = (r: Rect): [number, number][] => [
  [r.x, r.y],
  [r.x + r.w, r.y],
  [r.x + r.w, r.y + r.h],
  [r.x, r.y + r.h],
];

/** The fixed features of a generated plan, for a site of `generators` inverters or turbines. */
export function featuresOf(kind: 'solar' | 'wind', generators: number): Features {
  const fence = rect(20, 20, 360, 210);
  const gate = { x: 70, y: fence.y + fence.h, w: 16 };
  const building = rect(34, 168, 44, 30);
  const parking = rect(88, 176, 34, 22);
  const yard = rect(196, 104, 64, 44);
  const blocks: Rect[] = [];
  const pads: { x: number; y: number }[] = [];
  if (kind === 'solar') {
    // Panel blocks in a grid round the yard, one per inverter (up to what fits).
    const cols = 6;
    const rows = 3;
    const bw = 48;
    const bh = 56;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const x = 36 + c * (bw + 8);
        const y = 40 + r * (bh + 8);
        const b = rect(x, y, bw, bh);
        const overlaps = (o: Rect) =>
          b.x < o.x + o.w + 4 && o.x < b.x + b.w + 4 && b.y < o.y + o.h + 4 && o.y < b.y + b.h + 4;
        if (overlaps(yard) || overlaps(building) || overlaps(parking)) continue;
        if (blocks.length < Math.max(4, generators)) blocks.push(b);
      }
    }
  } else {
    const spots: [number, number][] = [
      [130, 60],
      [210, 58],
      [290, 62],
      [350, 80],
      [140, 130],
      [310, 130],
      [170, 200],
      [250, 198],
      [330, 196],
      [100, 100],
      [355, 160],
      [200, 185],
    ];
    for (const [x, y] of spots.slice(0, Math.max(3, Math.min(spots.length, generators)))) pads.push({ x, y });
  }
  return {
    kind,
    fence,
    gate,
    road: [
      [W, 248],
      [gate.x + gate.w / 2, 248],
      [gate.x + gate.w / 2, gate.y],
    ],
    building,
    parking,
    yard,
    blocks,
    pads,
  };
}

const securityTypes = new Set(['camera', 'motion_sensor', 'door_reader']);

/** The generated layout: the site's cameras, sensors and doors placed, and the zones. */
export function generatedLayout(kind: 'solar' | 'wind', devices: readonly Device[]): Layout {
  const f = featuresOf(kind, devices.filter((d) => d.type === 'inverter' || d.type === 'wind_turbine').length);
  const gx = f.gate.x + f.gate.w / 2;
  // Per type, the places in order: the first camera watches the gate, the second the north fence from its
  // north-east corner; the first motion sensor covers the north fence, the second the gate; the first door
  // reader is the gate, the second the control building's door.
  const places: Record<string, { x: number; y: number; heading: number | null }[]> = {
    camera: [
      { x: f.building.x + f.building.w, y: f.building.y - 4, heading: 160 },
      { x: f.fence.x + f.fence.w - 6, y: f.fence.y + 6, heading: 270 },
      { x: f.fence.x + 6, y: f.fence.y + 6, heading: 135 },
      { x: f.yard.x + f.yard.w + 6, y: f.yard.y + f.yard.h + 6, heading: 315 },
    ],
    motion_sensor: [
      { x: 200, y: f.fence.y + 6, heading: null },
      { x: gx + 20, y: f.gate.y - 10, heading: null },
      { x: f.fence.x + 6, y: 120, heading: null },
      { x: f.fence.x + f.fence.w - 6, y: 120, heading: null },
    ],
    door_reader: [
      { x: gx, y: f.gate.y, heading: null },
      { x: f.building.x + f.building.w, y: f.building.y + f.building.h / 2, heading: null },
      { x: f.yard.x, y: f.yard.y + f.yard.h / 2, heading: null },
    ],
  };
  const used: Record<string, number> = {};
  const placed: PlacedDevice[] = [];
  for (const device of devices) {
    if (!securityTypes.has(device.type)) continue;
    const n = used[device.type] ?? 0;
    used[device.type] = n + 1;
    const list = places[device.type] ?? [];
    // More devices than places: along the fence's south side, spaced out.
    const spot = list[n] ?? { x: 140 + ((n * 37) % 220), y: f.fence.y + f.fence.h - 6, heading: null };
    placed.push({ deviceId: device.id, x: spot.x, y: spot.y, heading: spot.heading });
  }
  const zones: PlanZone[] = [
    { id: 'north-fence', name: 'North fence', points: box(rect(f.fence.x, f.fence.y, f.fence.w, 22)) },
    { id: 'gate', name: 'Gate', points: box(rect(gx - 40, f.gate.y - 32, 80, 40)) },
    {
      id: kind === 'solar' ? 'inverter-yard' : 'substation-yard',
      name: kind === 'solar' ? 'Inverter yard' : 'Substation yard',
      points: box(rect(f.yard.x - 6, f.yard.y - 6, f.yard.w + 12, f.yard.h + 12)),
    },
  ];
  return { width: W, height: H, devices: placed, zones };
}

/** Stored placements over the generated ones: a device not stored keeps its generated place; a device gone is dropped. */
export function mergeLayout(generated: Layout, stored: { devices: PlacedDevice[]; zones: PlanZone[] } | null): Layout {
  if (!stored) return generated;
  const own = new Map(stored.devices.map((d) => [d.deviceId, d]));
  return {
    ...generated,
    devices: generated.devices.map((d) => own.get(d.deviceId) ?? d),
    zones: stored.zones,
  };
}

const palettes = {
  light: {
    ground: '#eef2e6',
    road: '#c9c4b8',
    fence: '#5b6470',
    building: '#9aa5b1',
    parking: '#d8d4ca',
    panel: '#3d5a80',
    panelLine: '#98c1d9',
    yard: '#d9cfc1',
    pad: '#8d99ae',
  },
  dark: {
    ground: '#1d2320',
    road: '#3a3834',
    fence: '#aab4c0',
    building: '#4f5964',
    parking: '#34322e',
    panel: '#2b4466',
    panelLine: '#5b7fa6',
    yard: '#3b3530',
    pad: '#5d6878',
  },
} as const;

/** The generated plan's picture: shapes only, no text, no script. */
export function planSvg(f: Features, theme: 'light' | 'dark'): string {
  const c = palettes[theme];
  const r = (b: Rect, fill: string, extra = '') =>
    `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="${fill}"${extra}/>`;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W * 3}" height="${H * 3}">`,
    r(rect(0, 0, W, H), c.ground),
    `<polyline points="${f.road.map((p) => p.join(',')).join(' ')}" fill="none" stroke="${c.road}" stroke-width="8" stroke-linejoin="round"/>`,
    r(f.yard, c.yard, ' rx="2"'),
    r(f.parking, c.parking, ' rx="1"'),
  ];
  for (const b of f.blocks) {
    parts.push(r(b, c.panel, ' rx="1"'));
    for (let y = b.y + 4; y < b.y + b.h - 2; y += 5) {
      parts.push(
        `<line x1="${b.x + 2}" y1="${y}" x2="${b.x + b.w - 2}" y2="${y}" stroke="${c.panelLine}" stroke-width="0.6"/>`,
      );
    }
  }
  for (const p of f.pads) {
    parts.push(`<circle cx="${p.x}" cy="${p.y}" r="9" fill="${c.pad}"/>`);
    parts.push(`<circle cx="${p.x}" cy="${p.y}" r="2.5" fill="${c.fence}"/>`);
  }
  // Yard equipment: four station boxes.
  for (let i = 0; i < 4; i++) parts.push(r(rect(f.yard.x + 6 + i * 15, f.yard.y + 14, 10, 16), c.building));
  parts.push(r(f.building, c.building, ' rx="1"'));
  // The fence, open at the gate.
  const { x, y, w, h } = f.fence;
  const g0 = f.gate.x;
  const g1 = f.gate.x + f.gate.w;
  parts.push(
    `<polyline points="${g0},${y + h} ${x},${y + h} ${x},${y} ${x + w},${y} ${x + w},${y + h} ${g1},${y + h}" fill="none" stroke="${c.fence}" stroke-width="1.4" stroke-dasharray="4 1.5"/>`,
  );
  parts.push('</svg>');
  return parts.join('');
}
