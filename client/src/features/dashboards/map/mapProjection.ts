// Where the fleet map puts things: a Mercator projection fitted to the sites' extent (widened to a
// minimum so that one site or two close ones still show their region, and padded so that no marker sits
// on the edge), the markers' positions as shares of the map, their size by capacity, and the side of each
// marker its label goes. Pure, so that the geometry is tested without a browser.
import { type GeoProjection, geoMercator } from 'd3-geo';
import type { MultiPoint } from 'geojson';

/** The map's drawing box (SVG user units); the card scales it to its width, keeping this ratio. */
export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 420;

/** The smallest span shown, in degrees: a region around a lone site rather than a street. */
const MIN_LONGITUDE_SPAN = 24;
const MIN_LATITUDE_SPAN = 12;
/** Padding around the sites' extent, as a share of its span. */
const PAD_SHARE = 0.15;
/** Mercator's poles are at infinity: the view never reaches past these latitudes. */
const MAX_LATITUDE = 80;
/** Kept free on each side of the drawing box: half a marker and the focus ring. */
const INSET = 24;

/** Marker radius (px) of the smallest and of the largest site: the area grows with the capacity. */
export const MIN_RADIUS = 7;
export const MAX_RADIUS = 15;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface Extent {
  west: number;
  east: number;
  south: number;
  north: number;
}

const clampLatitude = (lat: number) => Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));

/** A span grown about its middle to at least `min` degrees, then padded on both sides. */
function widen(low: number, high: number, min: number): [number, number] {
  const middle = (low + high) / 2;
  const half = Math.max(high - low, min) / 2;
  const padded = half * (1 + 2 * PAD_SHARE);
  return [middle - padded, middle + padded];
}

/**
 * The area the map shows: the sites' bounding box, widened and padded; the world's inhabited latitudes
 * when there is no site. Longitudes are taken as they are: a fleet across the antimeridian would be shown
 * the long way round (none is today).
 */
export function viewExtent(points: readonly GeoPoint[]): Extent {
  if (points.length === 0) return { west: -180, east: 180, south: -60, north: MAX_LATITUDE };
  const lons = points.map((p) => p.longitude);
  const lats = points.map((p) => p.latitude);
  const [west, east] = widen(Math.min(...lons), Math.max(...lons), MIN_LONGITUDE_SPAN);
  const [south, north] = widen(Math.min(...lats), Math.max(...lats), MIN_LATITUDE_SPAN);
  return {
    west: Math.max(-180, west),
    east: Math.min(180, east),
    south: clampLatitude(south),
    north: clampLatitude(north),
  };
}

/** A Mercator projection that fits the extent into the drawing box, centred, with its paths clipped to it. */
export function fitProjection(extent: Extent): GeoProjection {
  const { west, east, south, north } = extent;
  // The corners and the middles of the edges: Mercator keeps meridians and parallels straight, so these
  // bound the whole extent once projected.
  const middle = (west + east) / 2;
  const box: MultiPoint = {
    type: 'MultiPoint',
    coordinates: [
      [west, south],
      [west, north],
      [east, south],
      [east, north],
      [middle, south],
      [middle, north],
    ],
  };
  return geoMercator()
    .fitExtent(
      [
        [INSET, INSET],
        [MAP_WIDTH - INSET, MAP_HEIGHT - INSET],
      ],
      box,
    )
    .clipExtent([
      [0, 0],
      [MAP_WIDTH, MAP_HEIGHT],
    ]);
}

export interface Placed {
  /** Across the map from its west edge, as a percentage of its width. */
  x: number;
  /** Down the map from its north edge, as a percentage of its height. */
  y: number;
  /** The side of the marker its label goes: towards the middle of the map, so that it stays inside. */
  side: 'east' | 'west';
}

/** Where a point is drawn on the map, as percentages (the map scales with its card). */
export function place(projection: GeoProjection, point: GeoPoint): Placed {
  const [px, py] = projection([point.longitude, point.latitude]) ?? [MAP_WIDTH / 2, MAP_HEIGHT / 2];
  return {
    x: (px / MAP_WIDTH) * 100,
    y: (py / MAP_HEIGHT) * 100,
    side: px <= MAP_WIDTH / 2 ? 'east' : 'west',
  };
}

/** A marker's radius (px): its area proportional to the site's capacity against the fleet's largest. */
export function markerRadius(capacityKw: number, largestKw: number): number {
  if (!(largestKw > 0) || !(capacityKw > 0)) return MIN_RADIUS;
  const share = Math.min(1, capacityKw / largestKw);
  return Math.round((MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * Math.sqrt(share)) * 10) / 10;
}

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Space kept between two labels (px). */
const LABEL_GAP = 2;

/**
 * How far down (px) to move each label so that none covers another: from the northmost down, a label that
 * overlaps one already placed goes below it, as long as it stays within `height`; the labels' sides and
 * their markers do not move. Returns a shift per box, in the order given.
 */
export function separateLabels(boxes: readonly Box[], height: number): number[] {
  const shifts = boxes.map(() => 0);
  const placed: Box[] = [];
  const order = boxes.map((_, i) => i).sort((a, b) => (boxes[a] as Box).top - (boxes[b] as Box).top);
  for (const i of order) {
    const box = { ...(boxes[i] as Box) };
    const size = box.bottom - box.top;
    for (let moved = true; moved; ) {
      moved = false;
      for (const other of placed) {
        const across = box.left < other.right && other.left < box.right;
        if (across && box.top < other.bottom + LABEL_GAP && other.top < box.bottom + LABEL_GAP) {
          box.top = other.bottom + LABEL_GAP;
          box.bottom = box.top + size;
          moved = true;
        }
      }
    }
    if (box.bottom > height) {
      box.bottom = Math.max(size, height);
      box.top = box.bottom - size;
    }
    shifts[i] = box.top - (boxes[i] as Box).top;
    placed.push(box);
  }
  return shifts;
}
