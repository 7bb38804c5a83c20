// A device's history: one of its series, chosen (a power series first where it has one), over a period
// in its site's time zone, its alarms marked on the chart; then its open alarms and its recent events
// (the overview's DeviceAlarms, as the inverter and turbine pages show them). The series and the period
// are kept in the address (`?series=`, `?period=`).
import { Card, Group, Select, Stack, Title } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlParam } from '../../data/useUrlParam.ts';
import { formatNumber } from '../../i18n/format.ts';
import { seriesName } from '../../i18n/seriesName.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { HistoryChart } from '../../plots/HistoryChart.tsx';
import type { HistorySeriesSpec } from '../../plots/historyView.ts';
import type { Reply } from '../../session/api.ts';
import { formatPeriodParam, PeriodPicker, parsePeriodParam, usePeriodRange } from '../../ui/PeriodPicker.tsx';
import { DeviceAlarms, useDeviceAlarms } from '../overview/DeviceAlarms.tsx';

type Detail = Reply<'GET /api/devices/:id'>;

const PREFERRED = ['ac_power', 'active_power', 'power', 'irradiance', 'wind_speed'];

export function DeviceHistory({ detail, site, name }: { detail: Detail; site: Site; name: string }) {
  const { t } = useTranslation(['device']);
  const lng = useLanguage();
  const [seriesParam, setSeries] = useUrlParam('series');
  const [periodParam, setPeriod] = useUrlParam('period');
  const period = parsePeriodParam(periodParam);
  const range = usePeriodRange(period, site.timeZone);
  const alarms = useDeviceAlarms(detail, range);
  const fallback =
    PREFERRED.map((key) => detail.series.find((s) => s.key === key)).find(Boolean) ?? detail.series[0] ?? null;
  const chosen = detail.series.find((s) => s.key === seriesParam) ?? fallback;

  const specs = useMemo((): HistorySeriesSpec[] => {
    if (!chosen) return [];
    const digits = chosen.max - chosen.min > 100 ? 0 : 2;
    return [
      {
        id: chosen.id,
        label: seriesName(lng, chosen.key),
        unit: chosen.unit,
        format: (v) => `${formatNumber(lng, v, digits)}${chosen.unit ? ` ${chosen.unit}` : ''}`,
        zero: chosen.min >= 0,
      },
    ];
  }, [chosen, lng]);

  return (
    <>
      <Card component="section" aria-labelledby="device-history-title">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Title order={3} fz="lg" fw={600} id="device-history-title">
              {t('device:history.title')}
            </Title>
            <Group gap="sm" align="flex-end">
              <Select
                label={t('device:history.series')}
                data={detail.series.map((s) => ({
                  value: s.key,
                  label: s.unit ? `${seriesName(lng, s.key)} (${s.unit})` : seriesName(lng, s.key),
                }))}
                value={chosen?.key ?? null}
                onChange={(key) => setSeries(key)}
                allowDeselect={false}
                searchable
                w={240}
                data-testid="history-series"
              />
              <PeriodPicker value={period} onChange={(p) => setPeriod(formatPeriodParam(p))} timeZone={site.timeZone} />
            </Group>
          </Group>
          {chosen ? (
            <HistoryChart
              series={specs}
              range={range}
              timeZone={site.timeZone}
              title={`${name} · ${seriesName(lng, chosen.key)}`}
              height={300}
              markers={alarms.markers}
              liveSiteId={site.id}
            />
          ) : (
            <span>{t('device:history.none')}</span>
          )}
        </Stack>
      </Card>
      <DeviceAlarms device={detail} timeZone={site.timeZone} data={alarms} />
    </>
  );
}
