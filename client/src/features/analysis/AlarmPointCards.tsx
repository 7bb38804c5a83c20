// The alarm points of the health section as tables: the ten most frequent, the chattering ones and the
// alarms standing now. Each row links to the alarm history filtered to its device.
import { Anchor, Card, Group, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AlarmPriority } from '@voltscope/shared/alarms';
import type { Site } from '@voltscope/shared/domain';
import type { AlarmHealth } from '@voltscope/shared/kpis';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';
import { formatRelativeTime } from '../../i18n/format.ts';
import classes from './analysis.module.css';
import type { AnalysisFormat } from './analysisFormat.ts';
import { alarmHistoryLink } from './analysisQuery.ts';
import { messageIn } from './healthFigures.ts';

export interface Names {
  site: (id: string) => string;
  device: (id: string) => string;
}

type Span = { from: number; to: number };

interface PointContext {
  names: Names;
  priorities: ReadonlyMap<number, AlarmPriority>;
  format: AnalysisFormat;
  span: Span;
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

/** A card of alarm points: its title and what it says when empty are the list's keys under analysis:health. */
function ListCard({
  list,
  hint,
  count,
  testId,
  minWidth = 600,
  children,
}: {
  list: 'top' | 'chattering' | 'standing';
  hint: string;
  count: number;
  testId: string;
  minWidth?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation(['analysis', 'common']);
  const id = useId();
  const title = t(`analysis:health.${list}Title`);
  const empty = t(`analysis:health.${list}Empty`);
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
        <Table.ScrollContainer minWidth={minWidth} type="native">
          <Table verticalSpacing="xs" striped aria-label={title}>
            {children}
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** The columns' headers; `end` columns hold numbers. */
function Headers({ columns }: { columns: readonly { label: string; end?: boolean }[] }) {
  const { t } = useTranslation(['analysis', 'common']);
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c) => (
          <Table.Th key={c.label} scope="col" ta={c.end ? 'end' : undefined}>
            {c.label}
          </Table.Th>
        ))}
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

interface Point {
  ruleId: number;
  deviceId: string;
  siteId: string;
  message: Record<string, string>;
}

/** A row of one alarm point: maybe its rank, then alarm, priority, device, a number and the history link. */
function PointRow({
  point,
  rank,
  value,
  testId,
  ctx,
}: {
  point: Point;
  rank?: number;
  value: number;
  testId: string;
  ctx: PointContext;
}) {
  const { names, priorities, format, span } = ctx;
  return (
    <Table.Tr data-testid={testId}>
      {rank !== undefined && (
        <Table.Td ta="end" className={classes.number}>
          {format.number(rank)}
        </Table.Td>
      )}
      <Table.Td className={classes.message}>{messageIn(point.message, format.lng)}</Table.Td>
      <Table.Td>
        <Priority priority={priorities.get(point.ruleId)} />
      </Table.Td>
      <Table.Td>
        <DeviceCell names={names} deviceId={point.deviceId} siteId={point.siteId} />
      </Table.Td>
      <Table.Td ta="end" className={classes.number}>
        {format.number(value)}
      </Table.Td>
      <Table.Td>
        <HistoryLink
          to={alarmHistoryLink({ sites: [point.siteId], deviceId: point.deviceId }, span)}
          device={names.device(point.deviceId)}
        />
      </Table.Td>
    </Table.Tr>
  );
}

interface AlarmPointCardsProps {
  health: AlarmHealth;
  sites: ReadonlyMap<string, Site>;
  timeZone: string;
  /** What every row reads: the names, the rules' priorities, the format and the period for the links. */
  ctx: PointContext;
}

export function AlarmPointCards({ health, sites, timeZone, ctx }: AlarmPointCardsProps) {
  const { t } = useTranslation(['analysis', 'common']);
  const { names, format } = ctx;
  const pointColumns = [
    { label: t('analysis:health.alarm') },
    { label: t('analysis:health.priority') },
    { label: t('analysis:health.device') },
  ];
  const key = (p: Point) => `${p.ruleId}|${p.deviceId}`;
  return (
    <>
      <ListCard
        list="top"
        hint={t('analysis:health.topHint')}
        count={health.mostFrequent.length}
        testId="top-alarms"
        minWidth={720}
      >
        <Headers
          columns={[
            { label: t('analysis:health.rank'), end: true },
            ...pointColumns,
            { label: t('analysis:health.count'), end: true },
          ]}
        />
        <Table.Tbody>
          {health.mostFrequent.map((p, i) => (
            <PointRow key={key(p)} point={p} rank={i + 1} value={p.count} testId="top-row" ctx={ctx} />
          ))}
        </Table.Tbody>
      </ListCard>

      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <ListCard
          list="chattering"
          hint={t('analysis:health.chatteringHint', { n: format.number(health.targets.chatterPerMinute) })}
          count={health.chattering.length}
          testId="chattering"
        >
          <Headers columns={[...pointColumns, { label: t('analysis:health.activations'), end: true }]} />
          <Table.Tbody>
            {health.chattering.map((p) => (
              <PointRow key={key(p)} point={p} value={p.activations} testId="chattering-row" ctx={ctx} />
            ))}
          </Table.Tbody>
        </ListCard>

        <ListCard
          list="standing"
          hint={t('analysis:health.standingHint', { n: format.number(health.targets.standingHours) })}
          count={health.standing.length}
          testId="standing"
        >
          <Headers
            columns={[
              { label: t('analysis:health.alarm') },
              { label: t('analysis:health.device') },
              { label: t('analysis:health.raisedAt') },
            ]}
          />
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
        </ListCard>
      </SimpleGrid>
    </>
  );
}
