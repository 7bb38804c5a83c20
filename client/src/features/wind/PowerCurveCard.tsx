// The power curve card: the turbine's curve binned from its own history over the period, the live points
// of the last minutes on top, and in words what it produces now against what its curve gives at this wind.
import { Box, Group, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sampleAge } from '../../live/ageWatchdog.ts';
import { useRecentHistory } from '../../live/hooks.ts';
import { liveStore } from '../../live/liveStore.ts';
import {
  binPowerCurve,
  expectedPower,
  type LivePoints,
  type LiveSource,
  liveColors,
  type PowerCurveBins,
  PowerCurveChart,
  type PowerCurvePeriod,
} from '../../plots/PowerCurveChart.tsx';
import { freshnessOf } from './liveValue.ts';
import { PeriodCard, type TurbinePeriodProps } from './PeriodCard.tsx';
import { readTurbine } from './turbineReading.ts';
import { useLiveSnapshot } from './useLiveSnapshot.ts';
import type { WindFormat } from './useWindFormat.ts';
import type { Turbine } from './useWindSite.ts';

/** The live points drawn over the curve: the last ten minutes. */
const LIVE_WINDOW_MS = 10 * 60_000;

/** Live (wind, power) pairs: samples of both series taken at the same instant, over the window to `now`. */
function livePairs(siteId: string, windId: number, powerId: number, periodMs: number): LivePoints {
  const site = liveStore.progress(siteId);
  // The window ends at the hub's newest sample, not at the browser's clock (they may differ).
  const since = (site?.lastTs ?? Date.now()) - LIVE_WINDOW_MS;
  const newest = liveStore.latest(powerId);
  const current = newest !== null && freshnessOf(sampleAge(newest.ts, site, Date.now()), periodMs) === 'live';
  const winds = new Map<number, number>();
  liveStore.each(windId, since, (ts, v) => winds.set(ts, v));
  const out: LivePoints = { wind: [], power: [], current };
  liveStore.each(powerId, since, (ts, v) => {
    const w = winds.get(ts);
    if (w === undefined) return;
    out.wind.push(w);
    out.power.push(v);
  });
  return out;
}

function Swatch({ color, round, ring, label }: { color: string; round?: boolean; ring?: boolean; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        w={ring ? 12 : round ? 8 : 16}
        h={ring ? 12 : round ? 8 : 3}
        bg={ring ? 'var(--mantine-primary-color-filled)' : color}
        bd={ring ? `3px solid ${color}` : undefined}
        style={{ borderRadius: round || ring ? '50%' : 2 }}
      />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}

/** Now against the curve, in words: read once a second for the summary under the chart. */
function CurveNow({
  siteId,
  turbine,
  bins,
  format,
}: {
  siteId: string;
  turbine: Turbine;
  bins: PowerCurveBins;
  format: WindFormat;
}) {
  const { t } = useTranslation(['wind', 'common']);
  const reading = useLiveSnapshot((now) => readTurbine(liveStore, siteId, turbine, now), turbine);
  const power = reading.values.active_power;
  const wind = reading.values.wind_speed;
  if (reading.freshness !== 'live' || power === undefined || wind === undefined)
    return (
      <Text size="sm" c="dimmed" data-testid="curve-now">
        {t('wind:curve.noLive')}
      </Text>
    );
  const expected = expectedPower(bins, wind);
  const now = t('wind:curve.now', { power: format.power(power), wind: format.speed(wind) });
  return (
    <Text size="sm" data-testid="curve-now">
      {expected === null || expected < 1
        ? now
        : `${now} ${t('wind:curve.expected', {
            expected: format.power(expected),
            ratio: format.percent(power / expected),
          })}`}
    </Text>
  );
}

export function PowerCurveCard({ siteId, turbine, samples, loading, failed, format }: TurbinePeriodProps) {
  const { t } = useTranslation(['wind', 'common']);
  const liveColor = liveColors[useComputedColorScheme('light')];
  const windId = turbine.series.wind_speed?.id;
  const powerId = turbine.series.active_power?.id;
  const liveIds = useMemo(
    () => (windId !== undefined && powerId !== undefined ? [windId, powerId] : []),
    [windId, powerId],
  );
  useRecentHistory(siteId, liveIds, LIVE_WINDOW_MS);

  const period = useMemo<PowerCurvePeriod>(
    () => ({
      scatter: { wind: samples?.wind ?? [], power: samples?.power ?? [] },
      bins: samples
        ? binPowerCurve(samples.wind, samples.power, { keep: (i) => samples.healthy[i] === true })
        : { wind: [], power: [], count: [] },
    }),
    [samples],
  );
  const { bins } = period;
  const periodMs = turbine.series.active_power?.periodMs ?? 1000;
  const live = useMemo<LiveSource>(
    () => ({
      read: () =>
        windId !== undefined && powerId !== undefined
          ? livePairs(siteId, windId, powerId, periodMs)
          : { wind: [], power: [], current: false },
      key: () => (powerId === undefined ? 0 : (liveStore.latest(powerId)?.ts ?? 0)),
    }),
    [siteId, windId, powerId, periodMs],
  );
  const title = t('wind:curve.title');
  const summary =
    bins.wind.length === 0
      ? t('wind:curve.empty')
      : t('wind:curve.summary', {
          bins: format.number(bins.wind.length),
          from: format.speed(bins.wind[0] ?? 0),
          to: format.speed(bins.wind[bins.wind.length - 1] ?? 0),
          max: format.power(Math.max(...bins.power)),
        });

  return (
    <PeriodCard
      titleId="wind-curve-title"
      title={title}
      hint={t('wind:curve.method')}
      samples={samples}
      loading={loading}
      failed={failed}
    >
      <Stack gap="xs">
        {bins.wind.length === 0 && (
          <Text c="dimmed" data-testid="curve-empty">
            {t('wind:curve.empty')}
          </Text>
        )}
        <PowerCurveChart
          siteId={siteId}
          period={period}
          live={live}
          ratedKw={turbine.device.ratedKw}
          formatPower={format.power}
          formatSpeed={(ms) => format.number(ms)}
          speedLabel={t('wind:curve.axisWind')}
          ariaLabel={`${title}. ${summary}`}
        />
        <Group gap="md" justify="center" aria-hidden="true">
          <Swatch
            color="color-mix(in srgb, var(--mantine-color-dimmed) 60%, transparent)"
            round
            label={t('wind:curve.legendPeriod')}
          />
          <Swatch color="var(--mantine-primary-color-filled)" label={t('wind:curve.legendCurve')} />
          <Swatch color={liveColor} round label={t('wind:curve.legendLive')} />
          <Swatch color={liveColor} ring label={t('wind:curve.legendNow')} />
        </Group>
        {bins.wind.length > 0 && (
          <Text size="sm" c="dimmed">
            {summary}
          </Text>
        )}
        <CurveNow siteId={siteId} turbine={turbine} bins={bins} format={format} />
      </Stack>
    </PeriodCard>
  );
}
