// Every turbine of the farm as a card, and how many are in each state. Values come from the live store
// through one snapshot a second for the whole grid (useLiveSnapshot), not a render per sample.
import { Badge, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { liveStore } from '../../live/liveStore.ts';
import type { TurbineStatus } from './liveValue.ts';
import { TurbineCard } from './TurbineCard.tsx';
import { statusColor } from './TurbineStatusBadge.tsx';
import { readTurbine } from './turbineReading.ts';
import { useLiveSnapshot } from './useLiveSnapshot.ts';
import type { WindFormat } from './useWindFormat.ts';
import type { Turbine } from './useWindSite.ts';

const summaryOrder: TurbineStatus[] = ['running', 'idle', 'stopped', 'fault', 'maintenance', 'offline', 'unknown'];

export function TurbineGrid({
  siteId,
  turbines,
  format,
}: {
  siteId: string;
  turbines: readonly Turbine[];
  format: WindFormat;
}) {
  const { t } = useTranslation(['wind', 'common']);
  const snapshot = useLiveSnapshot((now) => turbines.map((tb) => readTurbine(liveStore, siteId, tb, now)), turbines);
  const counts = new Map<TurbineStatus, number>();
  for (const r of snapshot) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const stale = snapshot.filter((r) => r.freshness === 'stale').length;

  return (
    <>
      <Group gap="xs" data-testid="turbine-states">
        <Text size="sm" fw={600}>
          {t('wind:turbines', { n: format.number(turbines.length) })}
        </Text>
        {summaryOrder
          .filter((s) => counts.get(s))
          .map((s) => (
            <Badge key={s} color={statusColor[s]} variant="light" radius="sm" data-state={s}>
              {t('wind:stateCount', { state: t(`wind:states.${s}`), n: format.number(counts.get(s) ?? 0) })}
            </Badge>
          ))}
        {stale > 0 && (
          <Badge color="yellow" variant="outline" radius="sm" data-state="stale">
            {t('wind:staleCount', { n: format.number(stale) })}
          </Badge>
        )}
      </Group>
      <SimpleGrid
        type="container"
        cols={{ base: 1, '330px': 2, '760px': 3, '1100px': 4, '1600px': 6 }}
        spacing="md"
        data-testid="turbine-grid"
      >
        {turbines.map((turbine, i) => {
          const reading = snapshot[i];
          return reading && reading.id === turbine.device.id ? (
            <TurbineCard key={turbine.device.id} turbine={turbine} reading={reading} format={format} />
          ) : null;
        })}
      </SimpleGrid>
    </>
  );
}
