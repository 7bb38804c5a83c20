// The heatmap card: a day × hour grid of one source's energy, its legend, a tooltip per cell and the
// text summary (total, best and worst day, peak hour, hours without data) that screen readers get.
import { EmptyState, Group, Skeleton, Text } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtcOffset } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { HEAT, HeatmapChart } from '../../plots/HeatmapChart.tsx';
import { IconCalendar } from '../../ui/icons.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { formatClockHour, formatDay, formatEnergy, formatHour } from './formatCharts.ts';
import { HeatmapSummary } from './HeatmapSummary.tsx';
import { CELL, HOURS, summarise } from './hourGrid.ts';
import type { HourlyEnergy } from './useHourlyEnergy.ts';

/** Where the energy is measured: the site at its grid meter, or one unit. */
export interface Source {
  value: string;
  label: string;
  seriesId: number;
}

const KIND_OF_CELL = {
  [CELL.energy]: HEAT.value,
  [CELL.missing]: HEAT.noData,
  [CELL.future]: HEAT.blank,
  [CELL.skipped]: HEAT.blank,
} as const;

export function EnergyHeatmapCard({
  site,
  source,
  energy,
  today,
}: {
  site: Site;
  source: Source | undefined;
  energy: HourlyEnergy & { reload: () => void };
  today: string;
}) {
  const { t } = useTranslation(['charts', 'common']);
  const lng = useLanguage();
  const summaryId = useId();
  const grid = energy.status === 'ready' ? energy.grid : null;
  const summary = useMemo(() => (grid ? summarise(grid, today) : null), [grid, today]);
  const kinds = useMemo(
    () => grid?.state.map((s) => KIND_OF_CELL[s as keyof typeof KIND_OF_CELL] ?? HEAT.blank),
    [grid],
  );
  const max = useMemo(() => {
    let top = 0;
    grid?.energy.forEach((v) => {
      if (v > top) top = v;
    });
    return top > 0 ? top : 1;
  }, [grid]);
  const sourceName = source?.label ?? '';

  const tooltip = (row: number, hour: number): string[] => {
    if (!grid || !summary) return [];
    const cell = row * HOURS + hour;
    const day = grid.days[row] ?? '';
    const state = grid.state[cell];
    const kwh = grid.energy[cell] as number;
    const lines = [formatDay(lng, day, 'long'), `${formatClockHour(lng, hour)}–${formatClockHour(lng, hour + 1)}`];
    if (state === CELL.energy) {
      const value = formatEnergy(lng, kwh);
      lines.push(cell === grid.current ? t('charts:heatmap.soFar', { value }) : value);
      if ((grid.slots[cell] ?? 0) > grid.perHour) lines.push(t('charts:heatmap.repeated'));
    } else if (state === CELL.missing) lines.push(t('charts:heatmap.noData'));
    else if (state === CELL.future) lines.push(t('charts:heatmap.future'));
    else lines.push(t('charts:heatmap.skipped'));
    const total = summary.dayTotals[row] as number;
    if (!Number.isNaN(total)) lines.push(t('charts:heatmap.dayTotal', { value: formatEnergy(lng, total) }));
    return lines;
  };

  return (
    <>
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Text fw={600} component="h2" fz="md">
          {t('charts:heatmap.chartTitle', { source: sourceName })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="time-zone">
          {t('charts:heatmap.timeZone', {
            zone: site.timeZone,
            offset: formatUtcOffset(lng, site.timeZone, new Date()),
          })}
        </Text>
      </Group>
      {energy.status === 'loading' && <Skeleton h={260} aria-busy="true" aria-label={t('charts:loading')} />}
      {energy.status === 'error' && <RetryAlert titled message={t('charts:historyError')} onRetry={energy.reload} />}
      {grid && summary && summary.best === null && (
        <EmptyState
          icon={<IconCalendar size={32} />}
          withIndicatorBackground
          title={t('charts:empty')}
          description={t('charts:heatmap.emptyText', { source: sourceName })}
          data-testid="heatmap-empty"
        />
      )}
      {grid && summary && kinds && summary.best !== null && (
        <>
          <HeatmapChart
            rows={grid.days.length}
            cols={HOURS}
            values={grid.energy}
            kinds={kinds}
            max={max}
            rowLabel={(row) => formatDay(lng, grid.days[row] ?? '', 'short')}
            colLabel={(hour) => formatHour(lng, hour)}
            format={(kwh) => formatEnergy(lng, kwh, max)}
            tooltip={tooltip}
            ariaLabel={t('charts:heatmap.ariaLabel', { source: sourceName, site: site.name })}
            describedBy={summaryId}
            legend={{
              title: t('charts:heatmap.legend'),
              noData: t('charts:heatmap.noData'),
              ...(grid.state.includes(CELL.future) ? { blank: t('charts:heatmap.future') } : {}),
            }}
          />
          <HeatmapSummary id={summaryId} summary={summary} days={grid.days.length} />
        </>
      )}
    </>
  );
}
