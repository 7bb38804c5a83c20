// The compared items' power normalised to their capacity (kW per kWp), one line each on one axis: a
// site of 6.5 MWp and one of 48 MWp, or an inverter and its neighbour, read on the same scale.
import { Card, Text, useComputedColorScheme } from '@mantine/core';
import type { PeriodComparison } from '@voltscope/shared/kpis';
import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { usePalette } from '../../app/settings/usePalette.ts';
import { intlLocales } from '../../i18n/language.ts';
import { type ChartLine, DualAxisChart } from '../../plots/DualAxisChart.tsx';
import { dayIn, startOfDay } from '../../ui/PeriodPicker.tsx';
import { ChartLegend } from './ChartLegend.tsx';
import { type KpiFormat, useKpiFormat } from './kpiFormat.ts';
import { lineStyle } from './palette.ts';
import { newest } from './trendSummary.ts';
import { useHiddenLines } from './useHiddenLines.ts';

const DAY = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();
function dateTime(f: KpiFormat, timeZone: string, parts: 'time' | 'date' | 'both', at: number): string {
  const key = `${f.lng}|${timeZone}|${parts}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocales[f.lng], {
      timeZone,
      ...(parts !== 'date' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
      ...(parts !== 'time' ? { day: 'numeric', month: 'short' } : {}),
    });
    formats.set(key, format);
  }
  return format.format(at);
}

/** The items with the highest and lowest specific yield (the hub's figures): the chart's summary. */
function extremes(data: PeriodComparison) {
  const ranked = data.items
    .filter((i) => i.specificYield !== null)
    .sort((a, b) => (b.specificYield as number) - (a.specificYield as number));
  return ranked.length === 0 ? null : { top: ranked[0], bottom: ranked[ranked.length - 1] };
}

/** Past this many lines, the summary names only the extremes. */
const LIST_LATEST_UP_TO = 6;

export function ComparisonChart({ data, timeZone }: { data: PeriodComparison; timeZone: string }) {
  const { t } = useTranslation(['dashboards', 'common']);
  const f = useKpiFormat();
  const scheme = useComputedColorScheme('light');
  const palette = usePalette();
  const summaryId = useId();
  const { hidden, toggle } = useHiddenLines();

  const lines = useMemo<ChartLine[]>(
    () =>
      data.items.map((item, i) => {
        const style = lineStyle(i, scheme, palette);
        return {
          label: item.name,
          color: style.color,
          width: 1.5,
          show: !hidden.has(item.id),
          ...(style.dash ? { dash: style.dash } : {}),
        };
      }),
    [data, scheme, palette, hidden],
  );
  const read = useCallback(
    (): uPlot.AlignedData => [
      Float64Array.from(data.ts, (ms) => ms / 1000),
      ...data.items.map((i) => i.normalisedPower),
    ],
    [data],
  );
  const span = data.to - data.from;
  const midnight = dateTime(f, timeZone, 'time', startOfDay(timeZone, dayIn(timeZone, data.to)));
  // Ticks a day or more apart are dates; hours show the time, and the date where a day begins.
  const formatTick = (ms: number, stepMs: number) =>
    dateTime(
      f,
      timeZone,
      stepMs >= DAY || (span > DAY && dateTime(f, timeZone, 'time', ms) === midnight) ? 'date' : 'time',
      ms,
    );
  const formatCursor = (ms: number) => dateTime(f, timeZone, span > DAY ? 'both' : 'time', ms);
  const ends = extremes(data);
  const latest =
    data.items.length > LIST_LATEST_UP_TO
      ? []
      : data.items
          .map((item) => ({ name: item.name, value: newest(item.normalisedPower) }))
          .filter((x): x is { name: string; value: number } => x.value !== null);
  const same = ends?.top && ends.bottom && ends.top.specificYield === ends.bottom.specificYield;
  const summary =
    ends?.top && ends.bottom
      ? [
          same
            ? t('dashboards:compare.summarySame', { value: f.specificYield(ends.top.specificYield) })
            : t('dashboards:compare.summaryYield', {
                top: ends.top.name,
                topValue: f.specificYield(ends.top.specificYield),
                bottom: ends.bottom.name,
                bottomValue: f.specificYield(ends.bottom.specificYield),
              }),
          latest.length > 0
            ? t('dashboards:compare.summaryLatest', {
                list: latest.map((x) => `${x.name} ${f.normalised(x.value)}`).join(t('dashboards:listSeparator')),
              })
            : '',
        ].join(' ')
      : t('dashboards:compare.noData');

  return (
    <Card data-testid="comparison-chart">
      <Text fw={600} component="h3" fz="lg">
        {t('dashboards:compare.chartTitle')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('dashboards:compare.chartHint')}
      </Text>
      <ChartLegend
        lines={lines}
        label={t('dashboards:trend.legend')}
        onToggle={(index) => toggle(data.items[index]?.id)}
      />
      <DualAxisChart
        lines={lines}
        read={read}
        left={f.axes.normalised}
        formatTick={formatTick}
        formatCursor={formatCursor}
        ariaLabel={t('dashboards:compare.chartTitle')}
        describedBy={summaryId}
        testId="normalised-chart"
        height={340}
      />
      <Text id={summaryId} size="sm" c="dimmed" mt="xs" data-testid="comparison-summary">
        {summary}
      </Text>
    </Card>
  );
}
