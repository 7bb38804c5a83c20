// The SLD benchmark's plant, made as an admin makes one: a site through POST /api/sites, its devices by
// a CSV import (grid meter, main breaker, busbar, 22 feeder breakers each above a transformer, 452
// inverters: 500 symbols once the grid is drawn above the meter), and an ingest key of its own. Then a
// feeder that POSTs every series the diagram shows (and each breaker's position) at 10 Hz through
// /api/ingest with values that change every time, opening or closing a feeder breaker every few seconds.
import { generateDiagram } from '@voltscope/shared/sld/generate';
import { defaultShow, POSITION_KEY } from '@voltscope/shared/sld/model';
import { call } from './soakOperator.ts';

export const BENCH_SITE = 'xx-sld-bench';
const FEEDERS = 22;
const INVERTERS = 452;
const TICK_MS = 100;
const TOGGLE_EVERY_MS = 3000;

interface ManagedDevice {
  id: string;
  type: string;
  parentId: string | null;
  series: { key: string; min: number; max: number }[];
}

const post = <T>(url: string, body: unknown, token?: string) =>
  call<T>(url, { method: 'POST', body: JSON.stringify(body) }, token);

/** The site's devices as the import reads them: `id,type,name,parent,…` (parents are the devices' own ids). */
function deviceCsv(): string {
  const rows = ['id,type,name,parent,model,firmware,rated_kw,protocol,address'];
  let host = 1;
  const row = (id: string, type: string, name: string, parent: string, ratedKw: number) =>
    rows.push(`${id},${type},${name},${parent},Bench,1.0,${ratedKw},modbus-tcp,10.9.${host >> 8}.${host++ & 255}:502`);
  row('meter', 'meter', 'Grid meter', '', 60_000);
  row('brk-main', 'breaker', 'Main breaker', 'meter', 60_000);
  row('bus', 'busbar', 'Busbar', 'brk-main', 60_000);
  let inverter = 0;
  for (let f = 1; f <= FEEDERS; f++) {
    const n = String(f).padStart(2, '0');
    row(`brk-f${n}`, 'breaker', `Feeder breaker ${n}`, 'bus', 3000);
    row(`tr${n}`, 'transformer', `Transformer ${n}`, `brk-f${n}`, 3000);
    // 452 inverters over 22 transformers: the first ones take 21, the others 20.
    const count = Math.floor(INVERTERS / FEEDERS) + (f <= INVERTERS % FEEDERS ? 1 : 0);
    for (let i = 0; i < count; i++) {
      inverter++;
      const id = `inv${String(inverter).padStart(3, '0')}`;
      row(id, 'inverter', `Inverter ${inverter}`, `tr${n}`, 125);
    }
  }
  return rows.join('\n');
}

export interface BenchSite {
  /** Symbols of the diagram generated from the site's devices (what the page must draw). */
  symbols: number;
  /** Samples sent per tick. */
  seriesFed: number;
  ingestKey: string;
  devices: ManagedDevice[];
}

/** Makes the site on the hub at `hub` as the demo admin; returns what the page and the feeder need. */
export async function makeBenchSite(hub: string): Promise<BenchSite> {
  const admin = await post<{ accessToken: string }>(`${hub}/api/auth/login`, {
    email: 'admin@voltscope.io',
    password: 'Volt!Admin1',
  });
  const token = admin.accessToken;
  await post(
    `${hub}/api/sites`,
    {
      id: BENCH_SITE,
      name: 'SLD bench plant',
      kind: 'solar',
      timeZone: 'Europe/Paris',
      country: 'fr',
      latitude: 43.6,
      longitude: 3.9,
      capacityKw: 60_000,
      gridLimitKw: 55_000,
    },
    token,
  );
  const imported = await post<{ applied: boolean }>(
    `${hub}/api/sites/${BENCH_SITE}/devices/import`,
    { csv: deviceCsv(), apply: true },
    token,
  );
  if (!imported.applied) throw new Error('the bench site’s devices were not imported');
  const devices = await call<ManagedDevice[]>(`${hub}/api/admin/sites/${BENCH_SITE}/devices`, {}, token);
  const key = await post<{ key?: string }>(
    `${hub}/api/ingest-keys`,
    { name: 'SLD bench feeder', siteId: BENCH_SITE },
    token,
  );
  if (!key.key) throw new Error('the ingest key came back without its secret');
  const diagram = generateDiagram(devices.map((d) => ({ id: d.id, type: d.type as never, parentId: d.parentId })));
  return { symbols: diagram.symbols.length, seriesFed: fedSeries(devices).length, ingestKey: key.key, devices };
}

interface Fed {
  key: string;
  min: number;
  max: number;
  position: boolean;
}

/** The series the diagram shows beside each symbol, and the switches' positions. */
function fedSeries(devices: readonly ManagedDevice[]): Fed[] {
  return devices.flatMap((d) => {
    const wanted = new Set<string>([...(defaultShow[d.type as keyof typeof defaultShow] ?? [])]);
    if (d.type === 'breaker') wanted.add(POSITION_KEY);
    return d.series
      .filter((s) => wanted.has(s.key))
      .map((s) => ({ key: `${d.id}/${s.key}`, min: s.min, max: s.max, position: s.key === POSITION_KEY }));
  });
}

/**
 * Feeds the site at 10 Hz until stopped. Every breaker is closed but one feeder breaker, which changes
 * every few seconds (the next feeder each time), so that a part of the diagram goes dead and live again.
 */
export function startFeed(hub: string, site: BenchSite): { stop(): Promise<void>; refused(): number } {
  const series = fedSeries(site.devices);
  const feeders = site.devices.filter((d) => /\.brk-f\d+$/.test(d.id)).map((d) => `${d.id}/${POSITION_KEY}`);
  const started = Date.now();
  let refused = 0;
  let tick = 0;
  const inFlight = new Set<Promise<void>>();
  const send = async (body: string) => {
    const reply = await fetch(`${hub}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ingest-key': site.ingestKey },
      body,
    });
    const answer = (await reply.json()) as { rejected?: unknown[] };
    if (!reply.ok) refused += series.length;
    else refused += answer.rejected?.length ?? 0;
  };
  const timer = setInterval(() => {
    const now = Date.now();
    const phase = Math.floor((now - started) / TOGGLE_EVERY_MS);
    // The open feeder: one of them, half of the time (closed again between two openings).
    const open = phase % 2 === 0 ? feeders[(phase / 2) % feeders.length] : undefined;
    tick++;
    const samples = series.map((s, i) => ({
      series: s.key,
      ts: now,
      value: s.position
        ? s.key === open
          ? 0
          : 1
        : s.min + (s.max - s.min) * (0.4 + 0.25 * Math.sin(tick / 7 + i) + 0.05 * Math.random()),
    }));
    const sent = send(JSON.stringify({ samples })).catch(() => {
      refused += samples.length;
    });
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
  }, TICK_MS);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
    refused: () => refused,
  };
}
