import { describe, expect, it } from 'vitest';
import {
  fitProjection,
  MAP_HEIGHT,
  MAP_WIDTH,
  MAX_RADIUS,
  MIN_RADIUS,
  markerRadius,
  place,
  separateLabels,
  viewExtent,
} from './mapProjection.ts';
import { drawOutline } from './worldOutline.ts';

const occitanie = { latitude: 43.61, longitude: 3.88 };
const ouarzazate = { latitude: 30.92, longitude: -6.89 };
const yazd = { latitude: 31.9, longitude: 54.37 };
const tarifa = { latitude: 36.03, longitude: -5.6 };
const demoFleet = [occitanie, ouarzazate, yazd, tarifa];

const inside = (p: { x: number; y: number }) => p.x > 0 && p.x < 100 && p.y > 0 && p.y < 100;

describe('the fleet map projection', () => {
  it('keeps every site of the fleet inside the map, off its edges', () => {
    const projection = fitProjection(viewExtent(demoFleet));
    for (const site of demoFleet) {
      const p = place(projection, site);
      expect(inside(p), JSON.stringify(site)).toBe(true);
      expect(p.x).toBeGreaterThan(5);
      expect(p.x).toBeLessThan(95);
      expect(p.y).toBeGreaterThan(5);
      expect(p.y).toBeLessThan(95);
    }
  });

  it('does not mirror: west is left and north is up', () => {
    const projection = fitProjection(viewExtent(demoFleet));
    expect(place(projection, ouarzazate).x).toBeLessThan(place(projection, occitanie).x);
    expect(place(projection, occitanie).x).toBeLessThan(place(projection, yazd).x);
    expect(place(projection, occitanie).y).toBeLessThan(place(projection, ouarzazate).y);
  });

  it('puts each label towards the middle of the map, so that it stays inside', () => {
    const projection = fitProjection(viewExtent(demoFleet));
    expect(place(projection, ouarzazate).side).toBe('east');
    expect(place(projection, yazd).side).toBe('west');
  });

  it('shows a region around a lone site rather than zooming onto it', () => {
    const extent = viewExtent([occitanie]);
    expect(extent.east - extent.west).toBeGreaterThanOrEqual(24);
    expect(extent.north - extent.south).toBeGreaterThanOrEqual(12);
    const p = place(fitProjection(extent), occitanie);
    expect(p.x).toBeCloseTo(50, 0);
    // Mercator stretches the north of the extent more than its south: the site sits a little low.
    expect(Math.abs(p.y - 50)).toBeLessThan(5);
  });

  it('stays within the latitudes Mercator can draw, and shows the world without sites', () => {
    const polar = viewExtent([{ latitude: 89, longitude: 0 }]);
    expect(polar.north).toBeLessThanOrEqual(80);
    expect(viewExtent([])).toEqual({ west: -180, east: 180, south: -60, north: 80 });
  });

  it('draws the land and the borders inside the drawing box', () => {
    const outline = drawOutline(fitProjection(viewExtent(demoFleet)));
    expect(outline.land.length).toBeGreaterThan(1000);
    expect(outline.borders.length).toBeGreaterThan(1000);
    const numbers = outline.land.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...numbers)).toBeLessThanOrEqual(MAP_WIDTH);
    expect(MAP_HEIGHT).toBeLessThan(MAP_WIDTH);
  });
});

describe('marker size', () => {
  it('grows with the capacity, by area, between the smallest and the largest radius', () => {
    expect(markerRadius(48_000, 48_000)).toBe(MAX_RADIUS);
    expect(markerRadius(12_000, 48_000)).toBeCloseTo(MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) / 2, 1);
    expect(markerRadius(0, 48_000)).toBe(MIN_RADIUS);
    expect(markerRadius(6_500, 0)).toBe(MIN_RADIUS);
  });
});

describe('label separation', () => {
  const box = (top: number, left: number, width = 100, height = 30) => ({
    top,
    bottom: top + height,
    left,
    right: left + width,
  });

  it('leaves labels that do not touch where they are', () => {
    expect(separateLabels([box(0, 0), box(100, 0), box(10, 300)], 400)).toEqual([0, 0, 0]);
  });

  it('moves the southern of two overlapping labels below the northern one', () => {
    // Given south first: the shifts come back in the order given.
    expect(separateLabels([box(20, 50), box(10, 0)], 400)).toEqual([22, 0]);
  });

  it('moves a label below every label it would land on in turn', () => {
    expect(separateLabels([box(0, 0), box(31, 0), box(10, 0)], 400)).toEqual([0, 33, 22]);
  });

  it('keeps a moved label inside the map', () => {
    expect(separateLabels([box(50, 0), box(60, 0)], 90)).toEqual([0, 0]);
  });
});
