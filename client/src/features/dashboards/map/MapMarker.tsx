// A site on the fleet map: a link to its overview, drawn as a grey dot sized by capacity, or as its worst
// active alarm's priority icon (ISA-101: colour only for the abnormal), ringed with dashes while its data
// has stopped, with its name and live power beside it. The power, the communication state and the
// accessible name ("Site, 12.3 MW, state") are written into the DOM after each frame of the site and when
// the connection or the age watchdog's verdicts change: no React render per frame.
import type { AlarmPriority } from '@voltscope/shared/alarms';
import type { SiteKpis } from '@voltscope/shared/kpis';
import { type CSSProperties, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PriorityIcon } from '../../../alarmFeed/PriorityIcon.tsx';
import { siteOverviewPath } from '../../../data/sitePath.ts';
import { directionOf } from '../../../i18n/language.ts';
import { useLanguage } from '../../../i18n/useLanguage.ts';
import { type CommState, commState } from '../../../live/commState.ts';
import { liveClient } from '../../../live/liveClient.ts';
import { liveStore } from '../../../live/liveStore.ts';
import { ageWatchdog } from '../../../live/staleness.ts';
import { useLatest } from '../../../ui/useLatest.ts';
import { useKpiFormat } from '../kpiFormat.ts';
import classes from './FleetMap.module.css';
import type { Placed } from './mapProjection.ts';

export interface MarkerProps {
  kpis: SiteKpis;
  placed: Placed;
  radius: number;
  /** Its place in the stack of markers (1 at the bottom). */
  layer: number;
  /** The site's grid-meter power series, when known: its newest sample is the power shown. */
  powerId: number | undefined;
  /** The worst active alarm, or null when none is (or the alarms are not known). */
  worst: AlarmPriority | null;
}

/** Writes the marker's live power, communication state and accessible name, outside React. */
function useMarkerBinding({ kpis, powerId, worst }: MarkerProps) {
  const { t } = useTranslation(['dashboards', 'fleet', 'common']);
  const f = useKpiFormat();
  const latest = useLatest({ kpis, powerId, worst, t, f });
  const marker = useRef<HTMLAnchorElement | null>(null);
  const power = useRef<HTMLSpanElement | null>(null);
  const comm = useRef<HTMLSpanElement | null>(null);

  const update = useCallback(() => {
    const { kpis, powerId, worst, t, f } = latest.current;
    const connection = liveClient.connection.getState();
    const state: CommState = commState({
      connection: connection.status,
      refused: connection.refused[kpis.siteId] !== undefined,
      silent: kpis.state === 'offline',
      receivedAt: liveStore.progress(kpis.siteId)?.receivedAt ?? null,
      stale: ageWatchdog.state.getState().sites[kpis.siteId] !== undefined,
    });
    const live = powerId === undefined ? null : liveStore.latest(powerId);
    const powerText = f.power(live ? live.value : kpis.powerKw);
    const stopped = state === 'lost' || state === 'stale';
    const commText = stopped ? t(`fleet:comm.${state}`) : '';
    const parts = [
      ...(worst ? [t('fleet:alarms.worst', { priority: t(`common:priority.${worst}`) })] : []),
      ...(stopped ? [commText] : []),
    ];
    if (parts.length === 0) parts.push(t(`common:siteState.${kpis.state}`));
    const name = t('dashboards:map.marker', {
      site: kpis.name,
      power: powerText,
      state: parts.join(t('dashboards:listSeparator')),
    });
    const el = marker.current;
    if (el) {
      if (el.dataset.comm !== state) el.dataset.comm = state;
      if (el.getAttribute('aria-label') !== name) el.setAttribute('aria-label', name);
    }
    if (power.current && power.current.textContent !== powerText) power.current.textContent = powerText;
    if (comm.current && comm.current.textContent !== commText) comm.current.textContent = commText;
  }, [latest]);

  const siteId = kpis.siteId;
  useEffect(() => {
    const stopWatching = ageWatchdog.watchSite(siteId);
    const stopFrames = liveStore.onFrame(siteId, update);
    const stopConnection = liveClient.connection.subscribe(update);
    const stopVerdicts = ageWatchdog.state.subscribe(update);
    return () => {
      stopWatching();
      stopFrames();
      stopConnection();
      stopVerdicts();
    };
  }, [siteId, update]);
  // After each render (new figures from the hub, another language, an alarm), before the paint.
  useLayoutEffect(update);
  return { marker, power, comm };
}

export function MapMarker(props: MarkerProps) {
  const { kpis, placed, radius, layer, worst } = props;
  const lng = useLanguage();
  const { marker, power, comm } = useMarkerBinding(props);
  const style = {
    '--x': `${placed.x}%`,
    '--y': `${placed.y}%`,
    '--r': `${radius}px`,
    '--layer': layer,
  } as CSSProperties;
  return (
    // The map is geography: it does not mirror in right-to-left languages, so the marker is laid out left
    // to right, and only its label's text follows the language.
    <Link
      ref={marker}
      to={siteOverviewPath(kpis)}
      dir="ltr"
      className={classes.marker}
      style={style}
      data-testid="map-marker"
      data-site-id={kpis.siteId}
      data-side={placed.side}
      data-worst={worst ?? 'none'}
      data-comm="waiting"
    >
      <span className={classes.dot} aria-hidden="true" data-testid="map-marker-dot">
        {worst && <PriorityIcon priority={worst} />}
      </span>
      <span className={classes.label} dir={directionOf(lng)} data-map-label="">
        <bdi className={classes.name} data-testid="map-marker-name">
          {kpis.name}
        </bdi>
        <span className={classes.figures}>
          <span ref={power} className={`${classes.power} vs-tabular`} data-testid="map-marker-power" />
          <span ref={comm} className={classes.comm} data-testid="map-marker-comm" />
        </span>
      </span>
    </Link>
  );
}
