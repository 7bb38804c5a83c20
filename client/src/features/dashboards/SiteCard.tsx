// A site as a card: its state in words (and, while alarms are active, its worst active alarm above it,
// the state then grey: never a green "online" beside a critical alarm), its power now against its capacity, today's energy, yield and
// performance ratio (or wind for the wind farm), irradiance and module temperature, availability (not
// claimed while a critical alarm is active), its generators by state, its active alarms per priority
// (each opening the console on the site), and its local time. The whole card opens the site's overview.
import { Anchor, Card, Group, Progress, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { turbineStates } from '@voltscope/shared/fleet';
import type { SiteKpis } from '@voltscope/shared/kpis';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';
import { SiteAlarmTally } from '../../alarmFeed/SiteAlarmTally.tsx';
import type { SiteAlarmSummary } from '../../alarmFeed/siteAlarms.ts';
import { siteOverviewPath } from '../../data/sitePath.ts';
import { capacityParts, formatList, formatRegion, formatSiteTime, formatUtcOffset } from '../../i18n/format.ts';
import { useSiteSilence } from '../../live/staleness.ts';
import { IconClock, IconMapPin } from '../../ui/icons.tsx';
import { StaleMark, type StaleSinceTime } from '../../ui/StaleMark.tsx';
import { siteKindStyle } from '../../ui/siteKindStyle.ts';
import { isSiteStale, lastReport } from './freshness.ts';
import { useKpiFormat } from './kpiFormat.ts';
import classes from './SiteCard.module.css';
import { StateBadge } from './StateBadge.tsx';

/** The `state` series' "running" (the same code for inverters and turbines: see shared/fleet.ts). */
const RUNNING = turbineStates.running;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" truncate>
        {label}
      </Text>
      <Text fw={600} className="vs-tabular" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * `responseStale`: false while the page's figures are current, else when they last were. The card is
 * hatched as stale then, or while the site sends no frame (the age watchdog), or none of its generators
 * reports (the hub's verdict).
 */
export function SiteCard({
  kpis,
  site,
  now,
  responseStale,
  alarms,
  alarmsKnown,
}: {
  kpis: SiteKpis;
  site: Site | undefined;
  now: Date;
  responseStale: StaleSinceTime | false;
  alarms: SiteAlarmSummary;
  alarmsKnown: boolean;
}) {
  const { t } = useTranslation(['dashboards', 'common']);
  const f = useKpiFormat();
  const { color, Icon } = siteKindStyle[kpis.kind];
  const capacity = capacityParts(f.lng, kpis.capacityKw, kpis.kind);
  const report = lastReport(kpis);
  const silence = useSiteSilence(kpis.siteId);
  const stale: StaleSinceTime | false =
    responseStale !== false
      ? responseStale
      : silence
        ? (silence.since ?? report ?? 'never')
        : isSiteStale(kpis)
          ? (report ?? 'never')
          : false;
  const share = kpis.shareOfCapacity;
  const solar = kpis.kind === 'solar';
  const total = kpis.generators.length;
  const running = kpis.generators.filter((g) => g.operatingState === RUNNING && g.state === 'online').length;
  const states = (['online', 'fault', 'offline', 'maintenance'] as const)
    .filter((s) => kpis.generators.some((g) => g.state === s))
    .map((s) =>
      t(`dashboards:site.generatorState.${s}`, {
        formatted: f.number(kpis.generators.filter((g) => g.state === s).length),
      }),
    );

  const worst = alarmsKnown ? alarms.worst : null;
  const underCritical = worst === 'critical';
  // The kind's own figures between today's energy and the availability, in this order.
  const figures: [label: string, value: string, testId: string][] = [
    [t('dashboards:kpi.energyToday'), f.energy(kpis.energyTodayKwh), 'site-energy'],
    ...((solar
      ? [
          [t('dashboards:kpi.specificYield'), f.specificYield(kpis.specificYieldToday), 'site-yield'],
          [t('dashboards:kpi.performanceRatio'), f.percent(kpis.performanceRatioToday, 1), 'site-pr'],
          [t('dashboards:kpi.irradiance'), f.irradiance(kpis.irradiance), 'site-irradiance'],
          [t('dashboards:kpi.moduleTemperature'), f.temperature(kpis.moduleTemperature), 'site-module-temperature'],
        ]
      : [
          [t('dashboards:kpi.windSpeed'), f.windSpeed(kpis.windSpeed), 'site-wind'],
          [t('dashboards:kpi.ambientTemperature'), f.temperature(kpis.ambientTemperature), 'site-ambient'],
          [t('dashboards:kpi.fullLoadHours'), f.hours(kpis.specificYieldToday), 'site-yield'],
          [
            t('dashboards:kpi.running'),
            t('dashboards:site.ofTotal', { value: f.number(running), total: f.number(total) }),
            'site-running',
          ],
        ]) as [string, string, string][]),
    [
      t('dashboards:kpi.availability'),
      underCritical ? t('dashboards:siteAlarm.underAlarm') : f.percent(kpis.availability, 1),
      'site-availability',
    ],
  ];

  return (
    <StaleMark since={stale === false ? null : stale} timeZone={kpis.timeZone}>
      <Card
        id={`site-${kpis.siteId}`}
        className={classes.card}
        data-testid="site-card"
        data-site-id={kpis.siteId}
        data-state={kpis.state}
        data-stale={stale !== false}
        data-worst={worst ?? 'none'}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon size={40} radius="md" variant="light" color={color}>
              <Icon size={22} />
            </ThemeIcon>
            <Stack gap={2} miw={0}>
              <Anchor
                component={Link}
                to={siteOverviewPath(kpis)}
                className={classes.link}
                fw={600}
                fz="lg"
                c="var(--mantine-color-text)"
                lineClamp={1}
                data-testid="site-link"
              >
                <bdi>{kpis.name}</bdi>
              </Anchor>
              <Group gap={4} wrap="nowrap" c="dimmed">
                <IconMapPin size={14} />
                <Text size="xs" c="dimmed" truncate>
                  {site ? `${formatRegion(f.lng, site.country)} · ` : ''}
                  {t(`common:sites.kind.${kpis.kind}`)}
                </Text>
              </Group>
            </Stack>
          </Group>
          <Stack gap={4} align="flex-end">
            {worst && (
              <span className={classes.worst} data-testid="site-worst-alarm" data-priority={worst}>
                <PriorityIcon priority={worst} size={16} />
                {t(`common:priority.${worst}`)}
              </span>
            )}
            <StateBadge state={kpis.state} quiet={worst !== null} />
          </Stack>
        </Group>

        <Group justify="space-between" align="flex-end" mt="md" gap="xs" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Text size="xs" c="dimmed">
              {t('dashboards:site.powerNow')}
            </Text>
            <Text
              className={`${classes.power} vs-tabular`}
              c={stale !== false ? 'dimmed' : 'var(--mantine-color-text)'}
              data-testid="site-power"
            >
              {f.power(kpis.powerKw)}
            </Text>
          </Stack>
        </Group>
        <Text size="xs" c="dimmed" mt={2}>
          {t('dashboards:site.share', {
            share: f.percent(share, 1),
            capacity: t(`common:units.${capacity.unit}`, { value: capacity.value }),
          })}
        </Text>
        <Progress
          value={Math.max(0, Math.min(100, (share ?? 0) * 100))}
          size="sm"
          mt={4}
          color={color}
          aria-label={t('dashboards:site.shareLabel', { site: kpis.name })}
        />

        <SimpleGrid type="container" cols={{ base: 2, '360px': 3 }} spacing="sm" verticalSpacing="sm" mt="md">
          {figures.map(([label, value, testId]) => (
            <Figure key={testId} label={label} value={value} testId={testId} />
          ))}
        </SimpleGrid>

        <Group gap="xs" mt="md" data-testid="site-alarms">
          <SiteAlarmTally siteId={kpis.siteId} siteName={kpis.name} summary={alarms} known={alarmsKnown} />
        </Group>

        <Group justify="space-between" gap="xs" mt="md" pt="sm" className={classes.footer} wrap="wrap">
          <Text size="xs" c="dimmed" data-testid="site-generators">
            {t(solar ? 'dashboards:site.inverters' : 'dashboards:site.turbines', { formatted: f.number(total) })}
            {states.length > 0 ? ` · ${formatList(f.lng, states)}` : ''}
          </Text>
          <Group gap={4} wrap="nowrap" c="dimmed">
            <IconClock size={14} />
            <Text size="xs" c="dimmed" className="vs-tabular">
              {formatSiteTime(f.lng, kpis.timeZone, now)} {formatUtcOffset(f.lng, kpis.timeZone, now)}
            </Text>
          </Group>
        </Group>
      </Card>
    </StaleMark>
  );
}
