// The alarm system watching itself over the period (ISA-18.2 / EEMUA 191, RELIABILITY decision 9): new
// alarms per 10 minutes against the manageable and flood targets, the floods, the ten most frequent
// alarm points, the chattering ones and the alarms standing now. Each point links to the alarm history
// filtered to its device, where an operator sees the occurrences themselves.
import { Anchor, Group, SimpleGrid, Skeleton, Stack, Text, Title, useComputedColorScheme } from '@mantine/core';
import type { AlarmPriority } from '@voltscope/shared/alarms';
import type { Site } from '@voltscope/shared/domain';
import type { Device } from '@voltscope/shared/fleet';
import type { AlarmHealth } from '@voltscope/shared/kpis';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AnalysisBars, type AnalysisSeries, type AnalysisTarget } from '../../plots/AnalysisBars.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { AlarmPointCards, type Names } from './AlarmPointCards.tsx';
import classes from './analysis.module.css';
import type { AnalysisFormat } from './analysisFormat.ts';
import { LevelIcon } from './analysisIcons.tsx';
import { alarmHistoryLink } from './analysisQuery.ts';
import { ChartCard } from './ChartCard.tsx';
import { FigureTile } from './FigureTile.tsx';
import { type RateLevel, summarise } from './healthFigures.ts';
import { analysisColors, dashes } from './palette.ts';

const WINDOW_MS = 10 * 60_000;

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

export function AlarmHealthSection(props: AlarmHealthSectionProps) {
  const { health, loading, error, onRetry, sites, devices, priorities, scope, timeZone, format } = props;
  const { t } = useTranslation(['analysis', 'common']);
  const scheme = useComputedColorScheme('light');
  const colors = analysisColors(scheme);
  const titleId = useId();
  const names: Names = {
    site: (id) => sites.get(id)?.name ?? id,
    device: (id) => devices.get(id)?.name ?? id,
  };
  const summary = useMemo(() => (health ? summarise(health) : null), [health]);
  // The ten-minute windows and their counts of new alarms, as the chart takes them.
  const windows = useMemo(() => ({ x: health?.per10Min.ts ?? [], columns: [health?.per10Min.counts ?? []] }), [health]);
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
          <RetryAlert message={t('analysis:health.loadError')} onRetry={onRetry} testId="health-error" />
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
        <RetryAlert message={t('analysis:health.loadError')} onRetry={onRetry} testId="health-error" mb="sm" />
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" mb="md">
        <FigureTile label={t('analysis:health.raised')} value={format.number(summary.total)} testId="health-total" />
        <FigureTile
          label={t('analysis:health.average')}
          value={format.rate(health.averagePer10Min)}
          extra={<Level level={summary.level} />}
          testId="health-average"
        />
        <FigureTile
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
        <FigureTile
          label={t('analysis:health.floods')}
          value={format.number(summary.floods.length)}
          testId="health-floods"
        />
        <FigureTile
          label={t('analysis:health.chattering')}
          value={format.number(health.chattering.length)}
          testId="health-chattering"
        />
        <FigureTile
          label={t('analysis:health.standing')}
          value={format.number(health.standing.length)}
          testId="health-standing"
        />
      </SimpleGrid>

      <ChartCard title={t('analysis:health.chartTitle')} text={chartText} textTestId="health-summary" mb="md">
        {(describedBy) => (
          <>
            <AnalysisBars
              {...windows}
              series={series}
              targets={targets}
              stepMs={WINDOW_MS}
              timeZone={timeZone}
              axis={format.axes.count}
              formatTick={(ms, step) => format.tick(ms, step, timeZone)}
              formatCursor={(ms) => format.dateTime(ms, timeZone)}
              height={260}
              ariaLabel={t('analysis:health.chartTitle')}
              describedBy={describedBy}
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
          </>
        )}
      </ChartCard>

      <Stack gap="md">
        <AlarmPointCards health={health} sites={sites} timeZone={timeZone} ctx={{ names, priorities, format, span }} />
      </Stack>
    </section>
  );
}
