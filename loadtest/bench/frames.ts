// The wire format, measured: the binary frame (typed-array columns) against JSON of the same columns,
// for a frame of a large site (1,600 samples, one second of Ouarzazate) and a small one (100 samples).
import { decodeFrame, encodeFrame, frameKinds } from '../../shared/src/frames.ts';
import { type Figure, rate } from './report.ts';

function columns(count: number) {
  const now = Date.now();
  return {
    series: Array.from({ length: count }, (_, i) => 800 + i),
    ts: Array.from({ length: count }, (_, i) => now - 1000 + (i % 1000)),
    values: Array.from({ length: count }, (_, i) => 100 + Math.sin(i) * 50),
  };
}

function perSecond(work: () => void, ms = 500): number {
  for (let i = 0; i < 200; i++) work();
  let runs = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    work();
    runs++;
  }
  return runs / (ms / 1000);
}

export async function framesBenchmark(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const count of [1600, 100]) {
    const c = columns(count);
    const binary = encodeFrame(frameKinds.live, 1, c.series, c.ts, c.values);
    const json = JSON.stringify({ seq: 1, ...c });
    const jsonBytes = Buffer.byteLength(json);
    figures.push({
      name: `frames.n${count}.binary_bytes`,
      unit: 'bytes',
      value: binary.byteLength,
      baseline: jsonBytes,
      ratio: jsonBytes / binary.byteLength,
    });
    figures.push(
      rate(
        `frames.n${count}.encode_per_s`,
        'frames/s',
        perSecond(() => encodeFrame(frameKinds.live, 1, c.series, c.ts, c.values)),
        perSecond(() => JSON.stringify({ seq: 1, ...c })),
      ),
    );
    figures.push(
      rate(
        `frames.n${count}.decode_per_s`,
        'frames/s',
        perSecond(() => decodeFrame(binary)),
        perSecond(() => JSON.parse(json)),
      ),
    );
  }
  return figures;
}
