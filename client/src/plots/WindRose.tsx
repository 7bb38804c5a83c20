// A wind rose: how often the wind blew from each sector of the compass, split by speed, over a period.
// uPlot draws no polar chart, so this is a small SVG. A compass does NOT mirror in right-to-left pages:
// north stays up and east stays on the right in every language (only the legend beside it follows the
// reading direction); the SVG's coordinates are absolute, so `dir` never flips it.
import { Box, Group, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { eachFinitePair } from './pairs.ts';

/** Speed bins in m/s: [0, 3), [3, 6) ... [15, ∞), the bands most wind-resource reports use. */
export const WIND_ROSE_EDGES: readonly number[] = [0, 3, 6, 9, 12, 15];

export interface WindRoseData {
  sectors: number;
  /** Lower edge of each speed bin; the last bin is open-ended. */
  edges: readonly number[];
  /** counts[sector][bin]; sector 0 is centred on north, then clockwise. */
  counts: number[][];
  total: number;
}

/** The sector a direction (degrees, where the wind comes from) falls in: sector 0 spans north ± half a sector. */
export function sectorOf(direction: number, sectors: number): number {
  const width = 360 / sectors;
  const d = ((direction % 360) + 360) % 360;
  return Math.floor((d + width / 2) / width) % sectors;
}

/** The speed bin of a speed: the last edge at or below it (negative speeds go in the first). */
export function speedBinOf(speed: number, edges: readonly number[]): number {
  let bin = 0;
  for (let i = 1; i < edges.length; i++) if (speed >= (edges[i] as number)) bin = i;
  return bin;
}

/** Counts paired (direction, speed) samples per sector and speed bin; a pair with a gap on either side is left out. */
export function binWindRose(
  direction: ArrayLike<number | null>,
  speed: ArrayLike<number | null>,
  sectors = 16,
  edges: readonly number[] = WIND_ROSE_EDGES,
): WindRoseData {
  const counts = Array.from({ length: sectors }, () => new Array<number>(edges.length).fill(0));
  let total = 0;
  eachFinitePair(direction, speed, (d, s) => {
    const row = counts[sectorOf(d, sectors)] as number[];
    const bin = speedBinOf(s, edges);
    row[bin] = (row[bin] as number) + 1;
    total++;
  });
  return { sectors, edges, counts, total };
}

/** The sector the wind came from most often, and its share of the time (null without data). */
export function prevailingSector(rose: WindRoseData): { sector: number; share: number } | null {
  if (rose.total === 0) return null;
  let best = 0;
  let bestCount = -1;
  rose.counts.forEach((row, sector) => {
    const count = row.reduce((a, b) => a + b, 0);
    if (count > bestCount) {
      best = sector;
      bestCount = count;
    }
  });
  return { sector: best, share: bestCount / rose.total };
}

// Speed bands from light to dark on a light page and from dark to light on a dark one, so that the faster
// bands stand out by lightness as well as hue in both themes.
const PALETTE = {
  light: ['#c6dbef', '#9ecae1', '#6baed6', '#3182bd', '#08519c', '#08306b'],
  dark: ['#1f3b5c', '#2d5f8f', '#3f84bf', '#66a9dd', '#9fcdf0', '#dcefff'],
} as const;

export interface WindRoseProps {
  data: WindRoseData;
  /** Labels of north, east, south and west, in the reader's language. */
  cardinals: readonly [string, string, string, string];
  /** The legend's label of bin `i` ("3–6 m/s"). */
  binLabel: (bin: number) => string;
  formatPercent: (share: number) => string;
  /** A live direction to mark with a needle (degrees, where the wind comes from). */
  needle?: number | null;
  /** The text summary read by screen readers and shown beneath. */
  summary: string;
  size?: number;
}

const VIEW = 340;
const CENTER = VIEW / 2;
const RADIUS = 128;

const point = (angleDeg: number, r: number): [number, number] => {
  const a = (angleDeg * Math.PI) / 180;
  return [CENTER + r * Math.sin(a), CENTER - r * Math.cos(a)];
};

/** An annular wedge between two radii, from `a0` to `a1` degrees clockwise from north. */
function wedge(a0: number, a1: number, r0: number, r1: number): string {
  const [x0, y0] = point(a0, r1);
  const [x1, y1] = point(a1, r1);
  const [x2, y2] = point(a1, r0);
  const [x3, y3] = point(a0, r0);
  const f = (v: number) => v.toFixed(2);
  return `M${f(x0)} ${f(y0)}A${r1} ${r1} 0 0 1 ${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}A${r0} ${r0} 0 0 0 ${f(x3)} ${f(y3)}Z`;
}

/** Ring steps at round percentages: 5 %, 10 %, 20 % ... whichever gives two to four rings. */
function ringStep(maxShare: number): number {
  for (const step of [0.01, 0.02, 0.05, 0.1, 0.2, 0.25]) if (maxShare / step <= 4) return step;
  return 0.5;
}

export function WindRose({ data, cardinals, binLabel, formatPercent, needle, summary, size = 340 }: WindRoseProps) {
  const scheme = useComputedColorScheme('light');
  const colors = PALETTE[scheme];
  const width = 360 / data.sectors;
  const sectorShares = data.counts.map((row) => row.reduce((a, b) => a + b, 0) / Math.max(1, data.total));
  const maxShare = Math.max(0.01, ...sectorShares);
  const step = ringStep(maxShare);
  const outer = Math.ceil(maxShare / step) * step;
  const scale = (share: number) => (share / outer) * RADIUS;
  const rings = Array.from({ length: Math.round(outer / step) }, (_, i) => (i + 1) * step);

  return (
    <Stack gap="sm" data-testid="wind-rose" data-samples={data.total}>
      <Box maw={size} w="100%" mx="auto">
        <svg viewBox={`0 0 ${VIEW} ${VIEW}`} width="100%" role="img" aria-label={summary}>
          <g fill="none" stroke="var(--mantine-color-default-border)" strokeWidth={1}>
            {rings.map((r) => (
              <circle key={r} cx={CENTER} cy={CENTER} r={scale(r)} />
            ))}
            {[0, 45, 90, 135].map((a) => {
              const [x0, y0] = point(a, RADIUS);
              const [x1, y1] = point(a + 180, RADIUS);
              return <line key={a} x1={x0} y1={y0} x2={x1} y2={y1} />;
            })}
          </g>
          <g stroke="var(--vs-surface, var(--mantine-color-body))" strokeWidth={0.75}>
            {data.counts.flatMap((row, sector) => {
              const a0 = sector * width - width / 2 + 1;
              const a1 = sector * width + width / 2 - 1;
              let cumulative = 0;
              return row.map((count, bin) => {
                const inner = cumulative;
                cumulative += count / Math.max(1, data.total);
                if (count === 0) return null;
                return (
                  <path
                    // biome-ignore lint/suspicious/noArrayIndexKey: sectors and bins are fixed positions.
                    key={`${sector}-${bin}`}
                    d={wedge(a0, a1, scale(inner), scale(cumulative))}
                    fill={colors[Math.min(bin, colors.length - 1)] ?? colors[0]}
                  />
                );
              });
            })}
          </g>
          {needle !== null && needle !== undefined && Number.isFinite(needle) && (
            <g
              stroke="var(--mantine-color-text)"
              strokeWidth={2.5}
              strokeLinecap="round"
              data-testid="wind-rose-needle"
            >
              <line
                x1={point(needle, RADIUS + 4)[0]}
                y1={point(needle, RADIUS + 4)[1]}
                x2={point(needle, 18)[0]}
                y2={point(needle, 18)[1]}
              />
              <circle cx={point(needle, RADIUS + 4)[0]} cy={point(needle, RADIUS + 4)[1]} r={4} fill="currentColor" />
            </g>
          )}
          <g fill="var(--mantine-color-dimmed)" fontSize={11} textAnchor="start">
            {(data.total > 0 ? rings : []).map((r) => {
              const [x, y] = point(22.5 / 2 + 45, scale(r));
              return (
                <text key={r} x={x + 2} y={y} direction="ltr">
                  {formatPercent(r)}
                </text>
              );
            })}
          </g>
          <g fill="var(--mantine-color-text)" fontSize={14} fontWeight={600} textAnchor="middle">
            {cardinals.map((label, i) => {
              const [x, y] = point(i * 90, RADIUS + 20);
              return (
                <text key={label} x={x} y={y + 5}>
                  {label}
                </text>
              );
            })}
          </g>
        </svg>
      </Box>
      <Group gap="xs" justify="center" aria-hidden="true">
        {data.edges.map((_, bin) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the bins are fixed positions.
          <Group key={bin} gap={4} wrap="nowrap">
            <Box w={12} h={12} bg={colors[Math.min(bin, colors.length - 1)] ?? colors[0]} style={{ borderRadius: 2 }} />
            <Text size="xs" c="dimmed">
              {binLabel(bin)}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
