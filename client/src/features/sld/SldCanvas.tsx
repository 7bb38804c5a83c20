// The live single-line diagram of a site, drawn once per diagram: wires, then each symbol (IEC glyph,
// alarm mark, label and values), then free text. Afterwards nothing renders per frame: the site's
// LiveBinder writes positions, energisation, values, flow arrows and staleness into the SVG
// (liveDiagram.ts), the alarm feed's store writes the alarm marks, and zoom/pan change one transform
// through a ref (useViewport.ts). Shared by the page and the editor's preview.
import type { Alarm } from '@voltscope/shared/alarms';
import { connectionPath, type Diagram, GRID_PX, type SldSymbol, terminalPoint } from '@voltscope/shared/sld/model';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmFeed } from '../../alarmFeed/alarmFeed.ts';
import { useAlarmFeed } from '../../alarmFeed/hooks.ts';
import { deviceName } from '../../data/deviceName.ts';
import { useResource } from '../../data/useResource.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useLiveSite } from '../../live/hooks.ts';
import { call } from '../../session/api.ts';
import { LiveBinder } from '../overview/liveBinding.ts';
import { AlarmMark, AlarmMarkDefs, glyphClasses, labelAnchor, SymbolGlyph } from './glyphs.tsx';
import {
  alarmsByDevice,
  type DeviceAlarms,
  type DrawnDiagram,
  diagramUpdate,
  indexSite,
  type SiteIndex,
  writeAlarms,
} from './liveDiagram.ts';
import classes from './sld.module.css';
import { useViewport, ViewControls } from './useViewport.tsx';

export interface SldCanvasProps {
  siteId: string;
  diagram: Diagram;
  /** A device (or symbol) id to centre on and mark. */
  highlight?: string | null | undefined;
  onSelect?: ((symbol: SldSymbol) => void) | undefined;
  /**
   * The site's devices and series, when the caller fetched them beside the diagram (the page does, so
   * that opening waits for one round trip, not two in a row); fetched here otherwise (the editor's preview).
   */
  index?: SiteIndex | null | undefined;
}

/** The site's devices and series, indexed for the live writes; null until both have arrived. */
export function useSiteIndex(siteId: string, skip = false): SiteIndex | null {
  const params = { id: siteId };
  const devices = useResource(call('GET /api/sites/:id/devices', { params }), skip);
  const series = useResource(call('GET /api/sites/:id/series', { params }), skip);
  return useMemo(
    () => (devices.status === 'ready' && series.status === 'ready' ? indexSite(devices.data, series.data) : null),
    [devices, series],
  );
}

/**
 * Where the drawn elements are, by symbol and connection id: looked up once per drawn diagram (on the
 * first write after React drew it), never per frame (a selector per value per frame was most of a
 * 500-symbol diagram's main-thread time).
 */
interface Found {
  symbols: Map<string, SVGGElement>;
  wires: Map<string, SVGPathElement>;
  values: Map<string, SVGTextElement[]>;
  flows: Map<string, SVGGElement>;
  marks: Map<string, SVGUseElement>;
}

function drawnElements(svg: { current: SVGSVGElement | null }): DrawnDiagram {
  let found: Found | null = null;
  const elements = () => {
    if (found) return found;
    const root = svg.current;
    const next: Found = { symbols: new Map(), wires: new Map(), values: new Map(), flows: new Map(), marks: new Map() };
    if (!root) return next;
    for (const g of root.querySelectorAll<SVGGElement>('g[data-symbol]')) {
      const id = g.dataset.symbol as string;
      next.symbols.set(id, g);
      next.values.set(id, [...g.querySelectorAll<SVGTextElement>('text[data-value]')]);
      const flow = g.querySelector<SVGGElement>('g[data-flow-mark]');
      if (flow) next.flows.set(id, flow);
      const mark = g.querySelector<SVGUseElement>('use[data-mark]');
      if (mark) next.marks.set(id, mark);
    }
    for (const path of root.querySelectorAll<SVGPathElement>('path[data-connection]'))
      next.wires.set(path.dataset.connection as string, path);
    found = next;
    return next;
  };
  return {
    symbol: (id) => elements().symbols.get(id) ?? null,
    wire: (id) => elements().wires.get(id) ?? null,
    value: (id, i) => elements().values.get(id)?.[i] ?? null,
    flow: (id) => elements().flows.get(id) ?? null,
    mark: (id) => elements().marks.get(id) ?? null,
  };
}

const G = GRID_PX;
const textSize = { small: 11, normal: 14, large: 18 } as const;

export function SldCanvas({ siteId, diagram, highlight, onSelect, index: given }: SldCanvasProps) {
  const { t } = useTranslation('sld');
  const lng = useLanguage();
  useLiveSite(siteId);
  useAlarmFeed();
  const fetched = useSiteIndex(siteId, given !== undefined);
  const index = given === undefined ? fetched : given;
  const svgRef = useRef<SVGSVGElement>(null);
  const stageRef = useRef<SVGGElement>(null);
  const selected = useMemo(
    () => diagram.symbols.find((s) => s.id === highlight || (highlight && s.deviceId === highlight)) ?? null,
    [diagram, highlight],
  );
  const viewport = useViewport(svgRef, stageRef, diagram, selected);

  // The drawn elements, found once per drawn diagram.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new diagram is drawn anew: look again.
  const drawn = useMemo<DrawnDiagram>(() => drawnElements(svgRef), [diagram]);

  // Alarms: written when the feed changes, and read by the switches (0 with an open alarm = tripped).
  const alarmsRef = useRef(new Map<string, DeviceAlarms>());
  useEffect(() => {
    const write = (alarms: readonly Alarm[]) => {
      const byDevice = alarmsByDevice(alarms, siteId);
      alarmsRef.current = byDevice;
      writeAlarms(diagram, drawn, byDevice);
    };
    write(alarmFeed.store.getState().alarms);
    return alarmFeed.store.subscribe((state, previous) => {
      if (state.alarms !== previous.alarms) write(state.alarms);
    });
  }, [diagram, drawn, siteId]);

  // Live values: one binder for the site, one update for the whole diagram.
  useEffect(() => {
    if (!index) return;
    const binder = new LiveBinder(siteId);
    const stop = binder.start();
    const remove = binder.add(
      diagramUpdate(diagram, index, drawn, lng, (id) => (alarmsRef.current.get(id)?.active.length ?? 0) > 0, binder),
    );
    const unsubscribe = alarmFeed.store.subscribe(() => binder.refresh());
    return () => {
      unsubscribe();
      remove();
      stop();
    };
  }, [diagram, index, drawn, lng, siteId]);

  const labelOf = (s: SldSymbol): string => {
    const device = s.deviceId ? index?.devices.get(s.deviceId) : undefined;
    return s.label ?? (device ? deviceName(device, lng) : s.kind === 'grid' ? t('grid') : (s.deviceId ?? ''));
  };
  const points = new Map(diagram.symbols.map((s) => [s.id, s]));

  return (
    <div className={classes.canvasWrap} dir="ltr" data-testid="sld-canvas-wrap">
      <svg
        ref={svgRef}
        className={`${glyphClasses.diagram} ${classes.canvas}`}
        role="application"
        aria-roledescription={t('canvas.role')}
        aria-label={t('canvas.label')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas takes the keys that pan and zoom it.
        tabIndex={0}
        data-testid="sld-canvas"
        data-ready={index ? '' : undefined}
        {...viewport.handlers}
      >
        <defs>
          <AlarmMarkDefs />
          <pattern
            id="sld-stale-hatch"
            width={6}
            height={6}
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <line x1={0} y1={0} x2={0} y2={6} className={classes.hatch} />
          </pattern>
        </defs>
        <g ref={stageRef}>
          {diagram.connections.map((c) => {
            const from = points.get(c.from.symbol);
            const to = points.get(c.to.symbol);
            const a = from && terminalPoint(from, c.from.terminal);
            const b = to && terminalPoint(to, c.to.terminal);
            if (!a || !b) return null;
            const d = connectionPath(c, a, b)
              .map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x * G} ${y * G}`)
              .join(' ');
            return <path key={c.id} className={glyphClasses.wire} d={d} data-connection={c.id} data-energy="unknown" />;
          })}
          {diagram.symbols.map((s) => {
            const at = labelAnchor(s);
            // A busbar's values sit above its label's line, clear of the bar.
            const anchor = s.kind === 'busbar' ? { x: at.x, y: at.y - 15 * s.show.length } : at;
            const label = labelOf(s);
            return (
              // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it acts as one.
              <g
                key={s.id}
                className={glyphClasses.symbol}
                data-symbol={s.id}
                data-device={s.deviceId ?? undefined}
                data-kind={s.kind}
                data-energy="unknown"
                data-selected={selected?.id === s.id ? '' : undefined}
                transform={`translate(${s.x * G} ${s.y * G})`}
                tabIndex={0}
                role="button"
                aria-label={t('symbol.label', { name: label, kind: t(`kind.${s.kind}`) })}
                onClick={() => !viewport.dragged() && onSelect?.(s)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onSelect?.(s);
                  }
                }}
              >
                <title>{label}</title>
                <SymbolGlyph symbol={s} />
                {s.kind !== 'busbar' && s.kind !== 'grid' && (
                  <g className={classes.flow} data-flow-mark="" transform="translate(-12 -30)">
                    <path className={classes.flowUp} d="M0 -5 L4 2 L-4 2 Z" />
                    <path className={classes.flowDown} d="M0 5 L4 -2 L-4 -2 Z" />
                  </g>
                )}
                <AlarmMark x={s.kind === 'busbar' ? -30 : -2 * G - 8} y={s.kind === 'busbar' ? -12 : -2 * G} />
                <text className={`${classes.label} ${classes.detail}`} x={anchor.x} y={anchor.y}>
                  {label}
                </text>
                <text className={classes.stateTag} x={anchor.x} y={anchor.y - 14} data-state-tag="">
                  <tspan className={classes.maintenanceTag}>{t('state.maintenance')}</tspan>
                  <tspan className={classes.offlineTag}>{t('state.offline')}</tspan>
                </text>
                {s.show.map((key, i) => (
                  <text
                    key={key}
                    className={`${classes.value} ${classes.detail}`}
                    x={anchor.x}
                    y={anchor.y + 15 * (i + 1)}
                    data-value={i}
                  >
                    —
                  </text>
                ))}
              </g>
            );
          })}
          {diagram.texts.map((text) => (
            <text
              key={text.id}
              className={classes.freeText}
              x={text.x * G}
              y={text.y * G}
              fontSize={textSize[text.size]}
            >
              {text.text}
            </text>
          ))}
        </g>
      </svg>
      <ViewControls viewport={viewport} />
    </div>
  );
}
