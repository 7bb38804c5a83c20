// The fleet at a glance, above the chart and the sites: power now and its share of the installed
// capacity (solar and wind apart), energy today, how many generators can produce, and the sites' states.
// Stale figures are hatched with since when (StaleMark); the fleet's power now is the page's main figure.
import { Group, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { FleetKpis, SiteKpis } from '@voltscope/shared/kpis';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatList } from '../../i18n/format.ts';
import { IconBolt, IconCircleCheck, IconGauge, IconMapPin, type IconProps } from '../../ui/icons.tsx';
import { StaleMark, type StaleSinceTime } from '../../ui/StaleMark.tsx';
import { isSiteStale, lastReport } from './freshness.ts';
import { useKpiFormat } from './kpiFormat.ts';

const siteStates: readonly SiteKpis['state'][] = ['online', 'degraded', 'fault', 'offline'];

/** Each tile's colour and icon; its test id is `fleet-<name>` and its label `dashboards:fleet.<name>`. */
const tileLooks = {
  power: { color: 'orange', Icon: IconBolt },
  energy: { color: 'grape', Icon: IconGauge },
  availability: { color: 'teal', Icon: IconCircleCheck },
  sites: { color: 'blue', Icon: IconMapPin },
} as const satisfies Record<string, { color: string; Icon: ComponentType<IconProps> }>;

function Tile({
  name,
  value,
  stale,
  children,
}: {
  name: keyof typeof tileLooks;
  value: string;
  stale: StaleSinceTime | false;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['dashboards', 'common']);
  const { color, Icon } = tileLooks[name];
  const testId = `fleet-${name}`;
  return (
    <StaleMark since={stale === false ? null : stale}>
      <Paper withBorder p="md" data-testid={testId} data-stale={stale !== false}>
        <Group wrap="nowrap" gap="md" align="flex-start">
          <ThemeIcon size={44} radius="md" variant="light" color={color}>
            <Icon size={22} />
          </ThemeIcon>
          <Stack gap={2} miw={0} flex={1}>
            <Text size="sm" c="dimmed">
              {t(`dashboards:fleet.${name}`)}
            </Text>
            <Text
              fz={26}
              fw={700}
              className="vs-tabular"
              lh={1.2}
              data-testid={`${testId}-value`}
              data-main-figure={name === 'power' ? '' : undefined}
              c={stale !== false ? 'dimmed' : 'var(--mantine-color-text)'}
            >
              {value}
            </Text>
            {children}
          </Stack>
        </Group>
      </Paper>
    </StaleMark>
  );
}

/** The newest report of any generator of the fleet, or `never`. */
function newestReport(sites: readonly SiteKpis[]): StaleSinceTime {
  let newest: number | null = null;
  for (const site of sites) {
    const report = lastReport(site);
    if (report !== null && (newest === null || report > newest)) newest = report;
  }
  return newest ?? 'never';
}

/** `stale`: false while the figures are current, else when they last were. */
export function FleetStats({ fleet, stale: responseStale }: { fleet: FleetKpis; stale: StaleSinceTime | false }) {
  const { t } = useTranslation(['dashboards', 'common']);
  const f = useKpiFormat();
  // With no site reporting, the totals are zeros by absence, not figures: stale too.
  const silent = fleet.sites.filter(isSiteStale);
  const stale =
    responseStale !== false ? responseStale : silent.length === fleet.sites.length ? newestReport(fleet.sites) : false;
  const partly = stale === false && silent.length > 0;
  const share = fleet.capacityKw > 0 ? fleet.powerKw / fleet.capacityKw : null;
  const byKind = (kind: SiteKpis['kind']) =>
    fleet.sites.filter((s) => s.kind === kind).reduce((n, s) => n + (s.powerKw ?? 0), 0);
  const kinds = (['solar', 'wind'] as const).filter((k) => fleet.sites.some((s) => s.kind === k));
  const generators = fleet.sites.flatMap((s) => s.generators);
  const available = generators.filter((g) => g.state === 'online').length;
  const availability = generators.length > 0 ? available / generators.length : null;
  const counts = siteStates
    .map((state) => ({ state, n: fleet.sites.filter((s) => s.state === state).length }))
    .filter((c) => c.n > 0);

  return (
    <SimpleGrid type="container" cols={{ base: 1, '520px': 2, '1100px': 4 }} spacing="md" mb="lg">
      <Tile name="power" value={f.power(fleet.powerKw)} stale={stale}>
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
      <Tile name="energy" value={f.energy(fleet.energyTodayKwh)} stale={stale}>
        <Text size="xs" c="dimmed">
          {t('dashboards:fleet.energyHint')}
        </Text>
      </Tile>
      <Tile name="availability" value={f.percent(availability, 1)} stale={stale}>
        <Text size="xs" c="dimmed">
          {t('dashboards:fleet.generators', { available: f.number(available), total: f.number(generators.length) })}
        </Text>
      </Tile>
      <Tile name="sites" value={f.number(fleet.sites.length)} stale={false}>
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
