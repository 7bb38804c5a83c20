import type { Device, Series } from '@voltscope/shared/fleet';
import { decodeFrame, encodeFrame, frameKinds, MAX_FRAME_SPAN_MS } from '@voltscope/shared/frames';
import { describe, expect, it } from 'vitest';
import { Registry } from '../fleet/registry.ts';
import { LatestValues } from '../live/latest.ts';
import { SeriesRings } from '../live/rings.ts';
import { latestOfFrames, snapshotOfSite, withinFrameSpan } from './snapshots.ts';

const device: Device = {
  ...{ id: 'a.inv1', siteId: 'a', type: 'inverter', name: 'Inverter 1', model: 'test', ratedKw: 100 },
  ...{ protocol: 'test', address: '', parentId: null, state: 'online', lastSeen: null },
};
const series = (id: number, key: string): Series => ({
  ...{ id, deviceId: device.id, key, metric: key as Series['metric'], unit: 'kW', scale: 1 },
  ...{ min: 0, max: 1e6, periodMs: 1000 },
});

function fleet(trendSamples: number) {
  const registry = new Registry([device], [series(1, 'ac_power'), series(2, 'dc_power'), series(3, 'temperature')]);
  const rings = new SeriesRings(1000);
  const latest = new LatestValues(4);
  for (let t = 1; t <= trendSamples; t++) {
    rings.push(1, t * 1000, t);
    rings.push(2, t * 1000, -t);
  }
  latest.set(3, trendSamples * 1000, 41.5);
  return { registry, rings, latest };
}

describe('snapshotOfSite', () => {
  it('carries the trend window whole when it fits, and the latest value of the other series', () => {
    const { registry, rings, latest } = fleet(10);
    const out = snapshotOfSite(registry, rings, latest, 'a', { now: 10_000, windowMs: 5000, maxSamples: 100 });
    expect(out.series.filter((id) => id === 1).length).toBe(6);
    expect(out.ts.filter((_, i) => out.series[i] === 1)).toEqual([5000, 6000, 7000, 8000, 9000, 10_000]);
    expect(out.values[out.series.indexOf(3)]).toBe(41.5);
  });

  it('thins the trends evenly to its budget, keeping the newest sample of each series', () => {
    const { registry, rings, latest } = fleet(600);
    const out = snapshotOfSite(registry, rings, latest, 'a', { now: 600_000, windowMs: 300_000, maxSamples: 101 });
    expect(out.series.length).toBeLessThanOrEqual(101);
    const power = out.ts.filter((_, i) => out.series[i] === 1);
    expect(power.at(-1)).toBe(600_000);
    expect(power[0]).toBeLessThanOrEqual(300_000 + 7000);
    const steps = new Set(power.slice(1).map((t, i) => t - (power[i] as number)));
    expect(steps.size).toBe(1);
  });

  it('keeps only the newest sample of each series when the budget holds no more', () => {
    const { registry, rings, latest } = fleet(600);
    const out = snapshotOfSite(registry, rings, latest, 'a', { now: 600_000, windowMs: 300_000, maxSamples: 3 });
    expect(out.series).toEqual([3, 1, 2]);
    expect(out.ts).toEqual([600_000, 600_000, 600_000]);
  });

  it('never passes its budget, whatever the series and the window', () => {
    for (const samples of [1, 7, 299, 600]) {
      for (const maxSamples of [1, 2, 3, 4, 5, 10, 33, 101, 250]) {
        const { registry, rings, latest } = fleet(samples);
        const out = snapshotOfSite(registry, rings, latest, 'a', {
          now: samples * 1000,
          windowMs: 300_000,
          maxSamples,
        });
        expect(out.series.length, `${samples} samples, budget ${maxSamples}`).toBeLessThanOrEqual(maxSamples);
        expect(out.ts.length).toBe(out.series.length);
      }
    }
  });
});

describe('latestOfFrames', () => {
  it('keeps the newest sample of each series across the frames, later frames winning ties', () => {
    const frames = [
      encodeFrame(frameKinds.live, 1, [1, 2, 1], [1000, 1000, 2000], [10, 20, 11]),
      encodeFrame(frameKinds.live, 2, [2, 3], [3000, 500], [21, 30]),
      encodeFrame(frameKinds.live, 3, [2, 1], [3000, 1500], [22, 99]),
    ].map(decodeFrame);
    const out = latestOfFrames(frames);
    const byId = new Map(out.series.map((id, i) => [id, [out.ts[i], out.values[i]]]));
    expect(byId).toEqual(
      new Map([
        [1, [2000, 11]],
        [2, [3000, 22]],
        [3, [500, 30]],
      ]),
    );
  });

  it('leaves out of a frame only what lies more than its span before the newest sample', () => {
    const now = 1_795_310_000_000;
    const old = now - MAX_FRAME_SPAN_MS - 1;
    const same = { series: [1, 2], ts: [now - 30 * 86_400_000, now], values: [1, 2] };
    expect(withinFrameSpan(same)).toBe(same);
    const wide = withinFrameSpan({ series: [1, 2, 3], ts: [now, old, now - MAX_FRAME_SPAN_MS], values: [1, 2, 3] });
    expect(wide).toEqual({ series: [1, 3], ts: [now, now - MAX_FRAME_SPAN_MS], values: [1, 3] });
    expect(() => encodeFrame(frameKinds.live, 1, wide.series, wide.ts, wide.values)).not.toThrow();
  });
});
