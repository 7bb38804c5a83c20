import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { Language } from '@voltscope/shared/i18n';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { capacityParts, formatNumber } from '../../i18n/format.ts';
import { IconBolt, IconMapPin, type IconProps, IconSolarPanel, IconWind } from '../../ui/icons.tsx';

interface Tile {
  key: string;
  label: string;
  value: string;
  color: string;
  Icon: ComponentType<IconProps>;
}

function sumKw(sites: readonly Site[], kind?: Site['kind']): number {
  return sites.reduce((total, site) => (kind === undefined || site.kind === kind ? total + site.capacityKw : total), 0);
}

/** Fleet totals above the site cards: how many sites and how much capacity, by kind. */
export function FleetStats({ sites, lng }: { sites: readonly Site[]; lng: Language }) {
  const { t } = useTranslation();
  const capacity = (kw: number, kind: Site['kind']) => {
    const parts = capacityParts(lng, kw, kind);
    return t(`units.${parts.unit}`, { value: parts.value });
  };
  const tiles: Tile[] = [
    {
      key: 'sites',
      label: t('dashboard.siteCount'),
      value: formatNumber(lng, sites.length),
      color: 'primary',
      Icon: IconMapPin,
    },
    {
      key: 'total',
      label: t('dashboard.totalCapacity'),
      value: capacity(sumKw(sites), 'hybrid'),
      color: 'grape',
      Icon: IconBolt,
    },
    {
      key: 'solar',
      label: t('dashboard.solarCapacity'),
      value: capacity(sumKw(sites, 'solar'), 'solar'),
      color: 'orange',
      Icon: IconSolarPanel,
    },
    {
      key: 'wind',
      label: t('dashboard.windCapacity'),
      value: capacity(sumKw(sites, 'wind'), 'wind'),
      color: 'cyan',
      Icon: IconWind,
    },
  ];

  return (
    <SimpleGrid type="container" cols={{ base: 1, '480px': 2, '1100px': 4 }} spacing="md" mb="xl">
      {tiles.map(({ key, label, value, color, Icon }) => (
        <Paper key={key} withBorder p="md" data-testid={`fleet-${key}`}>
          <Group wrap="nowrap" gap="md">
            <ThemeIcon size={48} radius="md" variant="light" color={color}>
              <Icon size={24} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {label}
              </Text>
              <Text fz={22} fw={700} className="vs-tabular">
                {value}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
