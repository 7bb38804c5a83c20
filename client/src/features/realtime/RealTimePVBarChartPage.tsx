// Real-time PV: a bar per MPPT input of one block of inverters (those under one transformer) with its
// PV power now, voltage and current in the tooltip, the block's DC power over the last minutes, and that
// power now above them (the main figure).
import { Card, SegmentedControl, Skeleton, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { liveStore } from '../../live/liveStore.ts';
import { type Bar, LiveBarChart } from '../../plots/LiveBarChart.tsx';
import { shortName } from '../../ui/shortName.ts';
import { LivePage, LiveTotal, StaleChart, TrendCard } from './LivePageParts.tsx';
import { useLivePageSite } from './useLivePageSite.ts';

const MPPTS = [1, 2, 3, 4];

interface MpptBar extends Bar {
  voltage: number | undefined;
  current: number | undefined;
}

export function RealTimePVBarChartPage() {
  const { t } = useTranslation(['realtime', 'common']);
  const { lng, fleet, header } = useLivePageSite((s) => s.kind !== 'wind');
  const [block, setBlock] = useState<string | null>(null);

  const blocks = useMemo(
    () => (fleet.status === 'ready' ? fleet.data.devices.filter((d) => d.type === 'transformer') : []),
    [fleet],
  );
  const chosenBlock = blocks.find((b) => b.id === block) ?? blocks[0];
  const inverters = useMemo(
    () =>
      fleet.status === 'ready'
        ? fleet.data.devices.filter((d) => d.type === 'inverter' && d.parentId === chosenBlock?.id)
        : [],
    [fleet, chosenBlock],
  );
  const bars = useMemo<MpptBar[]>(() => {
    if (fleet.status !== 'ready') return [];
    return inverters.flatMap((inv) =>
      MPPTS.map((m) => {
        const voltage = fleet.data.seriesId(inv.id, `mppt_voltage:${m}`);
        const current = fleet.data.seriesId(inv.id, `mppt_current:${m}`);
        const read = () => {
          const v = voltage === undefined ? null : liveStore.latest(voltage);
          const i = current === undefined ? null : liveStore.latest(current);
          return v && i ? (v.value * i.value) / 1000 : null;
        };
        return { label: `${shortName(inv.name)}·${m}`, read, voltage, current };
      }),
    );
  }, [fleet, inverters]);
  const dcIds = useMemo(
    () =>
      fleet.status === 'ready'
        ? inverters.flatMap((inv) => {
            const id = fleet.data.seriesId(inv.id, 'dc_power');
            return id === undefined ? [] : [id];
          })
        : [],
    [fleet, inverters],
  );
  const series = fleet.status === 'ready' ? fleet.data : null;
  const mpptIds = useMemo(
    () => bars.flatMap((b) => [b.voltage, b.current]).filter((id): id is number => id !== undefined),
    [bars],
  );
  const kw = (v: number) =>
    Math.abs(v) >= 1000 ? `${formatNumber(lng, v / 1000, 2)} MW` : `${formatNumber(lng, v, 1)} kW`;
  const details = (index: number) => {
    const bar = bars[index];
    const v = bar?.voltage === undefined ? null : liveStore.latest(bar.voltage);
    const i = bar?.current === undefined ? null : liveStore.latest(bar.current);
    return [
      `${t('realtime:pv.voltage')}: ${v ? `${formatNumber(lng, v.value, 0)} V` : '—'}`,
      `${t('realtime:pv.current')}: ${i ? `${formatNumber(lng, i.value, 1)} A` : '—'}`,
    ];
  };

  return (
    <LivePage title={t('realtime:pv.title')} subtitle={t('realtime:pv.subtitle')} {...header}>
      {(site) => (
        <>
          {blocks.length > 1 && (
            <SegmentedControl
              value={chosenBlock?.id ?? ''}
              onChange={setBlock}
              data={blocks.map((b) => ({ value: b.id, label: t('realtime:pv.block', { name: shortName(b.name) }) }))}
              aria-label={t('realtime:pv.blocks')}
            />
          )}
          <LiveTotal site={site} seriesIds={dcIds} fleet={series} label={t('realtime:pv.total')} format={kw} />
          <StaleChart site={site} seriesIds={mpptIds} fleet={series}>
            <Card>
              <Text fw={600} mb="xs">
                {t('realtime:pv.bars')}
              </Text>
              {fleet.status === 'loading' ? (
                <Skeleton h={360} />
              ) : (
                <LiveBarChart
                  siteId={site.id}
                  bars={bars}
                  format={kw}
                  details={details}
                  ariaLabel={t('realtime:pv.bars')}
                />
              )}
            </Card>
          </StaleChart>
          <TrendCard site={site} seriesIds={dcIds} fleet={series} title={t('realtime:pv.line')} format={kw} />
        </>
      )}
    </LivePage>
  );
}
