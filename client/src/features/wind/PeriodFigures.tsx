// The turbine over the period: its energy (computed by the hub from the power rollups), and from it and
// the turbine's rating the capacity factor (energy / (rated power × hours)) and full-load hours.
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PeriodComparison } from '@voltscope/shared/kpis';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useKept } from '../../data/useKept.ts';
import { call } from '../../session/api.ts';
import type { TimeRange } from '../../ui/PeriodPicker.tsx';
import { type CoveredSeries, coverageOf, useSeriesGaps } from '../overview/coverage.ts';
import { PartialNote } from '../overview/PartialNote.tsx';
import type { WindFormat } from './useWindFormat.ts';

const HOUR_MS = 3_600_000;

/** Capacity factor and full-load hours from an energy, a rating and a span; null where one is missing. */
export function capacityFigures(
  energyKwh: number | null,
  ratedKw: number | null,
  range: TimeRange,
): { capacityFactor: number | null; fullLoadHours: number | null } {
  const hours = (range.to - range.from) / HOUR_MS;
  if (energyKwh === null || !ratedKw || hours <= 0) return { capacityFactor: null, fullLoadHours: null };
  return { capacityFactor: energyKwh / (ratedKw * hours), fullLoadHours: energyKwh / ratedKw };
}

function Figure({
  id,
  label,
  value,
  hint,
  note,
}: {
  id: string;
  label: string;
  value: string;
  hint: string;
  note?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" data-testid={id}>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fz={20} fw={700} className="vs-tabular" data-testid={`${id}-value`}>
          {value}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
        {note}
      </Stack>
    </Paper>
  );
}

export function PeriodFigures({
  deviceId,
  ratedKw,
  range,
  format,
  power,
}: {
  deviceId: string;
  ratedKw: number | null;
  range: TimeRange;
  format: WindFormat;
  /** The power series the energy is integrated from (with the turbine's name): partial after a silence. */
  power?: CoveredSeries | undefined;
}) {
  const { t } = useTranslation(['wind', 'common']);
  const figures = useKept<PeriodComparison>(
    call('GET /api/kpis/period', {
      query: {
        devices: deviceId,
        from: String(Math.floor(range.from)),
        to: String(Math.ceil(range.to)),
        maxPoints: 10,
      },
    }),
  );
  const energy = figures.data?.items[0]?.energyKwh ?? null;
  const covered = useMemo(() => (power ? [power] : []), [power]);
  const gaps = useSeriesGaps(covered, Math.floor(range.from), Math.ceil(range.to));
  const { capacityFactor, fullLoadHours } = capacityFigures(energy, ratedKw, range);
  const pending = figures.data === null;
  const dash = figures.error && pending ? t('wind:detail.figuresError') : pending ? '…' : '—';
  const hours = format.number((range.to - range.from) / HOUR_MS, 1);
  return (
    <SimpleGrid type="container" cols={{ base: 1, '520px': 3 }} spacing="sm" aria-busy={figures.loading}>
      <Figure
        id="period-energy"
        label={t('wind:detail.periodEnergy')}
        value={energy === null ? dash : format.energy(energy)}
        hint={t('wind:detail.periodHours', { hours })}
        note={
          energy === null || !gaps ? null : (
            <PartialNote coverage={coverageOf(gaps, covered)} testId="partial-period-energy" period />
          )
        }
      />
      <Figure
        id="capacity-factor"
        label={t('wind:detail.capacityFactor')}
        value={capacityFactor === null ? dash : format.percent(capacityFactor, 1)}
        hint={t('wind:detail.capacityFactorHint', { rated: ratedKw ? format.power(ratedKw) : '—' })}
      />
      <Figure
        id="full-load-hours"
        label={t('wind:detail.fullLoadHours')}
        value={fullLoadHours === null ? dash : t('wind:detail.hoursValue', { hours: format.number(fullLoadHours, 1) })}
        hint={t('wind:detail.fullLoadHoursHint')}
      />
    </SimpleGrid>
  );
}
