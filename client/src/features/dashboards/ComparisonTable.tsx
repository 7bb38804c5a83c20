// The compared items side by side: energy, specific yield and performance ratio over the period (the
// hub's figures), each with a bar against the column's largest, and insolation. An item more than the
// threshold below its group's median is flagged in words and colour, with by how much.
import { Badge, Card, Group, Table, Text } from '@mantine/core';
import type { SiteKind } from '@voltscope/shared/domain';
import type { PeriodKpis } from '@voltscope/shared/kpis';
import { useTranslation } from 'react-i18next';
import { usePalette } from '../../app/settings/usePalette.ts';
import { capacityParts } from '../../i18n/format.ts';
import { IconAlertTriangle } from '../../ui/icons.tsx';
import { ScrollingTable } from '../../ui/ScrollingTable.tsx';
import { CardHead } from './CardHead.tsx';
import classes from './dashboards.module.css';
import { useKpiFormat } from './kpiFormat.ts';
import { lineStyle } from './palette.ts';
import type { Judgement } from './underperformance.ts';
import { UNDERPERFORMANCE_THRESHOLD } from './underperformance.ts';

function Bar({ value, max, color }: { value: number | null; max: number; color: string }) {
  if (value === null || max <= 0) return null;
  const width = `${Math.max(0, Math.min(100, (value / max) * 100))}%`;
  return <div className={classes.bar} style={{ inlineSize: width, ['--bar-color' as string]: color }} aria-hidden />;
}

export function ComparisonTable({
  items,
  judgements,
  scheme,
  kindOf,
}: {
  items: readonly PeriodKpis[];
  judgements: ReadonlyMap<string, Judgement>;
  scheme: 'light' | 'dark';
  /** The kind of an item's site: its capacity is in kWp for solar, kW for wind. */
  kindOf: (siteId: string) => SiteKind;
}) {
  const palette = usePalette();
  const { t } = useTranslation(['dashboards', 'common']);
  const f = useKpiFormat();
  const maxOf = (pick: (i: PeriodKpis) => number | null) => items.reduce((m, i) => Math.max(m, pick(i) ?? 0), 0);
  const maxEnergy = maxOf((i) => i.energyKwh);
  const maxYield = maxOf((i) => i.specificYield);
  const maxRatio = maxOf((i) => i.performanceRatio);
  const order = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (b.item.specificYield ?? -1) - (a.item.specificYield ?? -1));
  const capacity = (item: PeriodKpis) => {
    const parts = capacityParts(f.lng, item.capacityKw, kindOf(item.siteId));
    return t(`common:units.${parts.unit}`, { value: parts.value });
  };
  const flaggedCount = items.filter((i) => judgements.get(i.id)?.flagged).length;

  return (
    <Card data-testid="comparison-table">
      <CardHead
        title={t('dashboards:compare.tableTitle')}
        hint={t('dashboards:compare.flagRule', { threshold: f.percent(UNDERPERFORMANCE_THRESHOLD) })}
        gap="xs"
      >
        {flaggedCount > 0 && (
          <Badge color="red" variant="light" radius="sm" leftSection={<IconAlertTriangle size={12} />}>
            {t('dashboards:compare.flaggedCount', { formatted: f.number(flaggedCount) })}
          </Badge>
        )}
      </CardHead>
      <ScrollingTable
        minWidth={760}
        verticalSpacing="xs"
        striped={false}
        highlightOnHover
        head={
          <>
            <Table.Th>{t('dashboards:compare.item')}</Table.Th>
            <Table.Th ta="end">{t('dashboards:compare.capacity')}</Table.Th>
            <Table.Th ta="end">{t('dashboards:compare.energy')}</Table.Th>
            <Table.Th ta="end">{t('dashboards:kpi.specificYield')}</Table.Th>
            <Table.Th ta="end">{t('dashboards:compare.insolation')}</Table.Th>
            <Table.Th ta="end">{t('dashboards:kpi.performanceRatio')}</Table.Th>
            <Table.Th>{t('dashboards:compare.assessment')}</Table.Th>
          </>
        }
      >
        {order.map(({ item, index }) => {
          const judgement = judgements.get(item.id);
          const { color } = lineStyle(index, scheme, palette);
          const below = (d: number | null | undefined) =>
            d !== null && d !== undefined && d < -UNDERPERFORMANCE_THRESHOLD;
          return (
            <Table.Tr
              key={item.id}
              className={judgement?.flagged ? classes.flagged : undefined}
              data-testid="comparison-row"
              data-item-id={item.id}
              data-flagged={judgement?.flagged ?? false}
            >
              <Table.Td>
                <Group gap={8} wrap="nowrap">
                  <span
                    aria-hidden
                    style={{ inlineSize: 12, blockSize: 12, borderRadius: 3, background: color, flex: 'none' }}
                  />
                  <Text size="sm" fw={500}>
                    <bdi>{item.name}</bdi>
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td ta="end" className="vs-tabular">
                {capacity(item)}
              </Table.Td>
              <Table.Td ta="end" className="vs-tabular" data-testid="cell-energy">
                {f.energy(item.energyKwh)}
                <Bar value={item.energyKwh} max={maxEnergy} color={color} />
              </Table.Td>
              <Table.Td ta="end" className="vs-tabular" data-testid="cell-yield">
                <span className={below(judgement?.yieldDeviation) ? classes.bad : undefined}>
                  {f.specificYield(item.specificYield)}
                </span>
                <Bar value={item.specificYield} max={maxYield} color={color} />
              </Table.Td>
              <Table.Td ta="end" className="vs-tabular">
                {f.insolation(item.insolationKwhM2)}
              </Table.Td>
              <Table.Td ta="end" className="vs-tabular" data-testid="cell-pr">
                <span className={below(judgement?.ratioDeviation) ? classes.bad : undefined}>
                  {f.percent(item.performanceRatio, 1)}
                </span>
                <Bar value={item.performanceRatio} max={maxRatio} color={color} />
              </Table.Td>
              <Table.Td data-testid="cell-assessment">
                <Assessment judgement={judgement} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ScrollingTable>
    </Card>
  );
}

function Assessment({ judgement }: { judgement: Judgement | undefined }) {
  const { t } = useTranslation(['dashboards', 'common']);
  const f = useKpiFormat();
  if (!judgement || (judgement.yieldDeviation === null && judgement.ratioDeviation === null)) {
    return (
      <Text size="sm" c="dimmed">
        {t('dashboards:compare.noGroup')}
      </Text>
    );
  }
  const parts = [
    judgement.yieldDeviation !== null &&
      t('dashboards:compare.yieldVsMedian', { value: f.deviation(judgement.yieldDeviation) }),
    judgement.ratioDeviation !== null &&
      t('dashboards:compare.ratioVsMedian', { value: f.deviation(judgement.ratioDeviation) }),
  ].filter(Boolean);
  return (
    <Group gap={6} wrap="nowrap">
      {judgement.flagged ? (
        <Badge color="red" variant="light" radius="sm" leftSection={<IconAlertTriangle size={12} />} data-testid="flag">
          {t('dashboards:compare.underperforming')}
        </Badge>
      ) : (
        <Badge color="teal" variant="light" radius="sm">
          {t('dashboards:compare.inLine')}
        </Badge>
      )}
      <Text size="xs" c="dimmed" className="vs-tabular">
        {parts.join(' · ')}
      </Text>
    </Group>
  );
}
