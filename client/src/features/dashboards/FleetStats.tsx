// The fleet at a glance, above the chart and the sites: power now and its share of the installed
// capacity (solar and wind apart), energy today, how many generators can produce, and the sites' states.
import { Group, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { FleetKpis, SiteKpis } from '@voltscope/shared/kpis';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatList } from '../../i18n/format.ts';
import { IconBolt, IconCircleCheck, IconGauge, IconMapPin, type IconProps } from '../../ui/icons.tsx';
import { isSiteStale } from './freshness.ts';
import { useKpiFormat } from './kpiFormat.ts';
import { StaleBadge } from './StateBadge.tsx';

const siteStates: readonly SiteKpis['state'][] = ['online', 'degraded', 'fault', 'offline'];

function Tile({
  testId,
  label,
  value,
  color,
  Icon,
  stale,
  children,
}: {
  testId: string;
  label: string;
  value: string;
  color: string;
  Icon: ComponentType<IconProps>;
  stale: string | null | false;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId} data-stale={stale !== false}>
      <Group wrap="nowrap" gap="md" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          <Icon size={22} />
        </ThemeIcon>
        <Stack gap={2} miw={0} flex={1}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            {stale !== false && <StaleBadge since={stale} />}
          </Group>
          <Text
            fz={26}
            fw={700}
            className="vs-tabular"
            lh={1.2}
            data-testid={`${testId}-value`}
            c={stale !== false ? 'dimmed' : 'var(--mantine-color-text)'}
          >
            {value}
          </Text>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}

/** `stale`: false while the figures are current, else when they last were (formatted), or null if never. */
export function FleetStats({ fleet, stale: responseStale }: { fleet: FleetKpis; stale: string | null | false }) {
  const { t } = useTranslation(['dashboards', 'common']);
  const f = useKpiFormat();
  // With no site reporting, the totals are zeros by absence, not figures: stale too.
  const silent = fleet.sites.filter(isSiteStale);
  const stale = responseStale !== false ? responseStale : silent.length === fleet.sites.length ? null : false;
  const partly = stale === false && silent.length > 0;
  const share = fleet.capacityKw > 0 ? fleet.powerKw / fleet.capacityKw : null;
  const byKind = (kind: SiteKpis['kind']) =>
    fleet.sites.filter((s) => s.kind === kind).reduce((n, s) => n + (s.powerKw ?? 0), 0);
  const kinds = (['solar', 'wind'] as const).filter((k) => fleet.sites.some((s) => s.kind === k));
  const generators = fleet.sites.flatMap((s) => s.generators);
  const available = generators.filter((g) => g.state === 'online').length;
  const counts = siteStates
    .map((state) => ({ state, n: fleet.sites.filter((s) => s.state === state).length }))
    .filter((c) => c.n > 0);

  return (
    <SimpleGrid type="container" cols={{ base: 1, '520px': 2, '1100px': 4 }} spacing="md" mb="lg">
      <Tile
        testId="fleet-power"
        label={t('dashboards:fleet.power')}
        value={f.power(fleet.powerKw)}
        color="orange"
        Icon={IconBolt}
        stale={stale}
      >
        <Text size="xs" c="dimmed">
          {t('dashboards:fleet.share', { share: f.percent(share, 1), capacity: f.power(fleet.capacityKw) })}
        </Text>
        <Progress
          value={Math.max(0, Math.min(100, (share ?? 0) * 100))}
          size="sm"
          mt={4}
          color="orange"
          aria-label={t('dashboards:fleet.shareLabel')}
        />
        {partly && (
          <Text size="xs" c="dimmed" mt={4} data-testid="fleet-silent">
            {t('dashboards:fleet.silent', {
              sites: formatList(
                f.lng,
                silent.map((s) => s.name),
              ),
            })}
          </Text>
        )}
        {kinds.length > 1 && (
          <Text size="xs" c="dimmed" mt={4}>
            {formatList(
              f.lng,
              kinds.map((k) => t(`dashboards:fleet.byKind.${k}`, { value: f.power(byKind(k)) })),
            )}
          </Text>
        )}
      </Tile>
      <Tile
        testId="fleet-energy"
        label={t('dashboards:fleet.energy')}
        value={f.energy(fleet.energyTodayKwh)}
        color="grape"
        Icon={IconGauge}
        stale={stale}
      >
        <Text size="xs" c="dimmed">
          {t('dashboards:fleet.energyHint')}
        </Text>
      </Tile>
      <Tile
        testId="fleet-availability"
        label={t('dashboards:fleet.availability')}
        value={f.percent(generators.length > 0 ? available / generators.length : null, 1)}
        color="teal"
        Icon={IconCircleCheck}
        stale={stale}
      >
        <Text size="xs" c="dimmed">
          {t('dashboards:fleet.generators', { available: f.number(available), total: f.number(generators.length) })}
        </Text>
      </Tile>
      <Tile
        testId="fleet-sites"
        label={t('dashboards:fleet.sites')}
        value={f.number(fleet.sites.length)}
        color="blue"
        Icon={IconMapPin}
        stale={false}
      >
        <Text size="xs" c="dimmed" data-testid="fleet-site-states">
          {formatList(
            f.lng,
            counts.map((c) => t(`dashboards:fleet.siteState.${c.state}`, { formatted: f.number(c.n) })),
          )}
        </Text>
      </Tile>
    </SimpleGrid>
  );
}
