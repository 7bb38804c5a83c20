// The live building blocks of the overview pages: the site's binder (see liveBinding.ts) in a context,
// and a live value that writes itself into the DOM, hatched with "No data since" when the age watchdog
// calls its series stale.
import type { SeriesEntry } from '@voltscope/shared/fleet';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useLiveSite } from '../../live/hooks.ts';
import { useSeriesListStaleSince } from '../../live/staleness.ts';
import { StaleMark } from '../../ui/StaleMark.tsx';
import { useLatest } from '../../ui/useLatest.ts';
import type { ValueFormat } from './format.ts';
import { LiveBinder as Binder, type LiveBinder, readPair, setText } from './liveBinding.ts';
import classes from './overview.module.css';

interface LiveSiteContext {
  binder: LiveBinder;
  /** The site's time zone: "No data since" is told in the site's time. */
  timeZone: string | undefined;
}

const BinderContext = createContext<LiveSiteContext | null>(null);

/** Follows the site's live frames and gives its binder to the live values below. */
export function LiveSite({
  siteId,
  timeZone,
  revision,
  children,
}: {
  siteId: string;
  timeZone?: string | undefined;
  /** What the live values read besides the live store (the hub's device states): a new one rewrites them. */
  revision?: unknown;
  children: ReactNode;
}) {
  useLiveSite(siteId);
  const [binder, setBinder] = useState<LiveBinder | null>(null);
  useEffect(() => {
    const next = new Binder(siteId);
    setBinder(next);
    return next.start();
  }, [siteId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the trigger, not read.
  useEffect(() => binder?.refresh(), [binder, revision]);
  return binder ? <BinderContext.Provider value={{ binder, timeZone }}>{children}</BinderContext.Provider> : null;
}

export const useBinder = (): LiveBinder | null => useContext(BinderContext)?.binder ?? null;

/** The live site's time zone, for "No data since" (undefined: the viewer's). */
export const useLiveTimeZone = (): string | undefined => useContext(BinderContext)?.timeZone;

/** The series a live text is made of: it is stale when any of them is. */
type Sources = readonly (SeriesEntry | undefined)[];

/** A value derived from two live series (stale when either is: give both as the text's `series`). */
export function derived(
  a: SeriesEntry | undefined,
  b: SeriesEntry | undefined,
  make: (a: number, b: number) => string | null,
): (binder: LiveBinder, now: number) => string | null {
  return (binder, now) => {
    const pair = readPair(binder, a, b, now);
    return pair ? (make(pair.a, pair.b) ?? '—') : null;
  };
}

/**
 * Text computed from live values, rewritten by the binder (never a React render per frame). A stale
 * value stays on screen, hatched, with when its data stopped; with no value yet it shows a dash.
 */
export function LiveText({
  compute,
  series,
  testId,
  size = 'md',
  mainFigure,
}: {
  compute: (binder: LiveBinder, now: number) => string | null;
  series: Sources;
  testId?: string | undefined;
  size?: 'sm' | 'md' | 'lg' | 'xl' | undefined;
  /** The page's main figure (what a wall reader looks at first: the kiosk sizes it). */
  mainFigure?: boolean | undefined;
}) {
  const context = useContext(BinderContext);
  const binder = context?.binder ?? null;
  const value = useRef<HTMLSpanElement | null>(null);
  const computeRef = useLatest(compute);
  const since = useSeriesListStaleSince(
    binder?.siteId,
    series.filter((s): s is SeriesEntry => s !== undefined),
  );
  useEffect(
    () => binder?.add((now) => setText(value.current, computeRef.current(binder, now) ?? '—')),
    [binder, computeRef],
  );
  return (
    <StaleMark inline since={since} timeZone={context?.timeZone}>
      <span
        className={classes.live}
        data-size={size}
        data-testid={testId}
        data-stale={since !== null || undefined}
        data-main-figure={mainFigure ? '' : undefined}
      >
        <span ref={value}>—</span>
      </span>
    </StaleMark>
  );
}

/** A series' newest value, formatted with its unit. */
export function LiveValue({
  series,
  format,
  testId,
  size,
  mainFigure,
}: {
  series: SeriesEntry | undefined;
  format: ValueFormat;
  testId?: string | undefined;
  size?: 'sm' | 'md' | 'lg' | 'xl' | undefined;
  mainFigure?: boolean | undefined;
}) {
  return (
    <LiveText
      testId={testId}
      size={size}
      mainFigure={mainFigure}
      series={[series]}
      compute={(binder, now) => {
        const reading = binder.read(series?.id, now);
        return reading ? format(reading.value) : null;
      }}
    />
  );
}
