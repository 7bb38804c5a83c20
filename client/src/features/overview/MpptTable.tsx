// An inverter's MPPT inputs, one row each: voltage, current and their product, live.
import { Card, Table, Text, Title } from '@mantine/core';
import type { Device } from '@voltscope/shared/fleet';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ScrollingTable } from '../../ui/ScrollingTable.tsx';
import { plantFormats } from './format.ts';
import { derived, LiveText, LiveValue } from './LiveParts.tsx';
import type { SiteIndex } from './siteData.ts';

/** One row per MPPT input the inverter reports: voltage, current and their product. */
export function MpptTable({ device, index }: { device: Device; index: SiteIndex }) {
  const { t } = useTranslation(['overview', 'common']);
  const lng = useLanguage();
  const f = plantFormats(lng);
  const inputs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter(
    (m) => index.series(device.id, `mppt_voltage:${m}`) || index.series(device.id, `mppt_current:${m}`),
  );
  return (
    <Card component="section" aria-labelledby="mppt-title">
      <Title order={3} fz="lg" fw={600} mb="sm" id="mppt-title">
        {t('overview:detail.mppt')}
      </Title>
      {inputs.length === 0 ? (
        <Text c="dimmed">{t('overview:detail.noMppt')}</Text>
      ) : (
        <ScrollingTable
          minWidth={300}
          striped
          highlightOnHover
          data-testid="mppt-table"
          head={
            <>
              <Table.Th>{t('overview:detail.input')}</Table.Th>
              <Table.Th ta="end">{t('overview:detail.voltage')}</Table.Th>
              <Table.Th ta="end">{t('overview:detail.current')}</Table.Th>
              <Table.Th ta="end">{t('overview:detail.power')}</Table.Th>
            </>
          }
        >
          {inputs.map((m) => {
            const v = index.series(device.id, `mppt_voltage:${m}`);
            const i = index.series(device.id, `mppt_current:${m}`);
            return (
              <Table.Tr key={m} data-testid="mppt-row">
                <Table.Th scope="row" fw={500}>
                  {t('overview:detail.mpptN', { n: formatNumber(lng, m) })}
                </Table.Th>
                <Table.Td ta="end">
                  <LiveValue series={v} format={f.volts} size="sm" />
                </Table.Td>
                <Table.Td ta="end">
                  <LiveValue series={i} format={f.amps} size="sm" />
                </Table.Td>
                <Table.Td ta="end">
                  <LiveText
                    size="sm"
                    series={[v, i]}
                    compute={derived(v, i, (volts, amps) => f.power((volts * amps) / 1000))}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ScrollingTable>
      )}
    </Card>
  );
}
