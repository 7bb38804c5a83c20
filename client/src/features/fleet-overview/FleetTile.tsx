// A site on the fleet overview, read in a glance from across a control room: grey while all is normal;
// coloured only by its worst active alarm (a band in the priority's colour, its icon and word) or, when
// its data stopped, by an inverted and dashed communication row. Power now against what the weather on
// site says a healthy plant makes, and the site's active alarms per priority, each opening the console
// on that site. The whole tile opens the site's overview.
// The communication state and data age are written into the DOM after each frame of the site and when
// the age watchdog's verdicts change: no React render per frame. While the site is silent (or the hub's
// figures are old) its power is hatched with since when (StaleMark).
import { Anchor, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { SiteKpis } from '@voltscope/shared/kpis';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';
import { SiteAlarmTally } from '../../alarmFeed/SiteAlarmTally.tsx';
import type { SiteAlarmSummary } from '../../alarmFeed/siteAlarms.ts';
import { siteOverviewPath } from '../../data/sitePath.ts';
import { formatNumber, formatRelativeTime, formatSiteTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { commState } from '../../live/commState.ts';
import { liveClient } from '../../live/liveClient.ts';
import { liveStore } from '../../live/liveStore.ts';
import { ageWatchdog, useSiteSilence } from '../../live/staleness.ts';
import { StaleMark } from '../../ui/StaleMark.tsx';
import { siteKindStyle } from '../../ui/siteKindStyle.ts';
import { useLatest } from '../../ui/useLatest.ts';
import classes from './FleetOverview.module.css';
import { useFleetFormat } from './useFleetFormat.ts';

/** Below this share of capacity nothing is expected (night, calm): a share of it would mean nothing. */
const NOTHING_EXPECTED = 0.01;

function ExpectedLine({ kpis }: { kpis: SiteKpis }) {
  const { t } = useTranslation(['fleet', 'common']);
  const f = useFleetFormat();
  const expected = kpis.expectedPowerKw;
  const text =
    expected === null
      ? t('fleet:tile.expectedUnknown')
      : expected < NOTHING_EXPECTED * kpis.capacityKw
        ? t('fleet:tile.nothingExpected')
        : t('fleet:tile.ofExpected', {
            share: kpis.powerKw === null ? '—' : f.percent(kpis.powerKw / expected),
            expected: f.power(expected),
          });
  return (
    <Text size="md" c="dimmed" data-testid="tile-expected" data-known={expected !== null}>
      {text}
    </Text>
  );
}

/** Writes the site's communication state and data age into the tile, outside React. */
function useCommBinding(siteId: string, timeZone: string, silent: boolean) {
  const { t } = useTranslation(['fleet', 'common']);
  const lng = useLanguage();
  const tile = useRef<HTMLDivElement | null>(null);
  const state = useRef<HTMLSpanElement | null>(null);
  const age = useRef<HTMLSpanElement | null>(null);
  const silentRef = useLatest(silent);
  useEffect(() => {
    const update = () => {
      const now = Date.now();
      const connection = liveClient.connection.getState();
      const receivedAt = liveStore.progress(siteId)?.receivedAt ?? null;
      const comm = commState({
        connection: connection.status,
        refused: connection.refused[siteId] !== undefined,
        silent: silentRef.current,
        receivedAt,
        stale: ageWatchdog.state.getState().sites[siteId] !== undefined,
      });
      if (tile.current && tile.current.dataset.comm !== comm) tile.current.dataset.comm = comm;
      const label = t(`fleet:comm.${comm}`);
      if (state.current && state.current.textContent !== label) state.current.textContent = label;
      // Live, the age is rewritten with each frame; otherwise nothing rewrites it each second: the time.
      const ageText =
        receivedAt === null
          ? ''
          : comm === 'live'
            ? t('fleet:comm.age', { age: formatRelativeTime(lng, receivedAt, now) })
            : t('fleet:comm.at', { time: formatSiteTime(lng, timeZone, new Date(receivedAt), true) });
      if (age.current && age.current.textContent !== ageText) age.current.textContent = ageText;
    };
    update();
    const stopFrames = liveStore.onFrame(siteId, update);
    const stopConnection = liveClient.connection.subscribe(update);
    const stopVerdicts = ageWatchdog.state.subscribe(update);
    return () => {
      stopFrames();
      stopConnection();
      stopVerdicts();
    };
  }, [siteId, timeZone, t, lng, silentRef]);
  return { tile, state, age };
}

export function FleetTile({
  kpis,
  site,
  alarms,
  alarmsKnown,
  figuresStale,
}: {
  kpis: SiteKpis;
  site: Site | undefined;
  alarms: SiteAlarmSummary;
  alarmsKnown: boolean;
  /** The hub's figures could not be refreshed for a while: the power shown is not current. */
  figuresStale: boolean;
}) {
  const { t } = useTranslation(['fleet', 'common']);
  const lng = useLanguage();
  const f = useFleetFormat();
  const silent = kpis.state === 'offline';
  const silence = useSiteSilence(kpis.siteId);
  const { tile, state, age } = useCommBinding(kpis.siteId, kpis.timeZone, silent);
  const powerSince = silence ? (silence.since ?? 'never') : figuresStale ? kpis.at : null;
  const { color, Icon } = siteKindStyle[kpis.kind];
  const worst = alarmsKnown ? alarms.worst : null;
  const name = site?.name ?? kpis.name;
  return (
    <Card
      ref={tile}
      component="article"
      className={classes.tile}
      aria-labelledby={`fleet-tile-${kpis.siteId}`}
      data-testid="fleet-tile"
      data-site-id={kpis.siteId}
      data-worst={worst ?? 'none'}
      data-comm="waiting"
      padding={0}
    >
      <div className={classes.band} data-testid="tile-band">
        {worst ? <PriorityIcon priority={worst} size={26} /> : null}
        <span data-testid="tile-worst">
          {!alarmsKnown
            ? t('fleet:alarms.unknown')
            : worst
              ? t('fleet:alarms.worst', { priority: t(`common:priority.${worst}`) })
              : t('fleet:alarms.none')}
        </span>
      </div>
      <Stack gap="sm" p="lg">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon size={40} radius="md" variant="light" color={color} aria-hidden="true">
            <Icon size={24} />
          </ThemeIcon>
          <Stack gap={0} miw={0}>
            <Anchor
              component={Link}
              to={siteOverviewPath(kpis)}
              id={`fleet-tile-${kpis.siteId}`}
              className={classes.name}
              aria-label={t('fleet:tile.open', { site: name })}
              data-testid="tile-link"
            >
              <bdi>{name}</bdi>
            </Anchor>
            <Text size="sm" c="dimmed">
              {t(`common:sites.kind.${kpis.kind}`)} ·{' '}
              {t('fleet:tile.capacity', { capacity: f.capacity(kpis.capacityKw, kpis.kind) })}
            </Text>
          </Stack>
        </Group>

        <StaleMark since={powerSince} timeZone={kpis.timeZone}>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('fleet:tile.powerNow')}
            </Text>
            <Text className={`${classes.power} vs-tabular`} data-stale={figuresStale} data-testid="tile-power">
              {f.power(kpis.powerKw)}
            </Text>
            <ExpectedLine kpis={kpis} />
          </Stack>
        </StaleMark>

        <div className={classes.comm} data-testid="tile-comm">
          <span ref={state} className={classes.commState} data-testid="tile-comm-state">
            {t('fleet:comm.waiting')}
          </span>
          <span ref={age} className={classes.commAge} data-testid="tile-age" />
          {kpis.devices.offline > 0 && (
            <span className={classes.commAge} data-testid="tile-silent">
              {t('fleet:tile.devicesSilent', { formatted: formatNumber(lng, kpis.devices.offline) })}
            </span>
          )}
        </div>

        <SiteAlarmTally siteId={kpis.siteId} siteName={name} summary={alarms} known={alarmsKnown} size="lg" />
      </Stack>
    </Card>
  );
}
