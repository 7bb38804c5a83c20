// Zoom and pan of the diagram without a React render per mouse move: the view (offset and scale) lives
// in a ref and is written as the stage's transform. Wheel zooms about the pointer, a drag pans, the
// keyboard zooms (+ −), pans (arrows) and fits (0) while the canvas has focus; the diagram fits the
// screen when it opens, or centres on the highlighted symbol.
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { type Diagram, diagramBounds, GRID_PX, type SldSymbol } from '@voltscope/shared/sld/model';
import { type RefObject, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './sld.module.css';

interface View {
  x: number;
  y: number;
  k: number;
}

const MIN_K = 0.2;
const MAX_K = 6;
const STEP = 1.25;
const PAN_PX = 60;

export interface Viewport {
  handlers: {
    onWheel: (e: React.WheelEvent<SVGSVGElement>) => void;
    onPointerDown: (e: React.PointerEvent<SVGSVGElement>) => void;
    onPointerMove: (e: React.PointerEvent<SVGSVGElement>) => void;
    onPointerUp: (e: React.PointerEvent<SVGSVGElement>) => void;
    onKeyDown: (e: React.KeyboardEvent<SVGSVGElement>) => void;
  };
  zoom(factor: number): void;
  fit(): void;
  /** Whether the last pointer gesture moved the view (then it was no click). */
  dragged(): boolean;
}

export function useViewport(
  svgRef: RefObject<SVGSVGElement | null>,
  stageRef: RefObject<SVGGElement | null>,
  diagram: Diagram,
  focus: SldSymbol | null,
): Viewport {
  const view = useRef<View>({ x: 0, y: 0, k: 1 });
  const drag = useRef<{ x: number; y: number; vx: number; vy: number; moved: boolean } | null>(null);
  const moved = useRef(false);

  const apply = useCallback(() => {
    const { x, y, k } = view.current;
    stageRef.current?.setAttribute('transform', `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${k.toFixed(4)})`);
    svgRef.current?.setAttribute('data-zoom', k.toFixed(2));
    // Crowded rows of generators: their labels only once zoomed in enough to read them.
    svgRef.current?.setAttribute('data-detail', k < 1.1 ? 'low' : 'high');
  }, [svgRef, stageRef]);

  const size = useCallback(() => {
    const rect = svgRef.current?.getBoundingClientRect();
    return { w: rect?.width || 800, h: rect?.height || 600 };
  }, [svgRef]);

  const fit = useCallback(() => {
    const b = diagramBounds(diagram);
    const { w, h } = size();
    const k = Math.min(MAX_K, Math.max(MIN_K, Math.min(w / (b.w * GRID_PX), h / (b.h * GRID_PX))));
    view.current = {
      k,
      x: (w - b.w * GRID_PX * k) / 2 - b.x * GRID_PX * k,
      y: (h - b.h * GRID_PX * k) / 2 - b.y * GRID_PX * k,
    };
    apply();
  }, [diagram, size, apply]);

  const zoomAt = useCallback(
    (factor: number, px: number, py: number) => {
      const { x, y, k } = view.current;
      const next = Math.min(MAX_K, Math.max(MIN_K, k * factor));
      view.current = { k: next, x: px - ((px - x) * next) / k, y: py - ((py - y) * next) / k };
      apply();
    },
    [apply],
  );

  const zoom = useCallback(
    (factor: number) => {
      const { w, h } = size();
      zoomAt(factor, w / 2, h / 2);
    },
    [size, zoomAt],
  );

  useLayoutEffect(() => {
    fit();
    if (focus) {
      const { w, h } = size();
      const k = Math.max(view.current.k, 1.4);
      view.current = { k, x: w / 2 - focus.x * GRID_PX * k, y: h / 2 - focus.y * GRID_PX * k };
      apply();
    }
  }, [fit, focus, size, apply]);

  return useMemo<Viewport>(
    () => ({
      zoom,
      fit,
      dragged: () => moved.current,
      handlers: {
        onWheel: (e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          zoomAt(e.deltaY < 0 ? 1.1 : 1 / 1.1, e.clientX - rect.left, e.clientY - rect.top);
        },
        onPointerDown: (e) => {
          if (e.button !== 0) return;
          moved.current = false;
          drag.current = { x: e.clientX, y: e.clientY, vx: view.current.x, vy: view.current.y, moved: false };
        },
        onPointerMove: (e) => {
          const d = drag.current;
          if (!d) return;
          const dx = e.clientX - d.x;
          const dy = e.clientY - d.y;
          if (!d.moved && Math.hypot(dx, dy) < 4) return;
          if (!d.moved) e.currentTarget.setPointerCapture(e.pointerId);
          d.moved = true;
          moved.current = true;
          view.current = { ...view.current, x: d.vx + dx, y: d.vy + dy };
          apply();
        },
        onPointerUp: () => {
          drag.current = null;
        },
        onKeyDown: (e) => {
          const pan: Record<string, [number, number]> = {
            ArrowLeft: [PAN_PX, 0],
            ArrowRight: [-PAN_PX, 0],
            ArrowUp: [0, PAN_PX],
            ArrowDown: [0, -PAN_PX],
          };
          const step = pan[e.key];
          if (step) {
            view.current = { ...view.current, x: view.current.x + step[0], y: view.current.y + step[1] };
            apply();
          } else if (e.key === '+' || e.key === '=') zoom(STEP);
          else if (e.key === '-' || e.key === '_') zoom(1 / STEP);
          else if (e.key === '0') fit();
          else return;
          e.preventDefault();
        },
      },
    }),
    [zoom, fit, zoomAt, apply],
  );
}

/** The +, − and fit buttons over the canvas. */
export function ViewControls({ viewport }: { viewport: Viewport }) {
  const { t } = useTranslation('sld');
  return (
    <Group gap={4} className={classes.controls}>
      <Tooltip label={t('view.zoomIn')}>
        <ActionIcon
          variant="default"
          aria-label={t('view.zoomIn')}
          onClick={() => viewport.zoom(STEP)}
          data-testid="sld-zoom-in"
        >
          +
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('view.zoomOut')}>
        <ActionIcon variant="default" aria-label={t('view.zoomOut')} onClick={() => viewport.zoom(1 / STEP)}>
          −
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('view.fit')}>
        <ActionIcon variant="default" aria-label={t('view.fit')} onClick={viewport.fit} data-testid="sld-fit">
          ⤢
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
