// The world the fleet map draws its sites on, bundled with the client (no tile server, nothing fetched at
// run time): Natural Earth's 1:110m countries from the `world-atlas` package, turned from TopoJSON into
// GeoJSON once when the module loads, and drawn as SVG paths once per projection.
import { type GeoProjection, geoPath } from 'd3-geo';
import type { FeatureCollection, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json' with { type: 'json' };

const topology = world as unknown as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

const land: FeatureCollection = feature(topology, topology.objects.land);
/** The borders between two countries only: coasts are the land's own outline. */
const borders: MultiLineString = mesh(topology, topology.objects.countries, (a, b) => a !== b);

export interface Outline {
  land: string;
  borders: string;
}

/** The land and the borders as SVG path data in the projection's units (a tenth of a unit is enough). */
export function drawOutline(projection: GeoProjection): Outline {
  const path = geoPath(projection).digits(1);
  return { land: path(land) ?? '', borders: path(borders) ?? '' };
}
