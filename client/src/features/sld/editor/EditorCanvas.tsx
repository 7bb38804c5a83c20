// The drawing surface: a grid, the draft's wires, symbols (SymbolGlyph), free text and each symbol's
// terminals as small circles. Drag a symbol or a text to move it (snapped to cells, one undo step per
// drag), drag the background to pan, wheel to zoom about the pointer, click a terminal then another to
// draw a wire. The canvas stays left-to-right in every language (the diagram is not mirrored).
import {
  connectionPath,
  type Diagram,
  GRID_PX,
  type SldSymbol,
  terminalPoint,
  terminalsOf,
} from '@voltscope/shared/sld/model';
import { type PointerEvent as ReactPointerEvent, useRef, useState, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { glyphClasses, labelAnchor, SymbolGlyph } from '../glyphs.tsx';
import classes from './editor.module.css';
import { clickTerminal, dragTo, type EditorState, endDrag, type Selection, select } from './editorState.ts';
import type { Apply } from './useEditorState.ts';

const G = GRID_PX;

export interface View {
  /** Screen offset of cell (0, 0), in pixels. */
  x: number;
  y: number;
  /** Zoom. */
  k: number;
}

type Gesture =
  | { type: 'drag'; item: NonNullable<Selection>; grab: [number, number]; moved: boolean }
  | { type: 'pan'; from: [number, number]; view: View; moved: boolean };

interface Props {
  state: EditorState;
  apply: Apply;
  view: View;
  setView: (view: View) => void;
  /** What a symbol is called on the canvas (its label, its device's name, or its kind and id). */
  nameOf: (symbol: SldSymbol) => string;
}

const pathOf = (points: [number, number][]) =>
  points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x * G} ${y * G}`).join(' ');

export const zoomAt = (view: View, factor: number, px: number, py: number): View => {
  const k = Math.min(4, Math.max(0.2, view.k * factor));
  const f = k / view.k;
  return { k, x: px - (px - view.x) * f, y: py - (py - view.y) * f };
};

export function EditorCanvas({ state, apply, view, setView, nameOf }: Props) {
  const { t } = useTranslation('sldEditor');
  const svg = useRef<SVGSVGElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const [pointer, setPointer] = useState<[number, number] | null>(null);
  const { draft, selection, wireFrom } = state;
  const symbols = new Map(draft.symbols.map((s) => [s.id, s]));

  /** The pointer in cells (not snapped). */
  const cellAt = (event: { clientX: number; clientY: number }): [number, number] => {
    const box = svg.current?.getBoundingClientRect();
    const px = event.clientX - (box?.left ?? 0);
    const py = event.clientY - (box?.top ?? 0);
    return [(px - view.x) / (G * view.k), (py - view.y) / (G * view.k)];
  };

  const startDrag = (event: ReactPointerEvent, item: NonNullable<Selection>, at: [number, number]) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    const [cx, cy] = cellAt(event);
    gesture.current = { type: 'drag', item, grab: [cx - at[0], cy - at[1]], moved: false };
    svg.current?.setPointerCapture(event.pointerId);
    apply((s) => select(s, item));
  };

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (event.button !== 0 && event.button !== 1) return;
    // A terminal (its circles carry `data-terminal="symbol:terminal"`) starts or ends a wire.
    const end = event.target instanceof Element ? event.target.getAttribute('data-terminal') : null;
    if (end) {
      const [symbol = '', terminal = ''] = end.split(':');
      apply((s) => clickTerminal(s, { symbol, terminal }));
      return;
    }
    gesture.current = { type: 'pan', from: [event.clientX, event.clientY], view, moved: false };
    svg.current?.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    const g = gesture.current;
    if (wireFrom) setPointer(cellAt(event));
    if (!g) return;
    if (g.type === 'pan') {
      const dx = event.clientX - g.from[0];
      const dy = event.clientY - g.from[1];
      if (Math.abs(dx) + Math.abs(dy) > 3) g.moved = true;
      if (g.moved) setView({ ...g.view, x: g.view.x + dx, y: g.view.y + dy });
      return;
    }
    const [cx, cy] = cellAt(event);
    g.moved = true;
    apply((s) => dragTo(s, g.item, cx - g.grab[0], cy - g.grab[1]));
  };

  const onPointerUp = () => {
    const g = gesture.current;
    gesture.current = null;
    if (!g) return;
    if (g.type === 'drag') apply(endDrag);
    // A click on the empty canvas clears the selection.
    else if (!g.moved) apply((s) => select(s, null));
  };

  const onWheel = (event: WheelEvent<SVGSVGElement>) => {
    const box = svg.current?.getBoundingClientRect();
    setView(
      zoomAt(view, event.deltaY < 0 ? 1.1 : 1 / 1.1, event.clientX - (box?.left ?? 0), event.clientY - (box?.top ?? 0)),
    );
  };

  const wireStart = wireFrom ? symbols.get(wireFrom.symbol) : undefined;
  const wireStartPoint = wireStart && wireFrom ? terminalPoint(wireStart, wireFrom.terminal) : null;

  return (
    <svg
      ref={svg}
      className={`${glyphClasses.diagram} ${classes.canvas}`}
      role="application"
      aria-label={t('canvas.label')}
      data-testid="sld-editor-canvas"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onWheel={onWheel}
    >
      <defs>
        <pattern
          id="sld-editor-grid"
          width={G * view.k}
          height={G * view.k}
          patternUnits="userSpaceOnUse"
          x={view.x}
          y={view.y}
        >
          <circle cx={0.5} cy={0.5} r={1} className={classes.gridDot} />
        </pattern>
        <pattern id="sld-stale-hatch" width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <line x1={0} y1={0} x2={0} y2={6} className={classes.hatch} />
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill="url(#sld-editor-grid)" />
      <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
        <Wires diagram={draft} selection={selection} apply={apply} />
        {draft.symbols.map((symbol) => {
          const anchor = labelAnchor(symbol);
          const selected = selection?.type === 'symbol' && selection.id === symbol.id;
          return (
            <g key={symbol.id} transform={`translate(${symbol.x * G} ${symbol.y * G})`}>
              <g
                className={glyphClasses.symbol}
                data-symbol={symbol.id}
                data-kind={symbol.kind}
                data-selected={selected ? '' : undefined}
                onPointerDown={(e) => startDrag(e, { type: 'symbol', id: symbol.id }, [symbol.x, symbol.y])}
              >
                <SymbolGlyph symbol={symbol} />
                <text className={glyphClasses.label} x={anchor.x} y={anchor.y}>
                  {nameOf(symbol)}
                </text>
              </g>
            </g>
          );
        })}
        {draft.symbols.flatMap((symbol) =>
          Object.keys(terminalsOf(symbol)).map((terminal) => {
            const point = terminalPoint(symbol, terminal);
            if (!point) return null;
            const active = wireFrom?.symbol === symbol.id && wireFrom.terminal === terminal;
            return (
              <circle
                key={`${symbol.id}:${terminal}`}
                className={classes.terminal}
                data-terminal={`${symbol.id}:${terminal}`}
                data-active={active ? '' : undefined}
                cx={point[0] * G}
                cy={point[1] * G}
                r={5}
              >
                <title>{t('canvas.terminal', { terminal, symbol: nameOf(symbol) })}</title>
              </circle>
            );
          }),
        )}
        {draft.texts.map((text) => (
          <text
            key={text.id}
            className={`${glyphClasses.freeText} ${classes.text}`}
            data-text={text.id}
            data-size={text.size}
            data-selected={selection?.type === 'text' && selection.id === text.id ? '' : undefined}
            x={text.x * G}
            y={text.y * G}
            onPointerDown={(e) => startDrag(e, { type: 'text', id: text.id }, [text.x, text.y])}
          >
            {text.text}
          </text>
        ))}
        {wireStartPoint && pointer && (
          <line
            className={classes.rubber}
            x1={wireStartPoint[0] * G}
            y1={wireStartPoint[1] * G}
            x2={pointer[0] * G}
            y2={pointer[1] * G}
          />
        )}
      </g>
    </svg>
  );
}

function Wires({ diagram, selection, apply }: { diagram: Diagram; selection: Selection; apply: Apply }) {
  const symbols = new Map(diagram.symbols.map((s) => [s.id, s]));
  return diagram.connections.map((c) => {
    const a = symbols.get(c.from.symbol);
    const b = symbols.get(c.to.symbol);
    const from = a && terminalPoint(a, c.from.terminal);
    const to = b && terminalPoint(b, c.to.terminal);
    if (!from || !to) return null;
    const d = pathOf(connectionPath(c, from, to));
    const selected = selection?.type === 'connection' && selection.id === c.id;
    return (
      <g key={c.id} data-connection={c.id} data-selected={selected ? '' : undefined} className={classes.wireGroup}>
        <path className={glyphClasses.wire} d={d} />
        <path
          className={classes.wireHit}
          d={d}
          onPointerDown={(e) => {
            e.stopPropagation();
            apply((s) => select(s, { type: 'connection', id: c.id }));
          }}
        />
      </g>
    );
  });
}
