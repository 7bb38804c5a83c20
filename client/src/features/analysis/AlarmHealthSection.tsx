// The alarm system watching itself over the period (ISA-18.2 / EEMUA 191, RELIABILITY decision 9): new
// alarms per 10 minutes against the manageable and flood targets, the floods, the ten most frequent
// alarm points, the chattering ones and the alarms standing now. Each point links to the alarm history
// filtered to its device, where an operator sees the occurrences themselves.
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  useComputedColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import type { AlarmPriority } from '@voltscope/shared/alarms';
import type { Site } from '@voltscope/shared/domain';
import type { Device } from '@voltscope/shared/fleet';
import type { AlarmHealth } from '@voltscope/shared/kpis';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PriorityIcon } from '../../alarms/PriorityIcon.tsx';
import { AnalysisBars, type AnalysisSeries, type AnalysisTarget } from '../../charts/AnalysisBars.tsx';
import { formatRelativeTime } from '../../i18n/format.ts';
import { IconAlertTriangle } from '../../ui/icons.tsx';
import classes from './analysis.module.css';
import type { AnalysisFormat } from './analysisFormat.ts';
import { LevelIcon } from './analysisIcons.tsx';
import { alarmHistoryLink } from './analysisQuery.ts';
import { messageIn, type RateLevel, summarise } from './healthFigures.ts';
import { analysisColors, dashes } from './palette.ts';

const WINDOW_MS = 10 * 60_000;

interface Names {
  site: (id: string) => string;
  device: (id: string) => string;
}

interface AlarmHealthSectionProps {
  health: AlarmHealth | null;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  sites: ReadonlyMap<string, Site>;
  devices: ReadonlyMap<string, Device>;
  priorities: ReadonlyMap<number, AlarmPriority>;
  /** The sites asked for (empty: all the user's), for the links of whole windows. */
  scope: readonly string[];
  /** The zone the period's days are counted in, for the times shown. */
  timeZone: string;
  format: AnalysisFormat;
}

export function Level({ level }: { level: RateLevel }) {
  const { t } = useTranslation(['analysis', 'common']);
  return (
    <span className={classes.level} data-level={level} data-testid="rate-level">
      <LevelIcon level={level} />
      {t(`analysis:health.level.${level}`)}
    </span>
  );
}

function Figure({ label, value, extra, testId }: { label: string; value: string; extra?: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="xl" fw={700} mt={4} data-testid={`${testId}-value`}>
        <bdi>{value}</bdi>
      </Text>
      {extra && <div style={{ marginBlockStart: 4 }}>{extra}</div>}
    </Paper>
  );
}

function HistoryLink({ to, device }: { to: string; device: string }) {
  const { t } = useTranslation(['analysis', 'common']);
  return (
    <Anchor component={Link} to={to} size="sm" className={classes.nowrap} data-testid="history-link">
      {t('analysis:health.history')}
      <VisuallyHidden>{t('analysis:health.historyOf', { device })}</VisuallyHidden>
    </Anchor>
  );
}

function Priority({ priority }: { priority: AlarmPriority | undefined }) {
  const { t } = useTranslation(['analysis', 'common']);
  if (!priority) return <Text size="sm">—</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <PriorityIcon priority={priority} />
      <Text size="sm">{t(`common:priority.${priority}`)}</Text>
    </Group>
  );
}

function ListCard({
  title,
  hint,
  empty,
  count,
  testId,
  children,
}: {
  title: string;
  hint: string;
  empty: string;
  count: number;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card padding="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {hint}
      </Text>
      {count === 0 ? (
        <Text size="sm" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}

function PointHeaders({ last }: { last: string }) {
  const { t } = useTranslation(['analysis', 'common']);
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{t('analysis:health.alarm')}</Table.Th>
        <Table.Th scope="col">{t('analysis:health.priority')}</Table.Th>
        <Table.Th scope="col">{t('analysis:health.device')}</Table.Th>
        <Table.Th scope="col" ta="end">
          {last}
        </Table.Th>
        <Table.Th scope="col">
          <VisuallyHidden>{t('analysis:health.links')}</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

function DeviceCell({ names, deviceId, siteId }: { names: Names; deviceId: string; siteId: string }) {
  return (
    <>
      <Text size="sm">{names.device(deviceId)}</Text>
      <Text size="xs" c="dimmed">
        {names.site(siteId)}
      </Text>
    </>
  );
}

export function AlarmHealthSection(props: AlarmHealthSectionProps) {
  const { health, loading, error, onRetry, sites, devices, priorities, scope, timeZone, format } = props;
  const { t } = useTranslation(['analysis', 'common']);
  const scheme = useComputedColorScheme('light');
  const colors = analysisColors(scheme);
  const titleId = useId();
  const chartId = useId();
  const names: Names = {
    site: (id) => sites.get(id)?.name ?? id,
    device: (id) => devices.get(id)?.name ?? id,
  };
  const summary = useMemo(() => (health ? summarise(health) : null), [health]);
  const x = useMemo(() => health?.per10Min.ts ?? [], [health]);
  const columns = useMemo(() => [health?.per10Min.counts ?? []], [health]);
  const series = useMemo<AnalysisSeries[]>(
    () => [{ label: t('analysis:health.newAlarms'), color: colors.alarms, kind: 'bars' }],
    [t, colors.alarms],
  );
  const targets = useMemo<AnalysisTarget[]>(
    () =>
      health
        ? [
            {
              label: t('analysis:health.manageableLine', { n: format.number(health.targets.manageablePer10Min) }),
              value: health.targets.manageablePer10Min,
              color: colors.manageable,
              dash: [...dashes.manageable],
            },
            {
              label: t('analysis:health.floodLine', { n: format.number(health.targets.floodPer10Min) }),
              value: health.targets.floodPer10Min,
              color: colors.flood,
              dash: [...dashes.flood],
            },
          ]
        : [],
    [health, t, format, colors.manageable, colors.flood],
  );

  const span = health ? { from: health.from, to: health.to } : null;
  const heading = (
    <Stack gap={2} mb="sm">
      <Title order={2} size="h3" id={titleId}>
        {t('analysis:health.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('analysis:health.subtitle')}
      </Text>
    </Stack>
  );

  if (!health || !summary || !span) {
    return (
      <section aria-labelledby={titleId} data-testid="alarm-health">
        {heading}
        {error ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />} data-testid="health-error">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('analysis:health.loadError')}</Text>
              <Button size="xs" variant="default" onClick={onRetry}>
                {t('analysis:retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          loading && <Skeleton h={320} aria-label={t('analysis:health.loading')} aria-busy="true" />
        )}
      </section>
    );
  }

  const chartText = [
    summary.total === 0
      ? t('analysis:health.noAlarms')
      : t('analysis:health.summary', {
          total: format.number(summary.total),
          average: format.rate(health.averagePer10Min),
          level: t(`analysis:health.level.${summary.level}`),
        }),
    summary.peak
      ? t('analysis:health.peakSentence', {
          count: format.number(summary.peak.count),
          at: format.dateTime(summary.peak.start, timeZone),
        })
      : '',
    t('analysis:health.overSentence', {
      over: format.number(summary.windowsOverTarget),
      windows: format.number(summary.windows),
      floods: format.number(summary.floods.length),
    }),
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <section aria-labelledby={titleId} data-testid="alarm-health" className={loading ? classes.busy : undefined}>
      {heading}
      {error !== null && error !== undefined && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />} mb="sm" data-testid="health-error">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('analysis:health.loadError')}</Text>
            <Button size="xs" variant="default" onClick={onRetry}>
              {t('analysis:retry')}
            </Button>
          </Group>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" mb="md">
        <Figure label={t('analysis:health.raised')} value={format.number(summary.total)} testId="health-total" />
        <Figure
          label={t('analysis:health.average')}
          value={format.rate(health.averagePer10Min)}
          extra={<Level level={summary.level} />}
          testId="health-average"
        />
        <Figure
          label={t('analysis:health.peak')}
          value={summary.peak ? format.number(summary.peak.count) : '—'}
          extra={
            summary.peak && (
              <Text size="xs" c="dimmed">
                {format.dateTime(summary.peak.start, timeZone)}
              </Text>
            )
          }
          testId="health-peak"
        />
        <Figure
          label={t('analysis:health.floods')}
          value={format.number(summary.floods.length)}
          testId="health-floods"
        />
        <Figure
          label={t('analysis:health.chattering')}
          value={format.number(health.chattering.length)}
          testId="health-chattering"
        />
        <Figure
          label={t('analysis:health.standing')}
          value={format.number(health.standing.length)}
          testId="health-standing"
        />
      </SimpleGrid>

      <Card padding="md" mb="md" component="section" aria-labelledby={`${chartId}-title`}>
        <Title order={3} size="h5" mb={4} id={`${chartId}-title`}>
          {t('analysis:health.chartTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="xs" id={chartId} data-testid="health-summary">
          {chartText}
        </Text>
        <AnalysisBars
          x={x}
          columns={columns}
          series={series}
          targets={targets}
          stepMs={WINDOW_MS}
          timeZone={timeZone}
          axis={format.axes.count}
          formatTick={(ms, step) => format.tick(ms, step, timeZone)}
          formatCursor={(ms) => format.dateTime(ms, timeZone)}
          height={260}
          ariaLabel={t('analysis:health.chartTitle')}
          describedBy={chartId}
          testId="health-chart"
        />
        {summary.floods.length > 0 && (
          <Stack gap={4} mt="sm" data-testid="flood-list">
            <Text size="sm" fw={600}>
              {t('analysis:health.worstFloods')}
            </Text>
            <Group component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {summary.floods.slice(0, 8).map((f) => (
                <li key={f.start}>
                  <Anchor
                    component={Link}
                    size="sm"
                    to={alarmHistoryLink({ sites: scope }, { from: f.start, to: f.start + WINDOW_MS })}
                  >
                    {t('analysis:health.floodItem', {
                      at: format.dateTime(f.start, timeZone),
                      n: format.number(f.count),
                    })}
                  </Anchor>
                </li>
              ))}
            </Group>
          </Stack>
        )}
      </Card>

      <Stack gap="md">
        <ListCard
          title={t('analysis:health.topTitle')}
          hint={t('analysis:health.topHint')}
          empty={t('analysis:health.topEmpty')}
          count={health.mostFrequent.length}
          testId="top-alarms"
        >
          <Table.ScrollContainer minWidth={720} type="native">
            <Table verticalSpacing="xs" striped aria-label={t('analysis:health.topTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" ta="end">
                    {t('analysis:health.rank')}
                  </Table.Th>
                  <Table.Th scope="col">{t('analysis:health.alarm')}</Table.Th>
                  <Table.Th scope="col">{t('analysis:health.priority')}</Table.Th>
                  <Table.Th scope="col">{t('analysis:health.device')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('analysis:health.count')}
                  </Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('analysis:health.links')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {health.mostFrequent.map((p, i) => (
                  <Table.Tr key={`${p.ruleId}|${p.deviceId}`} data-testid="top-row">
                    <Table.Td ta="end" className={classes.number}>
                      {format.number(i + 1)}
                    </Table.Td>
                    <Table.Td className={classes.message}>{messageIn(p.message, format.lng)}</Table.Td>
                    <Table.Td>
                      <Priority priority={priorities.get(p.ruleId)} />
                    </Table.Td>
                    <Table.Td>
                      <DeviceCell names={names} deviceId={p.deviceId} siteId={p.siteId} />
                    </Table.Td>
                    <Table.Td ta="end" className={classes.number}>
                      {format.number(p.count)}
                    </Table.Td>
                    <Table.Td>
                      <HistoryLink
                        to={alarmHistoryLink({ sites: [p.siteId], deviceId: p.deviceId }, span)}
                        device={names.device(p.deviceId)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ListCard>

        <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
          <ListCard
            title={t('analysis:health.chatteringTitle')}
            hint={t('analysis:health.chatteringHint', { n: format.number(health.targets.chatterPerMinute) })}
            empty={t('analysis:health.chatteringEmpty')}
            count={health.chattering.length}
            testId="chattering"
          >
            <Table.ScrollContainer minWidth={600} type="native">
              <Table verticalSpacing="xs" striped aria-label={t('analysis:health.chatteringTitle')}>
                <PointHeaders last={t('analysis:health.activations')} />
                <Table.Tbody>
                  {health.chattering.map((p) => (
                    <Table.Tr key={`${p.ruleId}|${p.deviceId}`} data-testid="chattering-row">
                      <Table.Td className={classes.message}>{messageIn(p.message, format.lng)}</Table.Td>
                      <Table.Td>
                        <Priority priority={priorities.get(p.ruleId)} />
                      </Table.Td>
                      <Table.Td>
                        <DeviceCell names={names} deviceId={p.deviceId} siteId={p.siteId} />
                      </Table.Td>
                      <Table.Td ta="end" className={classes.number}>
                        {format.number(p.activations)}
                      </Table.Td>
                      <Table.Td>
                        <HistoryLink
                          to={alarmHistoryLink({ sites: [p.siteId], deviceId: p.deviceId }, span)}
                          device={names.device(p.deviceId)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </ListCard>

          <ListCard
            title={t('analysis:health.standingTitle')}
            hint={t('analysis:health.standingHint', { n: format.number(health.targets.standingHours) })}
            empty={t('analysis:health.standingEmpty')}
            count={health.standing.length}
            testId="standing"
          >
            <Table.ScrollContainer minWidth={600} type="native">
              <Table verticalSpacing="xs" striped aria-label={t('analysis:health.standingTitle')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('analysis:health.alarm')}</Table.Th>
                    <Table.Th scope="col">{t('analysis:health.device')}</Table.Th>
                    <Table.Th scope="col">{t('analysis:health.raisedAt')}</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>{t('analysis:health.links')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {health.standing.map((s) => (
                    <Table.Tr key={s.id} data-testid="standing-row">
                      <Table.Td className={classes.message}>{messageIn(s.message, format.lng)}</Table.Td>
                      <Table.Td>
                        <DeviceCell names={names} deviceId={s.deviceId} siteId={s.siteId} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" className={classes.nowrap}>
                          {format.dateTime(s.raisedAt, sites.get(s.siteId)?.timeZone ?? timeZone)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatRelativeTime(format.lng, s.raisedAt)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <HistoryLink
                          to={alarmHistoryLink(
                            { sites: [s.siteId], deviceId: s.deviceId },
                            { from: s.raisedAt, to: Date.now() },
                          )}
                          device={names.device(s.deviceId)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </ListCard>
        </SimpleGrid>
      </Stack>
    </section>
  );
}
