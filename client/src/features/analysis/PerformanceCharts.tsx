// The period at a glance: the totals and averages as tiles, the energy of each day against what was
// expected (bars and a dashed line), and the performance ratio and availability of each day (lines).
// Each chart has its figures in a sentence under it, which assistive technologies read as its description.
import { SimpleGrid, useComputedColorScheme } from '@mantine/core';
import type { DailyKpis } from '@voltscope/shared/kpis';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalysisBars, type AnalysisSeries } from '../../plots/AnalysisBars.tsx';
import type { AnalysisFormat } from './analysisFormat.ts';
import { dayInstant } from './analysisFormat.ts';
import { ChartCard } from './ChartCard.tsx';
import { dayColumns, extremesOf, type Figures, figuresOf } from './dailyFigures.ts';
import { FigureTile } from './FigureTile.tsx';
import { analysisColors, dashes } from './palette.ts';

const DAY_MS = 86_400_000;

type Kpi = 'energy' | 'expected' | 'ratio' | 'performanceRatio' | 'availability' | 'capacityFactor';
type Hint = 'ratioHint' | 'prHint' | 'averageHint';

export function PeriodTiles({ figures, format }: { figures: Figures; format: AnalysisFormat }) {
  const { t } = useTranslation(['analysis', 'common']);
  // The tiles in order: the KPI named, its value, maybe a hint (a key of analysis:tiles), its test id's end.
  const tiles: { kpi: Kpi; value: string; hint?: Hint; testId: string }[] = [
    { kpi: 'energy', value: format.energy(figures.energyKwh), testId: 'energy' },
    { kpi: 'expected', value: format.energy(figures.expectedKwh), testId: 'expected' },
    { kpi: 'ratio', value: format.percent(figures.ratio, 0), hint: 'ratioHint', testId: 'ratio' },
    { kpi: 'performanceRatio', value: format.percent(figures.performanceRatio), hint: 'prHint', testId: 'pr' },
    { kpi: 'availability', value: format.percent(figures.availability), hint: 'averageHint', testId: 'availability' },
    { kpi: 'capacityFactor', value: format.percent(figures.capacityFactor), hint: 'averageHint', testId: 'cf' },
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 6 }}
      spacing="sm"
      mb="md"
      component="section"
      aria-label={t('analysis:tiles.title')}
    >
      {tiles.map(({ kpi, value, hint, testId }) => (
        <FigureTile
          key={kpi}
          label={t(`analysis:kpi.${kpi}`)}
          value={value}
          {...(hint && { hint: t(`analysis:tiles.${hint}`) })}
          testId={`tile-${testId}`}
        />
      ))}
    </SimpleGrid>
  );
}

/** The second line of a chart (the expected energy, the availability): dashed, with points when days are few. */
const dashedLine = (label: string, color: string, dash: readonly number[], points: boolean): AnalysisSeries => ({
  label,
  color,
  kind: 'line',
  dash: [...dash],
  points,
});

interface PerformanceChartsProps {
  rows: readonly DailyKpis[];
  days: readonly string[];
  format: AnalysisFormat;
}

export function PerformanceCharts({ rows, days, format }: PerformanceChartsProps) {
  const { t } = useTranslation(['analysis', 'common']);
  const scheme = useComputedColorScheme('light');
  const colors = analysisColors(scheme);
  const columns = useMemo(() => dayColumns(rows, days), [rows, days]);
  const x = useMemo(() => columns.days.map(dayInstant), [columns]);
  const few = days.length <= 45;

  const energySeries = useMemo<AnalysisSeries[]>(
    () => [
      { label: t('analysis:kpi.energy'), color: colors.energy, kind: 'bars' },
      dashedLine(t('analysis:kpi.expected'), colors.expected, dashes.expected, few),
    ],
    [t, colors.energy, colors.expected, few],
  );
  const ratioSeries = useMemo<AnalysisSeries[]>(
    () => [
      { label: t('analysis:kpi.performanceRatio'), color: colors.performanceRatio, kind: 'line', points: few },
      dashedLine(t('analysis:kpi.availability'), colors.availability, dashes.availability, few),
    ],
    [t, colors.performanceRatio, colors.availability, few],
  );
  const energyColumns = useMemo(() => [columns.energy, columns.expected], [columns]);
  const ratioColumns = useMemo(() => [columns.performanceRatio, columns.availability], [columns]);

  const period = figuresOf(rows);
  const energy = extremesOf(columns.days, columns.energy);
  const pr = extremesOf(columns.days, columns.performanceRatio);
  const availability = extremesOf(columns.days, columns.availability);
  // What both charts share: a bar or point per day, named as a date (UTC), not as an instant.
  const daily = {
    x,
    stepMs: DAY_MS,
    timeZone: 'UTC',
    ticksOnValues: true,
    formatTick: (ms: number) => format.tick(ms, DAY_MS, 'UTC'),
    formatCursor: (ms: number) => format.day(new Date(ms).toISOString().slice(0, 10)),
  };

  const energyText = [
    t('analysis:charts.energySummary', {
      energy: format.energy(period.energyKwh),
      expected: format.energy(period.expectedKwh),
      ratio: format.percent(period.ratio, 0),
    }),
    energy.highest && energy.lowest
      ? t('analysis:charts.energyExtremes', {
          best: format.shortDay(energy.highest.day),
          bestValue: format.energy(energy.highest.value),
          worst: format.shortDay(energy.lowest.day),
          worstValue: format.energy(energy.lowest.value),
        })
      : '',
    energy.missing > 0 ? t('analysis:charts.missingDays', { n: format.number(energy.missing) }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  const ratioText = [
    pr.highest && pr.lowest
      ? t('analysis:charts.prSummary', {
          pr: format.percent(period.performanceRatio),
          low: format.percent(pr.lowest.value),
          high: format.percent(pr.highest.value),
        })
      : t('analysis:charts.noPr'),
    availability.lowest
      ? t('analysis:charts.availabilitySummary', {
          availability: format.percent(period.availability),
          lowest: format.percent(availability.lowest.value),
          day: format.shortDay(availability.lowest.day),
        })
      : '',
  ]
    .filter(Boolean)
    .join(' ');

  // The two charts, each named by its key under analysis:charts (title) and in its test ids.
  const charts = [
    { name: 'energy', text: energyText, columns: energyColumns, series: energySeries, axis: format.axes.energy },
    {
      name: 'ratio',
      text: ratioText,
      columns: ratioColumns,
      series: ratioSeries,
      axis: format.axes.percent,
      minTop: 1,
    },
  ] as const;

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" mb="md">
      {charts.map(({ name, text, ...chart }) => (
        <ChartCard key={name} title={t(`analysis:charts.${name}Title`)} text={text} textTestId={`${name}-summary`}>
          {(describedBy) => (
            <AnalysisBars
              {...daily}
              {...chart}
              ariaLabel={t(`analysis:charts.${name}Title`)}
              describedBy={describedBy}
              testId={`${name}-chart`}
            />
          )}
        </ChartCard>
      ))}
    </SimpleGrid>
  );
}
