// Energy heatmap: a site's (grid meter) or one unit's energy per hour of the day, a row per day, over
// a week, a month or a chosen range, on the site's own clock, so that clipping, shading, curtailment
// and outages stand out as shapes. Site, source and period live in the URL.
import { Card, Group, Select, Stack, Text } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteSeries } from '../../data/useSiteSeries.ts';
import { useUrlParam } from '../../data/useUrlParam.ts';
import {
  addDays,
  type DayString,
  formatPeriodParam,
  type Period,
  PeriodPicker,
  type PeriodPreset,
  parsePeriodParam,
  periodPresets,
  startOfDay,
} from '../../ui/PeriodPicker.tsx';
import { SitePicker } from '../../ui/SitePicker.tsx';
import { ChartPageHead } from './ChartPageHead.tsx';
import { EnergyHeatmapCard, type Source } from './EnergyHeatmapCard.tsx';
import { useChartSite } from './useChartSite.ts';
import { useHourlyEnergy } from './useHourlyEnergy.ts';
import { useToday } from './useToday.ts';

/** Whole-day presets only ("7d", "30d", ... and custom): a heatmap row is a whole day. */
const PRESETS = periodPresets.filter((p): p is PeriodPreset => p === 'custom' || /^\d+d$/.test(p));
const DEFAULT_PERIOD: Period = { preset: '7d' };
/** The most rows drawn: a year and a day. */
const MAX_DAYS = 366;

/** The site as a whole at its grid meter, then each inverter or turbine by name. */
function sourcesOf(site: Site, series: SiteSeries, wholeSite: string): Source[] {
  const out: Source[] = [];
  const meter = series.seriesId(`${site.id}.meter`, 'active_power');
  if (meter !== undefined) out.push({ value: 'site', label: wholeSite, seriesId: meter });
  const units = series.devices
    .filter((d) => d.siteId === site.id && (d.type === 'inverter' || d.type === 'wind_turbine'))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  for (const d of units) {
    const id = series.seriesId(d.id, d.type === 'inverter' ? 'ac_power' : 'active_power');
    if (id !== undefined) out.push({ value: d.id, label: d.name, seriesId: id });
  }
  return out;
}

/** The first and last local day a period covers, ending today for a preset; at most MAX_DAYS. */
function daysOf(period: Period, today: DayString): { first: DayString; last: DayString; clipped: boolean } {
  if (period.preset === 'custom') {
    const last = period.to > today ? today : period.to;
    const earliest = addDays(last, -(MAX_DAYS - 1));
    return period.from < earliest
      ? { first: earliest, last, clipped: true }
      : { first: period.from, last, clipped: false };
  }
  const days = Number.parseInt(period.preset, 10) || 7;
  return { first: addDays(today, -(Math.min(days, MAX_DAYS) - 1)), last: today, clipped: false };
}

export function EnergyHeatmapPage() {
  const { t } = useTranslation(['charts', 'common']);
  const chart = useChartSite('all');
  const { list, site, choose: chooseSite, series } = chart;
  const [sourceParam, setSource] = useUrlParam('source');
  const [periodParam, setPeriodParam] = useUrlParam('period');

  const wholeSite = t('charts:heatmap.wholeSite');
  const seriesData = series.status === 'ready' ? series.data : null;
  const sources = useMemo(
    () => (site && seriesData ? sourcesOf(site, seriesData, wholeSite) : []),
    [site, seriesData, wholeSite],
  );
  const source = sources.find((s) => s.value === sourceParam) ?? sources[0];
  const parsed = parsePeriodParam(periodParam, DEFAULT_PERIOD);
  const period = PRESETS.includes(parsed.preset) ? parsed : DEFAULT_PERIOD;
  const timeZone = site?.timeZone ?? 'UTC';
  const today = useToday(timeZone);
  const { first, last, clipped } = daysOf(period, today);
  const from = startOfDay(timeZone, first);
  const to = startOfDay(timeZone, addDays(last, 1));
  const energy = useHourlyEnergy(source?.seriesId, site?.timeZone, from, to);

  return (
    <>
      <ChartPageHead page="heatmap" chart={chart} noSites={t('charts:noSites')} />
      {site && (
        <Stack gap="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <SitePicker
              label={t('charts:site')}
              sites={list}
              site={site}
              onChange={(id) => {
                chooseSite(id);
                setSource(null);
              }}
              w={220}
            />
            <Select
              label={t('charts:heatmap.source')}
              data={sources.map((s) => ({ value: s.value, label: s.label }))}
              value={source?.value ?? null}
              onChange={(value) => value && setSource(value === sources[0]?.value ? null : value)}
              allowDeselect={false}
              searchable
              disabled={sources.length === 0}
              w={240}
              data-testid="source-picker"
            />
            <PeriodPicker
              value={period}
              onChange={(p) =>
                setPeriodParam(formatPeriodParam(p) === formatPeriodParam(DEFAULT_PERIOD) ? null : formatPeriodParam(p))
              }
              timeZone={timeZone}
              presets={PRESETS}
            />
          </Group>
          {clipped && (
            <Text size="sm" c="dimmed">
              {t('charts:heatmap.clipped')}
            </Text>
          )}
          <Card>
            <EnergyHeatmapCard site={site} source={source} energy={energy} today={today} />
          </Card>
        </Stack>
      )}
    </>
  );
}
