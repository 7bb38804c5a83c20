// The solar dashboard's map of the user's sites: a bundled world outline (worldOutline.ts) fitted to the
// sites' extent, a marker per site that opens its overview (MapMarker.tsx), and a legend of what the
// markers' colours and rings say. The map scales with the card's width at a fixed ratio, so nothing
// moves when it draws.
import { Card, Skeleton } from '@mantine/core';
import type { AlarmPriority } from '@voltscope/shared/alarms';
import type { Site } from '@voltscope/shared/domain';
import type { SiteKpis } from '@voltscope/shared/kpis';
import { type RefObject, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteAlarmSummary } from '../../../alarmFeed/siteAlarms.ts';
import { CardHead } from '../CardHead.tsx';
import classes from './FleetMap.module.css';
import { MapLegend } from './MapLegend.tsx';
import { MapMarker } from './MapMarker.tsx';
import {
  fitProjection,
  MAP_HEIGHT,
  MAP_WIDTH,
  markerRadius,
  place,
  separateLabels,
  viewExtent,
} from './mapProjection.ts';
import { drawOutline } from './worldOutline.ts';

export interface FleetMapProps {
  /** The sites the user may read, with their figures (the hub's). */
  sites: readonly SiteKpis[];
  /** Their coordinates: null while they load. */
  siteById: ReadonlyMap<string, Site> | null;
  /** Each site's grid-meter power series, when known. */
  powerIds: ReadonlyMap<string, number | undefined>;
  alarms: { bySite: ReadonlyMap<string, SiteAlarmSummary>; known: (siteId: string) => boolean };
}

/** The outline and each site's place, computed again only when the set of sites or their coordinates change. */
function useGeometry(located: readonly { kpis: SiteKpis; site: Site }[]) {
  const key = located.map(({ site }) => `${site.id}@${site.latitude},${site.longitude}`).join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the sites' coordinates.
  return useMemo(() => {
    const projection = fitProjection(viewExtent(located.map(({ site }) => site)));
    const places = new Map(located.map(({ site }) => [site.id, place(projection, site)]));
    return { outline: drawOutline(projection), places };
  }, [key]);
}

/**
 * Moves labels down where they would cover one another, measured as drawn: when the markers or the
 * language change and when the card is resized (never per frame: a new power figure keeps its width
 * within a few pixels).
 */
function useSeparatedLabels(frame: RefObject<HTMLDivElement | null>, key: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for what the labels say and where.
  useLayoutEffect(() => {
    const root = frame.current;
    if (!root) return;
    const arrange = () => {
      const labels = [...root.querySelectorAll<HTMLElement>('[data-map-label]')];
      for (const label of labels) label.style.removeProperty('--dy');
      const origin = root.getBoundingClientRect();
      const boxes = labels.map((label) => {
        const r = label.getBoundingClientRect();
        return { top: r.top - origin.top, bottom: r.bottom - origin.top, left: r.left, right: r.right };
      });
      separateLabels(boxes, origin.height).forEach((dy, i) => {
        if (dy !== 0) labels[i]?.style.setProperty('--dy', `${dy}px`);
      });
    };
    arrange();
    const observer = new ResizeObserver(arrange);
    observer.observe(root);
    return () => observer.disconnect();
  }, [frame, key]);
}

export function FleetMap({ sites, siteById, powerIds, alarms }: FleetMapProps) {
  const { t, i18n } = useTranslation(['dashboards', 'common']);
  const frame = useRef<HTMLDivElement | null>(null);
  const located = useMemo(
    () =>
      sites.flatMap((kpis) => {
        const site = siteById?.get(kpis.siteId);
        return site ? [{ kpis, site }] : [];
      }),
    [sites, siteById],
  );
  const { outline, places } = useGeometry(located);
  useSeparatedLabels(frame, `${i18n.language}|${located.map(({ kpis }) => `${kpis.siteId}:${kpis.name}`).join(',')}`);
  const largest = Math.max(0, ...sites.map((s) => s.capacityKw));
  const worstOf = (siteId: string): AlarmPriority | null =>
    alarms.known(siteId) ? (alarms.bySite.get(siteId)?.worst ?? null) : null;
  // Smaller sites are drawn over larger ones, so that a small site beside a large one can still be
  // clicked; the markers stay in the cards' order for the keyboard.
  const layers = new Map(
    [...located].sort((a, b) => b.kpis.capacityKw - a.kpis.capacityKw).map(({ kpis }, i) => [kpis.siteId, i + 1]),
  );

  return (
    <Card component="section" mb="lg" aria-label={t('dashboards:map.label')} data-testid="fleet-map-card">
      <CardHead title={t('dashboards:map.title')} hint={t('dashboards:map.hint')} gap="md" />
      <div ref={frame} className={classes.frame} data-testid="fleet-map">
        {siteById === null ? (
          <Skeleton className={classes.fill} radius={0} />
        ) : (
          <>
            <svg
              className={classes.fill}
              viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
              aria-hidden="true"
              focusable="false"
              data-testid="fleet-map-outline"
            >
              <path className={classes.land} d={outline.land} />
              <path className={classes.borders} d={outline.borders} />
            </svg>
            {located.map(({ kpis }) => {
              const placed = places.get(kpis.siteId);
              return placed ? (
                <MapMarker
                  key={kpis.siteId}
                  kpis={kpis}
                  placed={placed}
                  radius={markerRadius(kpis.capacityKw, largest)}
                  layer={layers.get(kpis.siteId) ?? 1}
                  powerId={powerIds.get(kpis.siteId)}
                  worst={worstOf(kpis.siteId)}
                />
              ) : null;
            })}
          </>
        )}
      </div>
      <MapLegend />
    </Card>
  );
}
