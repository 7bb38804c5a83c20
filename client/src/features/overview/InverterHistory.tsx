// An inverter's history: a chosen group of its series (power, MPPT voltages or currents, temperature,
// grid side) over a period in the site's time zone, mean line and min/max band, zoomable, with the
// inverter's alarms marked on it and listed below with its events (DeviceAlarms.tsx). The period and
// the group are kept in the URL (`?period=`, `?chart=`).
import { Card, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Site } from '@voltscope/shared/domain';
import type { Device } from '@voltscope/shared/fleet';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { HistoryChart } from '../../plots/HistoryChart.tsx';
import type { HistorySeriesSpec } from '../../plots/historyView.ts';
import {
  formatPeriodParam,
  type Period,
  PeriodPicker,
  parsePeriodParam,
  usePeriodRange,
} from '../../ui/PeriodPicker.tsx';
import { DeviceAlarms, useDeviceAlarms } from './DeviceAlarms.tsx';
import { plantFormats } from './format.ts';
import type { SiteIndex } from './siteData.ts';

export const chartGroups = ['power', 'mpptVoltage', 'mpptCurrent', 'temperature', 'grid'] as const;
export type ChartGroup = (typeof chartGroups)[number];

const MPPTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

export function InverterHistory({ site, device, index }: { site: Site; device: Device; index: SiteIndex }) {
  const { t } = useTranslation(['overview', 'common']);
  const lng = useLanguage();
  const [params, setParams] = useSearchParams();
  // Five choices do not fit side by side on a phone: they stack there.
  const narrow = useMediaQuery('(max-width: 40em)') ?? false;
  const period = parsePeriodParam(params.get('period'));
  const group: ChartGroup = chartGroups.find((g) => g === params.get('chart')) ?? 'power';
  const range = usePeriodRange(period, site.timeZone);
  const alarms = useDeviceAlarms(device, range);
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        p.set(key, value);
        return p;
      },
      { replace: true },
    );

  const specs = useMemo((): HistorySeriesSpec[] => {
    const f = plantFormats(lng);
    const spec = (
      deviceId: string,
      key: string,
      label: string,
      format: (v: number) => string,
      zero = true,
    ): HistorySeriesSpec[] => {
      const s = index.series(deviceId, key);
      return s ? [{ id: s.id, label, unit: s.unit, format, zero }] : [];
    };
    const id = device.id;
    const met = index.first('weather_station');
    const busbar = index.first('busbar') ?? index.first('meter');
    const mppt = (m: number) => t('overview:detail.mpptN', { n: formatNumber(lng, m) });
    switch (group) {
      case 'power':
        return [
          ...spec(id, 'ac_power', t('overview:detail.acPower'), f.power),
          ...spec(id, 'dc_power', t('overview:detail.dcPower'), f.power),
        ];
      case 'mpptVoltage':
        return MPPTS.flatMap((m) => spec(id, `mppt_voltage:${m}`, mppt(m), f.volts, false));
      case 'mpptCurrent':
        return MPPTS.flatMap((m) => spec(id, `mppt_current:${m}`, mppt(m), f.amps));
      case 'temperature':
        return [
          ...spec(id, 'temperature', t('overview:detail.temperature'), f.temperature, false),
          ...(met ? spec(met.id, 'ambient_temperature', t('overview:detail.ambient'), f.temperature, false) : []),
        ];
      case 'grid':
        return [
          ...spec(id, 'ac_voltage', t('overview:detail.acVoltage'), f.volts, false),
          ...(busbar ? spec(busbar.id, 'grid_frequency', t('overview:detail.frequency'), f.hertz, false) : []),
        ];
    }
  }, [group, index, device.id, lng, t]);

  const title = t('overview:detail.historyOf', { what: t(`overview:detail.chart.${group}`), name: device.name });
  return (
    <>
      <Card component="section" aria-labelledby="history-title">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Title order={3} fz="lg" fw={600} id="history-title">
              {t('overview:detail.history')}
            </Title>
            <PeriodPicker
              value={period}
              onChange={(p: Period) => set('period', formatPeriodParam(p))}
              timeZone={site.timeZone}
            />
          </Group>
          <SegmentedControl
            value={group}
            onChange={(g) => set('chart', g)}
            aria-label={t('overview:detail.chartLabel')}
            data={chartGroups.map((g) => ({ value: g, label: t(`overview:detail.chart.${g}`) }))}
            orientation={narrow ? 'vertical' : 'horizontal'}
            fullWidth={narrow}
            style={{ alignSelf: narrow ? 'stretch' : 'flex-start' }}
            data-testid="chart-group"
          />
          <HistoryChart
            series={specs}
            range={range}
            timeZone={site.timeZone}
            title={title}
            height={340}
            markers={alarms.markers}
            liveSiteId={site.id}
          />
        </Stack>
      </Card>
      <DeviceAlarms device={device} timeZone={site.timeZone} data={alarms} />
    </>
  );
}
