// The values now, above a chart of a period that ends now: power, irradiance and module temperature
// from the live store, re-read once a second (not on every frame). Once none of them is live (the age
// watchdog's verdict: three periods without a sample) they are hatched with since when, never shown as
// live (RELIABILITY decision 10). The power is the page's main figure.
import { Badge, Group, Text } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSiteTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useConnection } from '../../live/hooks.ts';
import { liveStore } from '../../live/liveStore.ts';
import { useSeriesListStaleSince } from '../../live/staleness.ts';
import { StaleMark } from '../../ui/StaleMark.tsx';
import { formatPower, formatWithUnit } from './formatCharts.ts';
import { COLUMN } from './irradianceSeries.ts';

function useSecondClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function LiveNow({
  site,
  ids,
  periodMs,
}: {
  site: Site;
  ids: readonly (number | undefined)[];
  /** The longest expected sampling period of the series shown. */
  periodMs: number;
}) {
  const { t } = useTranslation(['charts', 'common']);
  const lng = useLanguage();
  useSecondClock();
  const status = useConnection((s) => s.status);
  const sources = useMemo(
    () => ids.filter((id): id is number => id !== undefined).map((id) => ({ id, periodMs })),
    [ids, periodMs],
  );
  const since = useSeriesListStaleSince(site.id, sources, 'all');
  const read = (column: number) => {
    const id = ids[column];
    return id === undefined ? null : liveStore.latest(id);
  };
  const power = read(COLUMN.power);
  const poa = read(COLUMN.irradiance);
  const module = read(COLUMN.moduleTemp);
  const newest = Math.max(power?.ts ?? 0, poa?.ts ?? 0, module?.ts ?? 0);
  const stale = newest === 0 || since !== null || status !== 'live';
  const dim = stale ? { c: 'dimmed' } : {};
  const value = (sample: { value: number } | null, format: (v: number) => string) =>
    sample ? format(sample.value) : '—';

  return (
    <StaleMark since={since} timeZone={site.timeZone}>
      <Group gap="lg" wrap="wrap" data-testid="live-now" data-stale={stale} aria-live="off">
        <Badge color={stale ? 'gray' : 'green'} variant="light">
          {stale ? t('charts:irradiance.stale') : t('charts:irradiance.live')}
        </Badge>
        <Text size="sm" {...dim} data-testid="live-power">
          {t('charts:irradiance.power')}: <b data-main-figure="">{value(power, (v) => formatPower(lng, v))}</b>
        </Text>
        <Text size="sm" {...dim}>
          {t('charts:irradiance.poa')}: <b>{value(poa, (v) => formatWithUnit(lng, v, 'W/m²'))}</b>
        </Text>
        <Text size="sm" {...dim}>
          {t('charts:irradiance.moduleTemp')}: <b>{value(module, (v) => formatWithUnit(lng, v, '°C', 1))}</b>
        </Text>
        <Text size="xs" c="dimmed">
          {newest > 0
            ? t('charts:irradiance.lastSample', {
                time: formatSiteTime(lng, site.timeZone, new Date(newest), true),
              })
            : t('charts:irradiance.waiting')}
        </Text>
      </Group>
    </StaleMark>
  );
}
