// The farm's figures as the hub computes them (GET /api/sites/:id/kpis, read again every few seconds):
// power now and its share of capacity, energy since local midnight, availability, wind at the met mast.
// While the farm sends no frame (the age watchdog's site silence) the hub's figures are hatched as stale.
import { Alert, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { SiteKpis } from '@voltscope/shared/kpis';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Polled } from '../../data/usePolled.ts';
import { capacityParts, formatSiteTime } from '../../i18n/format.ts';
import { useSiteSilence } from '../../live/staleness.ts';
import { IconBolt, IconCircleCheck, type IconProps, IconWind } from '../../ui/icons.tsx';
import { StaleMark } from '../../ui/StaleMark.tsx';
import type { WindFormat } from './useWindFormat.ts';

interface Tile {
  key: string;
  label: string;
  value: string;
  hint: ReactNode;
  color: string;
  Icon: ComponentType<IconProps>;
  share?: number | null;
}

export function FarmKpis({ site, kpis, format }: { site: Site; kpis: Polled<SiteKpis>; format: WindFormat }) {
  const { t } = useTranslation(['wind', 'common']);
  const silence = useSiteSilence(site.id);
  const k = kpis.data;
  if (!k) {
    if (kpis.error)
      return (
        <Alert color="red" variant="light" role="alert">
          {t('wind:kpis.loadError')}
        </Alert>
      );
    return (
      <SimpleGrid type="container" cols={{ base: 1, '480px': 2, '1000px': 4 }} spacing="md" aria-busy="true">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} h={92} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const capacity = capacityParts(format.lng, site.capacityKw, site.kind);
  const generators = k.generators.filter((g) => g.type === 'wind_turbine');
  const dash = '—';
  const tiles: Tile[] = [
    {
      key: 'power',
      label: t('wind:kpis.power'),
      value: k.powerKw === null ? dash : format.power(k.powerKw),
      hint:
        k.shareOfCapacity === null
          ? null
          : t('wind:kpis.powerShare', {
              share: format.percent(k.shareOfCapacity),
              capacity: t(`common:units.${capacity.unit}`, { value: capacity.value }),
            }),
      share: k.shareOfCapacity,
      color: 'cyan',
      Icon: IconBolt,
    },
    {
      key: 'energy',
      label: t('wind:kpis.energyToday'),
      value: k.energyTodayKwh === null ? dash : format.energy(k.energyTodayKwh),
      hint: t('wind:kpis.energyTodayHint'),
      color: 'teal',
      Icon: IconBolt,
    },
    {
      key: 'availability',
      label: t('wind:kpis.availability'),
      value: k.availability === null ? dash : format.percent(k.availability, 1),
      hint: t('wind:kpis.availabilityHint', {
        available: format.number(generators.filter((g) => g.state === 'online').length),
        total: format.number(generators.length),
      }),
      share: k.availability,
      color: 'green',
      Icon: IconCircleCheck,
    },
    {
      key: 'wind',
      label: t('wind:kpis.windSpeed'),
      value: k.windSpeed === null ? dash : format.speed(k.windSpeed),
      hint: t('wind:kpis.windSpeedHint'),
      color: 'blue',
      Icon: IconWind,
    },
  ];
  return (
    <Stack gap="xs">
      {kpis.error !== null && kpis.receivedAt !== null && (
        <Alert color="yellow" variant="light" role="status">
          {t('wind:kpis.stale', { time: formatSiteTime(format.lng, site.timeZone, new Date(kpis.receivedAt), true) })}
        </Alert>
      )}
      <SimpleGrid type="container" cols={{ base: 1, '480px': 2, '1000px': 4 }} spacing="md">
        {tiles.map(({ key, label, value, hint, color, Icon, share }) => (
          <StaleMark key={key} since={silence ? (silence.since ?? k.at) : null} timeZone={site.timeZone}>
            <Paper withBorder p="md" data-testid={`kpi-${key}`} opacity={kpis.error ? 0.6 : 1}>
              <Group wrap="nowrap" gap="md" align="flex-start">
                <ThemeIcon size={44} radius="md" variant="light" color={color}>
                  <Icon size={22} />
                </ThemeIcon>
                <Stack gap={2} miw={0} flex={1}>
                  <Text size="sm" c="dimmed">
                    {label}
                  </Text>
                  <Text
                    fz={22}
                    fw={700}
                    className="vs-tabular"
                    data-testid={`kpi-${key}-value`}
                    data-main-figure={key === 'power' ? '' : undefined}
                  >
                    {value}
                  </Text>
                  {share !== undefined && share !== null && (
                    <Progress
                      value={Math.min(100, Math.max(0, share * 100))}
                      size="sm"
                      color={color}
                      aria-hidden="true"
                    />
                  )}
                  {hint && (
                    <Text size="xs" c="dimmed">
                      {hint}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Paper>
          </StaleMark>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
