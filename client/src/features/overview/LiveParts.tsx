// The live building blocks of the overview pages: the site's binder (see liveBinding.ts) in a context,
// and a live value that writes itself into the DOM and says when it is stale.
import type { SeriesEntry } from '@voltscope/shared/fleet';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveSite } from '../../live/hooks.ts';
import { useLatest } from '../../ui/useLatest.ts';
import type { ValueFormat } from './format.ts';
import { LiveBinder, readPair, setAttr, setText, staleAfter } from './liveBinding.ts';
import classes from './overview.module.css';

const BinderContext = createContext<LiveBinder | null>(null);

/** Follows the site's live frames and gives its binder to the live values below. */
export function LiveSite({ siteId, children }: { siteId: string; children: ReactNode }) {
  useLiveSite(siteId);
  const [binder, setBinder] = useState<LiveBinder | null>(null);
  useEffect(() => {
    const next = new LiveBinder(siteId);
    setBinder(next);
    return next.start();
  }, [siteId]);
  return binder ? <BinderContext.Provider value={binder}>{children}</BinderContext.Provider> : null;
}

export const useBinder = (): LiveBinder | null => useContext(BinderContext);

/** What a live text shows now: its text and whether the value behind it is stale. */
export interface LiveTextState {
  text: string;
  stale: boolean;
}

/** A value derived from two live series: stale when either is. */
export function derived(
  a: SeriesEntry | undefined,
  b: SeriesEntry | undefined,
  make: (a: number, b: number) => string | null,
): (binder: LiveBinder, now: number) => LiveTextState | null {
  return (binder, now) => {
    const pair = readPair(binder, a, b, now);
    if (!pair || !a) return null;
    return { text: make(pair.a, pair.b) ?? '—', stale: pair.age > staleAfter(a.periodMs) };
  };
}

/**
 * Text computed from live values, rewritten by the binder (never a React render per frame). A stale
 * value stays on screen, dimmed and labelled as stale; with no value yet it shows a dash.
 */
export function LiveText({
  compute,
  testId,
  size = 'md',
}: {
  compute: (binder: LiveBinder, now: number) => LiveTextState | null;
  testId?: string | undefined;
  size?: 'sm' | 'md' | 'lg' | 'xl' | undefined;
}) {
  const { t } = useTranslation(['overview', 'common']);
  const binder = useBinder();
  const root = useRef<HTMLSpanElement | null>(null);
  const value = useRef<HTMLSpanElement | null>(null);
  const tag = useRef<HTMLSpanElement | null>(null);
  const computeRef = useLatest(compute);
  useEffect(
    () =>
      binder?.add((now) => {
        const state = computeRef.current(binder, now);
        setText(value.current, state?.text ?? '—');
        const stale = state?.stale ?? false;
        setAttr(root.current, 'data-stale', stale ? 'true' : null);
        if (tag.current && tag.current.hidden === stale) tag.current.hidden = !stale;
      }),
    [binder, computeRef],
  );
  return (
    <span ref={root} className={classes.live} data-size={size} data-testid={testId}>
      <span ref={value}>—</span>
      <span ref={tag} className={classes.staleTag} hidden>
        {t('overview:stale')}
      </span>
    </span>
  );
}

/** A series' newest value, formatted with its unit. */
export function LiveValue({
  series,
  format,
  testId,
  size,
}: {
  series: SeriesEntry | undefined;
  format: ValueFormat;
  testId?: string | undefined;
  size?: 'sm' | 'md' | 'lg' | 'xl' | undefined;
}) {
  return (
    <LiveText
      testId={testId}
      size={size}
      compute={(binder, now) => {
        const reading = binder.read(series?.id, now);
        return reading && series
          ? { text: format(reading.value), stale: reading.age > staleAfter(series.periodMs) }
          : null;
      }}
    />
  );
}
