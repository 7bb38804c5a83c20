// The wind rose of the period at the turbine (from its own wind direction and speed history), with the
// live direction as a needle.
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../i18n/namespaces.ts';
import { liveStore } from '../../live/liveStore.ts';
import { binWindRose, prevailingSector, WindRose } from '../../plots/WindRose.tsx';
import { compassPoints } from './liveValue.ts';
import { PeriodCard, type TurbinePeriodProps } from './PeriodCard.tsx';
import { readTurbine } from './turbineReading.ts';
import { useLiveSnapshot } from './useLiveSnapshot.ts';

const SECTORS = 16;

export function WindRoseCard({ siteId, turbine, samples, loading, failed, format }: TurbinePeriodProps) {
  const { t } = useTranslation(['wind', 'common']);
  const rose = useMemo(() => binWindRose(samples?.direction ?? [], samples?.wind ?? [], SECTORS), [samples]);
  const reading = useLiveSnapshot((now) => readTurbine(liveStore, siteId, turbine, now), turbine);
  const needle = reading.freshness === 'live' ? (reading.values.wind_direction ?? null) : null;
  const prevailing = prevailingSector(rose);
  const edges = rose.edges;
  const binLabel = (bin: number) => {
    const from = format.number(edges[bin] ?? 0);
    const next = edges[bin + 1];
    return next === undefined
      ? t('wind:rose.binOpen', { from })
      : t('wind:rose.bin', { from, to: format.number(next) });
  };
  const summary = prevailing
    ? t('wind:rose.summary', {
        point: t(dynamicKey('wind', `wind:compass.${compassPoints[(prevailing.sector * 16) / SECTORS]}`)),
        share: format.percent(prevailing.share),
        n: format.number(rose.total),
      })
    : t('wind:rose.empty');
  const now = needle === null ? '' : ` ${t('wind:rose.now', { direction: format.direction(needle) })}`;

  return (
    <PeriodCard
      titleId="wind-rose-title"
      title={t('wind:rose.title')}
      hint={t('wind:rose.hint')}
      samples={samples}
      loading={loading}
      failed={failed}
    >
      <WindRose
        data={rose}
        cardinals={[t('wind:cardinals.N'), t('wind:cardinals.E'), t('wind:cardinals.S'), t('wind:cardinals.W')]}
        binLabel={binLabel}
        formatPercent={(share) => format.percent(share)}
        needle={needle}
        summary={`${summary}${now}`}
      />
      <Text size="sm" c={prevailing ? 'inherit' : 'dimmed'} mt="xs" data-testid="wind-rose-summary">
        {summary}
        {now}
      </Text>
    </PeriodCard>
  );
}
