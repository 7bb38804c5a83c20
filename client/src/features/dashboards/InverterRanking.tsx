// The best and worst inverters of each solar site by specific yield today, against the site's median:
// where to look first. A row links to the inverter's page; one that is not producing says why (fault,
// offline and so stale, maintenance).
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { GeneratorKpis, SiteKpis } from '@voltscope/shared/kpis';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatSiteTime } from '../../i18n/format.ts';
import classes from './dashboards.module.css';
import { useKpiFormat } from './kpiFormat.ts';
import { type RankedGenerator, rankByYield } from './ranking.ts';
import { StaleBadge, StateBadge } from './StateBadge.tsx';

/** A yield this far below the site's median is called out in red. */
export const UNDERPERFORMING = -0.1;
const ROWS = 3;

function RankTable({
  label,
  rows,
  testId,
  timeZone,
}: {
  label: string;
  rows: readonly RankedGenerator[];
  testId: string;
  timeZone: string;
}) {
  const { t } = useTranslation(['dashboards', 'common']);
  const f = useKpiFormat();
  return (
    <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{label}</Table.Th>
          <Table.Th ta="end">{t('dashboards:ranking.yield')}</Table.Th>
          <Table.Th ta="end">{t('dashboards:ranking.vsMedian')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ generator: g, deviation }) => (
          <Table.Tr key={g.deviceId} data-testid="ranked-inverter" data-device-id={g.deviceId}>
            <Table.Td>
              <Anchor component={Link} to={`/overview/solar/inverter/${encodeURIComponent(g.deviceId)}`} size="sm">
                <bdi>{g.name}</bdi>
              </Anchor>
              {g.state !== 'online' && (
                <Group gap={4} mt={2}>
                  <StateBadge state={g.state} size="sm" />
                  {g.state === 'offline' && (
                    <StaleBadge
                      since={g.lastSeen === null ? null : formatSiteTime(f.lng, timeZone, new Date(g.lastSeen), true)}
                    />
                  )}
                </Group>
              )}
            </Table.Td>
            <Table.Td className="vs-tabular" ta="end">
              {f.specificYield(g.specificYieldToday)}
            </Table.Td>
            <Table.Td ta="end">
              <Text
                span
                size="sm"
                fw={600}
                className={`vs-tabular ${deviation <= UNDERPERFORMING ? classes.bad : deviation >= 0 ? classes.good : ''}`}
              >
                {f.deviation(deviation)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function SiteRanking({ site }: { site: SiteKpis }) {
  const { t } = useTranslation(['dashboards', 'common']);
  const f = useKpiFormat();
  const inverters: GeneratorKpis[] = site.generators.filter((g) => g.type === 'inverter');
  const ranking = rankByYield(inverters, ROWS);
  return (
    <Stack gap={4} data-testid="site-ranking" data-site-id={site.siteId}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          <bdi>{site.name}</bdi>
        </Text>
        {ranking.median !== null && ranking.best.length > 0 && (
          <Badge variant="light" color="gray" radius="sm" tt="none" className="vs-tabular">
            {t('dashboards:ranking.median', { value: f.specificYield(ranking.median) })}
          </Badge>
        )}
      </Group>
      {ranking.best.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="ranking-empty">
          {t(
            inverters.length < 2
              ? 'dashboards:ranking.tooFew'
              : ranking.unranked.length === inverters.length
                ? 'dashboards:ranking.noData'
                : 'dashboards:ranking.notYet',
          )}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={260}>
          <RankTable
            label={t('dashboards:ranking.best')}
            rows={ranking.best}
            testId="ranking-best"
            timeZone={site.timeZone}
          />
          <RankTable
            label={t('dashboards:ranking.worst')}
            rows={ranking.worst}
            testId="ranking-worst"
            timeZone={site.timeZone}
          />
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export function InverterRanking({ sites }: { sites: readonly SiteKpis[] }) {
  const { t } = useTranslation(['dashboards', 'common']);
  const solar = sites.filter((s) => s.generators.some((g) => g.type === 'inverter'));
  return (
    <Card h="100%" data-testid="inverter-ranking">
      <Text fw={600} component="h3" fz="lg" mb={2}>
        {t('dashboards:ranking.title')}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        {t('dashboards:ranking.subtitle')}
      </Text>
      {solar.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboards:ranking.noSolar')}
        </Text>
      ) : (
        <SimpleGrid type="container" cols={{ base: 1, '700px': 2 }} spacing="lg">
          {solar.map((site) => (
            <SiteRanking key={site.siteId} site={site} />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
