// The diagram's symbols (IEC 60617 shapes) as SVG, drawn in pixels around the symbol's anchor with the
// terminals where shared/src/sld/model.ts puts them (GRID_PX per cell). One drawing serves the live
// viewer and the editor. Everything that moves is an attribute on the placed symbol's <g>, read by CSS
// (glyphs.module.css), so a frame changes attributes and text, never the tree:
//   data-energy   live | dead | unknown      (the wires and the body's ink)
//   data-position closed | open | tripped | unknown   (a switch's blade; closed when absent)
//   data-alarm    critical | high | medium | low      (the priority mark beside it)
//   data-unacked  present while that alarm waits for its acknowledgement (the mark blinks)
//   data-stale    present when its values are too old to trust (greyed, hatched)
//   data-selected present for the symbol the page is centred on
import type { AlarmPriority } from '@voltscope/shared/alarms';
import { GRID_PX, type SldSymbol, type SymbolKind, symbolSize } from '@voltscope/shared/sld/model';
import type { ReactNode } from 'react';
import classes from './glyphs.module.css';

const G = GRID_PX;

/** A wire inside a symbol, from a terminal to its body. */
const Lead = ({ y1, y2 }: { y1: number; y2: number }) => (
  <line className={classes.wire} x1={0} y1={y1} x2={0} y2={y2} />
);

function Switch({ breaker }: { breaker: boolean }) {
  return (
    <>
      <Lead y1={-2 * G} y2={-14} />
      <Lead y1={14} y2={2 * G} />
      {breaker ? (
        // IEC 60617 circuit-breaker: a cross at the fixed contact.
        <path className={classes.ink} d="M-5 -19 L5 -9 M5 -19 L-5 -9" />
      ) : (
        // Disconnector: a bar at the fixed contact.
        <path className={classes.ink} d="M-6 -14 H6" />
      )}
      <line className={`${classes.wire} ${classes.bladeClosed}`} x1={0} y1={14} x2={0} y2={-14} />
      <line className={`${classes.ink} ${classes.bladeOpen}`} x1={0} y1={14} x2={-13} y2={-10} />
      {/* Tripped by its protection: a flag beside the open blade. */}
      <path className={classes.tripFlag} d="M8 -6 L18 0 L8 6 Z" />
      <text className={classes.unknownMark} x={10} y={4}>
        ?
      </text>
    </>
  );
}

const bodies: Record<SymbolKind, (symbol: Pick<SldSymbol, 'length'>) => ReactNode> = {
  grid: () => (
    <>
      {/* The network: a lattice (IEC 60617 "network, feeder"). */}
      <rect className={classes.body} x={-18} y={-18} width={36} height={36} />
      <path className={classes.ink} d="M-18 -18 L18 18 M18 -18 L-18 18 M0 -18 V18 M-18 0 H18" />
      <Lead y1={18} y2={2 * G} />
    </>
  ),
  meter: () => (
    <>
      <Lead y1={-2 * G} y2={-14} />
      <rect className={classes.body} x={-15} y={-14} width={30} height={28} />
      <text className={classes.symbolText} x={0} y={4}>
        Wh
      </text>
      <Lead y1={14} y2={2 * G} />
    </>
  ),
  breaker: () => <Switch breaker />,
  disconnector: () => <Switch breaker={false} />,
  busbar: ({ length }) => (
    <line className={`${classes.wire} ${classes.busbar}`} x1={0} y1={0} x2={(length ?? 8) * G} y2={0} />
  ),
  transformer: () => (
    <>
      <Lead y1={-2 * G} y2={-23} />
      <circle className={classes.body} cx={0} cy={-9} r={14} />
      <circle className={classes.body} cx={0} cy={9} r={14} />
      <Lead y1={23} y2={2 * G} />
    </>
  ),
  inverter: () => (
    <>
      <Lead y1={-2 * G} y2={-24} />
      {/* Inverter: AC (~) towards the grid, DC (=) towards the array. */}
      <rect className={classes.body} x={-14} y={-24} width={28} height={26} />
      <path className={classes.ink} d="M-14 2 L14 -24" />
      <text className={classes.smallText} x={-7} y={-12}>
        ~
      </text>
      <path className={classes.ink} d="M3 -5 H10 M3 -2 H10" />
      <line className={classes.ink} x1={0} y1={2} x2={0} y2={10} />
      {/* PV array: a panel of cells. */}
      <rect className={classes.body} x={-14} y={10} width={28} height={18} />
      <path className={classes.ink} d="M-14 19 H14 M-5 10 V28 M5 10 V28" />
    </>
  ),
  turbine: () => (
    <>
      <Lead y1={-2 * G} y2={-20} />
      <circle className={classes.body} cx={0} cy={-6} r={14} />
      <text className={classes.symbolText} x={0} y={-2}>
        G
      </text>
      <line className={classes.ink} x1={0} y1={8} x2={0} y2={20} />
      {/* The rotor: three blades. */}
      <path className={classes.ink} d="M0 20 L0 8 M0 20 L-11 27 M0 20 L11 27" />
      <circle className={classes.ink} cx={0} cy={20} r={2} />
    </>
  ),
  generator: () => (
    <>
      <Lead y1={-2 * G} y2={-20} />
      <circle className={classes.body} cx={0} cy={-4} r={16} />
      <text className={classes.symbolText} x={0} y={-3}>
        G
      </text>
      <text className={classes.smallText} x={0} y={8}>
        ~
      </text>
    </>
  ),
};

/** The priority marks of the alarm icons (PriorityIcon's shapes, numbers and colours), one per priority. */
const priorityShapes: Record<AlarmPriority, { d: string; number: string; y: number; fill: string; ink: string }> = {
  critical: { d: 'M8 2h8l6 6v8l-6 6H8l-6-6V8z', number: '1', y: 16.2, fill: '#a51111', ink: '#fff' },
  high: { d: 'M12 2.5 22.5 21h-21z', number: '2', y: 19, fill: '#f0700a', ink: '#1a1b1e' },
  medium: { d: 'M12 1.5 22.5 12 12 22.5 1.5 12z', number: '3', y: 16.2, fill: '#fcd34d', ink: '#1a1b1e' },
  low: { d: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20z', number: '4', y: 16.2, fill: '#bfdbfe', ink: '#1a1b1e' },
};

/** The id of a priority's mark in the canvas's <defs> (see AlarmMarkDefs). */
export const alarmMarkRef = (priority: AlarmPriority) => `#sld-mark-${priority}`;

/** The four priority marks, drawn once in the canvas's <defs> and used by every symbol's mark. */
export function AlarmMarkDefs() {
  return (
    <>
      {(Object.keys(priorityShapes) as AlarmPriority[]).map((priority) => {
        const shape = priorityShapes[priority];
        return (
          <symbol key={priority} id={alarmMarkRef(priority).slice(1)} viewBox="0 0 24 24">
            <path d={shape.d} className={classes.markShape} fill={shape.fill} />
            <text x={12} y={shape.y} className={classes.markNumber} fill={shape.ink}>
              {shape.number}
            </text>
          </symbol>
        );
      })}
    </>
  );
}

/** The box a symbol's hit area, halo and selection ring cover, in pixels at rotation 0. */
export function symbolBox(symbol: Pick<SldSymbol, 'kind' | 'length'>): { x: number; y: number; w: number; h: number } {
  const { w, h } = symbolSize(symbol);
  if (symbol.kind === 'busbar') return { x: -4, y: -8, w: w * G + 8, h: 16 };
  return { x: (-w / 2) * G - 6, y: (-h / 2) * G, w: w * G + 12, h: h * G };
}

/** A symbol's shape, rotated, with its hit area, halo and selection ring (attributes drive their look). */
export function SymbolGlyph({ symbol }: { symbol: Pick<SldSymbol, 'kind' | 'length' | 'rotation'> }) {
  const box = symbolBox(symbol);
  return (
    <g transform={symbol.rotation ? `rotate(${symbol.rotation})` : undefined}>
      <rect className={classes.halo} x={box.x - 4} y={box.y - 4} width={box.w + 8} height={box.h + 8} rx={6} />
      <rect className={classes.selection} x={box.x - 8} y={box.y - 8} width={box.w + 16} height={box.h + 16} rx={8} />
      <rect className={classes.hit} x={box.x} y={box.y} width={box.w} height={box.h} />
      {bodies[symbol.kind](symbol)}
    </g>
  );
}

/**
 * The alarm mark beside a symbol: one <use> of the priority's mark (its `href` written with the alarm,
 * not four drawings per symbol), shown by `data-alarm` on the symbol.
 */
export function AlarmMark({ x, y }: { x: number; y: number }) {
  return (
    <use className={classes.alarmMark} x={x} y={y} width={24} height={24} href={alarmMarkRef('low')} data-mark="" />
  );
}

/** Where a symbol's label and values start (right of it; above the left end of a busbar), in pixels. */
export function labelAnchor(symbol: Pick<SldSymbol, 'kind' | 'length' | 'rotation'>): { x: number; y: number } {
  if (symbol.kind === 'busbar') return { x: 0, y: -14 };
  const sideways = symbol.rotation === 90 || symbol.rotation === 270;
  return sideways ? { x: -2 * G, y: 2 * G + 6 } : { x: G + 10, y: -10 };
}

export { classes as glyphClasses };
