// The plant at a glance above the inverter tiles: KPIs computed by the hub (energy today, specific yield,
// IEC 61724 performance ratio, availability), the grid meter and the weather station, live.
import { Alert, Badge, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { Device, SeriesEntry } from '@voltscope/shared/fleet';
import type { SiteKpis } from '@voltscope/shared/kpis';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatSiteTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { periodRange } from '../../ui/PeriodPicker.tsx';
import { type CoveredSeries, coverageOf, useSeriesGaps } from './coverage.ts';
import { type PlantFormats, plantFormats, type ValueFormat } from './format.ts';
import { LiveText, LiveValue } from './LiveParts.tsx';
import { readPair } from './liveBinding.ts';
import classes from './overview.module.css';
import { PartialNote } from './PartialNote.tsx';
import { type Loaded, type SiteIndex, seriesOf } from './siteData.ts';

type OverviewT = TFunction<readonly ['overview', 'common']>;

const siteStateColor = { online: 'green', degraded: 'yellow', fault: 'red', offline: 'gray' } as const;

function Stat({
  label,
  value,
  sub,
  note,
  testId,
}: {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  /** Under the figure, beside it: that it is partial, say. */
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <Text size="sm" c="dimmed" mb={4}>
        {label}
      </Text>
      <Text component="div" fz={{ base: 20, sm: 26 }} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {sub && (
        <Text size="xs" c="dimmed" mt={4}>
          {sub}
        </Text>
      )}
      {note}
    </Card>
  );
}

/** `make(value)` for a figure the hub has; undefined for one it has not (yet). */
const known = <T, R>(value: T | null | undefined, make: (value: T) => R): R | undefined =>
  value == null ? undefined : make(value);

/**
 * Whether today's energy (the grid meter's power, or the inverters' where there is no meter, as the hub
 * integrates it) and PR (that energy and the plane-of-array irradiance) rest on whole data.
 */
function useTodayCoverage(site: Site, index: SiteIndex) {
  const series = useMemo(() => {
    const named = (device: Device | undefined, key: string): CoveredSeries[] => {
      const s = device && index.series(device.id, key);
      return s && device ? [{ id: s.id, name: device.name }] : [];
    };
    const meter = named(index.first('meter'), 'active_power');
    const energy =
      meter.length > 0
        ? meter
        : index.devices.filter((d) => d.type === 'inverter').flatMap((d) => named(d, 'ac_power'));
    return { energy, pr: [...energy, ...named(index.first('weather_station'), 'irradiance_poa')] };
  }, [index]);
  const gaps = useSeriesGaps(series.pr, periodRange({ preset: 'today' }, site.timeZone).from);
  return {
    energy: gaps && coverageOf(gaps, series.energy),
    pr: gaps && coverageOf(gaps, series.pr),
  };
}

/** The KPI row: live power at the grid meter, then the hub's figures for today. */
export function KpiStrip({ site, index, kpis }: { site: Site; index: SiteIndex; kpis: Loaded<SiteKpis> }) {
  const { t } = useTranslation(['overview', 'common']);
  const lng = useLanguage();
  const f = plantFormats(lng);
  const power = seriesOf(index, index.first('meter'))('active_power');
  const coverage = useTodayCoverage(site, index);
  const k = kpis.status === 'ready' ? kpis.data : null;
  const dash = '—';
  const inverters = k?.generators.length ?? 0;
  const available = k?.generators.filter((g) => g.state === 'online').length ?? 0;
  return (
    <Stack gap="xs">
      {kpis.status === 'error' && (
        <Alert color="red" variant="light" role="alert">
          {t('overview:kpisError')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }} spacing="sm" data-testid="kpis">
        <Stat
          label={t('overview:kpi.power')}
          testId="kpi-power"
          value={<LiveValue series={power} format={f.power} size="xl" mainFigure />}
          sub={
            <LiveValue
              series={power}
              format={(kw) => t('overview:kpi.ofCapacity', { share: f.percent(kw / site.capacityKw) })}
              size="sm"
            />
          }
        />
        {kpis.status === 'loading' ? (
          [1, 2, 3, 4].map((n) => <Skeleton key={n} h={104} radius="md" />)
        ) : (
          <>
            <Stat
              label={t('overview:kpi.energyToday')}
              testId="kpi-energy"
              value={known(k?.energyTodayKwh, f.energy) ?? dash}
              note={
                k?.energyTodayKwh == null ? null : <PartialNote coverage={coverage.energy} testId="partial-energy" />
              }
              sub={known(k?.specificYieldToday, (v) => t('overview:kpi.specificYield', { value: f.specificYield(v) }))}
            />
            <Stat
              label={t('overview:kpi.pr')}
              testId="kpi-pr"
              value={known(k?.performanceRatioToday, f.percent) ?? dash}
              note={
                k?.performanceRatioToday == null ? null : <PartialNote coverage={coverage.pr} testId="partial-pr" />
              }
              sub={known(k?.insolationTodayKwhM2, (v) =>
                t(k?.performanceRatioToday == null ? 'overview:kpi.prPending' : 'overview:kpi.insolation', {
                  value: f.insolation(v),
                }),
              )}
            />
            <Stat
              label={t('overview:kpi.availability')}
              testId="kpi-availability"
              value={known(k?.availability, f.percent) ?? dash}
              sub={
                k && inverters > 0
                  ? t('overview:kpi.availableOf', {
                      available: formatNumber(lng, available),
                      total: formatNumber(lng, inverters),
                    })
                  : undefined
              }
            />
            <Stat
              label={t('overview:kpi.state')}
              testId="kpi-state"
              value={
                k ? (
                  <Badge size="lg" variant="light" color={siteStateColor[k.state]}>
                    {t(`overview:siteState.${k.state}`)}
                  </Badge>
                ) : (
                  dash
                )
              }
              sub={k ? t('overview:kpi.at', { time: formatSiteTime(lng, site.timeZone, new Date(k.at)) }) : undefined}
            />
          </>
        )}
      </SimpleGrid>
    </Stack>
  );
}

/** The wind now: its speed, and where it comes from when the station reports it (stale with the speed). */
function WindNow({ speed, direction }: { speed: SeriesEntry | undefined; direction: SeriesEntry | undefined }) {
  const f = plantFormats(useLanguage());
  return (
    <LiveText
      series={[speed]}
      compute={(binder, now) => {
        const v = binder.read(speed?.id, now);
        const d = binder.read(direction?.id, now);
        if (!v) return null;
        return d ? `${f.windSpeed(v.value)} · ${f.direction(d.value)}` : f.windSpeed(v.value);
      }}
    />
  );
}

/** cos φ at the grid meter, from its active (p) and reactive (q) power. */
function PowerFactorNow({ p, q }: { p: SeriesEntry | undefined; q: SeriesEntry | undefined }) {
  const f = plantFormats(useLanguage());
  return (
    <LiveText
      series={[p, q]}
      compute={(binder, now) => {
        const pair = readPair(binder, p, q, now);
        if (!pair) return null;
        const apparent = Math.hypot(pair.a, pair.b);
        // cos φ = P / S; with no power flowing it means nothing.
        return apparent < 1 ? '—' : f.powerFactor(Math.abs(pair.a) / apparent);
      }}
    />
  );
}

/** A row of a live card: a series' newest value, or a value computed from several. */
type LiveRow = { label: string } & ({ value: ReactNode } | { series: SeriesEntry | undefined; format: ValueFormat });
type Series = (key: string) => SeriesEntry | undefined;

/** Each live card's device (the site's first of that type) and rows, read from that device's series. */
const liveCards = {
  weather: {
    type: 'weather_station',
    rows: (s: Series, f: PlantFormats, t: OverviewT): LiveRow[] => [
      { label: t('overview:weather.poa'), series: s('irradiance_poa'), format: f.irradiance },
      { label: t('overview:weather.ghi'), series: s('irradiance_ghi'), format: f.irradiance },
      { label: t('overview:weather.ambient'), series: s('ambient_temperature'), format: f.temperature },
      { label: t('overview:weather.module'), series: s('module_temperature'), format: f.temperature },
      { label: t('overview:weather.wind'), value: <WindNow speed={s('wind_speed')} direction={s('wind_direction')} /> },
    ],
  },
  meter: {
    type: 'meter',
    rows: (s: Series, f: PlantFormats, t: OverviewT): LiveRow[] => [
      { label: t('overview:meter.active'), series: s('active_power'), format: f.power },
      { label: t('overview:meter.reactive'), series: s('reactive_power'), format: f.reactive },
      {
        label: t('overview:meter.powerFactor'),
        value: <PowerFactorNow p={s('active_power')} q={s('reactive_power')} />,
      },
      { label: t('overview:meter.voltage'), series: s('grid_voltage'), format: f.kilovolts },
      { label: t('overview:meter.frequency'), series: s('grid_frequency'), format: f.hertz },
      { label: t('overview:meter.energyToday'), series: s('energy_today'), format: f.energy },
    ],
  },
} as const;

/**
 * A card of labelled live values of one device: the weather station or the grid meter (`name`: its test
 * id and the namespace of its title and of the sentence shown when the site has no such device).
 */
export function LiveCard({ index, name }: { index: SiteIndex; name: keyof typeof liveCards }) {
  const { t } = useTranslation(['overview', 'common']);
  const f = plantFormats(useLanguage());
  const card = liveCards[name];
  const device = index.first(card.type);
  return (
    <Card component="section" data-testid={name}>
      <Title order={3} fz="md" fw={600} mb="sm">
        {t(`overview:${name}.title`)}
      </Title>
      {device ? (
        <dl className={classes.rows}>
          {card.rows(seriesOf(index, device), f, t).map((r) => (
            <div key={r.label} style={{ display: 'contents' }}>
              <dt>{r.label}</dt>
              <dd>{'value' in r ? r.value : <LiveValue series={r.series} format={r.format} />}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Text c="dimmed">{t(`overview:${name}.missing`)}</Text>
      )}
    </Card>
  );
}
