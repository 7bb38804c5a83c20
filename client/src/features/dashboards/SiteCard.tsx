import { Badge, Card, Divider, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { Language } from '@voltscope/shared/i18n';
import { useTranslation } from 'react-i18next';
import { capacityParts, formatRegion, formatSiteTime, formatUtcOffset } from '../../i18n/format.ts';
import { IconClock, IconGlobe, IconMapPin } from '../../ui/icons.tsx';
import { siteKindStyle } from '../../ui/siteKindStyle.ts';
import classes from './SiteCard.module.css';

export function SiteCard({ site, lng, now }: { site: Site; lng: Language; now: Date }) {
  const { t } = useTranslation();
  const { color, Icon } = siteKindStyle[site.kind];
  const capacity = capacityParts(lng, site.capacityKw, site.kind);

  return (
    <Card id={`site-${site.id}`} className={classes.card} data-testid="site-card" data-site-id={site.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon size={44} radius="md" variant="light" color={color}>
            <Icon size={24} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Title order={4} fw={600} lineClamp={1} dir="auto">
              {site.name}
            </Title>
            <Group gap={4} wrap="nowrap" c="dimmed">
              <IconMapPin size={14} />
              <Text size="sm" c="dimmed" truncate>
                {formatRegion(lng, site.country)}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Badge color={color} variant="light" radius="sm">
          {t(`sites.kind.${site.kind}`)}
        </Badge>
      </Group>

      <Stack gap={0} mt="lg">
        <Text size="xs" c="dimmed" fw={500} tt="uppercase" className={classes.label}>
          {t('sites.capacity')}
        </Text>
        <Text className={`${classes.capacity} vs-tabular`}>
          {t(`units.${capacity.unit}`, { value: capacity.value })}
        </Text>
      </Stack>

      <Divider my="md" />

      <SimpleGrid cols={2} spacing="md">
        <Stack gap={2}>
          <Group gap={4} c="dimmed" wrap="nowrap">
            <IconClock size={14} />
            <Text size="xs" c="dimmed">
              {t('sites.localTime')}
            </Text>
          </Group>
          <Group gap={6} align="baseline" wrap="nowrap">
            <Text fw={600} className="vs-tabular" data-testid="site-local-time">
              {formatSiteTime(lng, site.timeZone, now)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatUtcOffset(lng, site.timeZone, now)}
            </Text>
          </Group>
        </Stack>
        <Stack gap={2} miw={0}>
          <Group gap={4} c="dimmed" wrap="nowrap">
            <IconGlobe size={14} />
            <Text size="xs" c="dimmed">
              {t('sites.timeZone')}
            </Text>
          </Group>
          <Text fw={500} size="sm" truncate>
            <bdi>{site.timeZone.replaceAll('_', ' ')}</bdi>
          </Text>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
