// The plan with its devices, zones and tracks: the picture through <img> (an SVG in it runs nothing),
// an SVG overlay in plan metres above it. The plan is a drawing of the ground: it is never mirrored, only
// the page around it follows the reader's direction. Markers at the playback time are moved by the
// playback's animation frames (refs, no React render per frame).
import { useComputedColorScheme } from '@mantine/core';
import type { SitePlan, Track, TrackPoint } from '@voltscope/shared/contracts/motion';
import { type PointerEvent, type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/useLanguage.ts';
import classes from './motion.module.css';
import { nearestPoint, planDeviceName, useBlobUrl, wedge } from './motionData.ts';

export type PlanDevice = SitePlan['devices'][number];

export interface PlanViewProps {
  plan: SitePlan;
  tracks: readonly Track[];
  highlight: string | null;
  onHover?: (trackId: string | null) => void;
  onPick?: (track: Track, point: TrackPoint) => void;
  /** Filled with each track's marker, for the playback to move. */
  markers?: RefObject<Map<string, SVGCircleElement>>;
  zoneName: (zone: { id: string; name: string }) => string;
  /** Editor: devices drag, clicks add a zone's corner. */
  edit?: {
    onMove: (deviceId: string, x: number, y: number) => void;
    onPlanClick: (x: number, y: number) => void;
    draft: [number, number][];
  };
}

const colours = {
  light: {
    person: '#1864ab',
    vehicle: '#5f3dc4',
    alarm: '#c92a2a',
    zone: '#e67700',
    device: '#212529',
    label: '#212529',
    halo: '#ffffff',
  },
  dark: {
    person: '#74c0fc',
    vehicle: '#b197fc',
    alarm: '#ff8787',
    zone: '#ffc078',
    device: '#f1f3f5',
    label: '#f1f3f5',
    halo: '#1a1b1e',
  },
} as const;

export function PlanView({ plan, tracks, highlight, onHover, onPick, markers, zoneName, edit }: PlanViewProps) {
  const { t } = useTranslation('motion');
  const lng = useLanguage();
  const scheme = useComputedColorScheme('light');
  const c = colours[scheme];
  const image = useBlobUrl(plan.generated ? `${plan.imageUrl}?theme=${scheme}` : plan.imageUrl);
  const svg = useRef<SVGSVGElement>(null);
  const dragging = useRef<string | null>(null);
  const unit = Math.max(plan.width, plan.height) / 400;

  /** A pointer's position in plan metres. */
  const toPlan = (event: { clientX: number; clientY: number }) => {
    const matrix = svg.current?.getScreenCTM();
    if (!svg.current || !matrix) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: Math.max(0, Math.min(plan.width, p.x)), y: Math.max(0, Math.min(plan.height, p.y)) };
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!edit || !dragging.current) return;
    const p = toPlan(event);
    if (p) edit.onMove(dragging.current, Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10);
  };

  return (
    <div
      className={classes.plan}
      dir="ltr"
      data-testid="motion-plan"
      style={{ aspectRatio: `${plan.width} / ${plan.height}` }}
    >
      {image.url && <img className={classes.planImage} src={image.url} alt={t('planImage')} draggable={false} />}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: clicks place a zone's corners in the editor, a pointer's work; the zone list edits zones by keyboard */}
      <svg
        ref={svg}
        className={classes.overlay}
        viewBox={`0 0 ${plan.width} ${plan.height}`}
        role="img"
        aria-label={t('planLabel', { devices: plan.devices.length, tracks: tracks.length })}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          dragging.current = null;
        }}
        onClick={(event) => {
          if (!edit || event.target !== svg.current) return;
          const p = toPlan(event);
          if (p) edit.onPlanClick(Math.round(p.x), Math.round(p.y));
        }}
      >
        <defs>
          {(['person', 'vehicle', 'alarm'] as const).map((k) => (
            <marker
              key={k}
              id={`arrow-${k}`}
              viewBox="0 0 10 10"
              refX="5"
              refY="5"
              markerWidth="3"
              markerHeight="3"
              orient="auto"
            >
              <path d="M0,0 L10,5 L0,10 z" fill={c[k]} />
            </marker>
          ))}
        </defs>
        {plan.zones.map((zone) => {
          const [x, y] = zone.points[0] ?? [0, 0];
          return (
            <g key={zone.id} data-testid="motion-zone">
              <polygon
                points={zone.points.map((p) => p.join(',')).join(' ')}
                fill={c.zone}
                fillOpacity={0.12}
                stroke={c.zone}
                strokeWidth={0.8 * unit}
                strokeDasharray={`${3 * unit} ${2 * unit}`}
                pointerEvents="none"
              />
              <text
                x={x + 3 * unit}
                y={y + 9 * unit}
                className={classes.label}
                fontSize={7 * unit}
                fill={c.label}
                stroke={c.halo}
                strokeWidth={2 * unit}
                paintOrder="stroke"
              >
                {zoneName(zone)}
              </text>
            </g>
          );
        })}
        {edit && edit.draft.length > 0 && (
          <polyline
            points={edit.draft.map((p) => p.join(',')).join(' ')}
            fill="none"
            stroke={c.zone}
            strokeWidth={1.5 * unit}
          />
        )}
        {tracks.map((track) => {
          const colour = track.alarmId !== null ? c.alarm : c[track.kind];
          const marker = track.alarmId !== null ? 'alarm' : track.kind;
          const on = highlight === track.id;
          // Every vertex has an arrow: the direction. The track list beside offers the same by keyboard.
          return (
            <g key={track.id} data-testid="motion-track" data-track={track.id} opacity={highlight && !on ? 0.35 : 1}>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: a track on the plan is picked with a pointer; the list beside it is the keyboard's way */}
              <polyline
                points={track.points.map((p) => `${p.x},${p.y}`).join(' ')}
                fill="none"
                stroke={colour}
                strokeWidth={(on ? 2.6 : 1.6) * unit}
                strokeLinejoin="round"
                markerMid={`url(#arrow-${marker})`}
                markerEnd={`url(#arrow-${marker})`}
                className={classes.track}
                onPointerEnter={() => onHover?.(track.id)}
                onPointerLeave={() => onHover?.(null)}
                onClick={(event) => {
                  const p = toPlan(event);
                  const point = p && nearestPoint(track.points, p.x, p.y);
                  if (point) onPick?.(track, point);
                }}
              />
              <circle
                ref={(el) => {
                  if (el) markers?.current.set(track.id, el);
                  else markers?.current.delete(track.id);
                }}
                r={3.2 * unit}
                fill={colour}
                stroke={c.halo}
                strokeWidth={1 * unit}
                visibility="hidden"
                data-testid="motion-marker"
                pointerEvents="none"
              />
            </g>
          );
        })}
        {plan.devices.map((d) => (
          <DeviceMark
            key={d.deviceId}
            device={d}
            unit={unit}
            width={plan.width}
            colour={c.device}
            halo={c.halo}
            label={planDeviceName(d, lng)}
            {...(edit && {
              onPointerDown: (event: PointerEvent) => {
                event.stopPropagation();
                (event.target as Element).setPointerCapture?.(event.pointerId);
                dragging.current = d.deviceId;
              },
            })}
          />
        ))}
      </svg>
    </div>
  );
}

function DeviceMark({
  device: d,
  unit,
  colour,
  halo,
  label,
  width,
  onPointerDown,
}: {
  device: PlanDevice;
  unit: number;
  colour: string;
  halo: string;
  label: string;
  width: number;
  onPointerDown?: (event: PointerEvent) => void;
}) {
  const s = 4 * unit;
  // Near the plan's right edge the name goes on the device's left, inside the plan.
  const flip = d.x > width * 0.8;
  return (
    <g
      data-testid="motion-device"
      data-device={d.deviceId}
      data-type={d.type}
      className={onPointerDown ? classes.draggable : undefined}
      onPointerDown={onPointerDown}
    >
      <title>{label}</title>
      {d.type === 'camera' && d.heading !== null && (
        <path d={wedge(d.x, d.y, d.heading, 45 * unit)} fill={colour} fillOpacity={0.08} stroke="none" />
      )}
      {d.type === 'motion_sensor' && d.range !== null && (
        <circle
          cx={d.x}
          cy={d.y}
          r={d.range}
          fill={colour}
          fillOpacity={0.05}
          stroke={colour}
          strokeOpacity={0.35}
          strokeWidth={0.5 * unit}
        />
      )}
      {d.type === 'camera' && (
        <rect
          x={d.x - s}
          y={d.y - s * 0.7}
          width={s * 2}
          height={s * 1.4}
          rx={s * 0.3}
          fill={colour}
          stroke={halo}
          strokeWidth={0.8 * unit}
        />
      )}
      {d.type === 'motion_sensor' && (
        <circle cx={d.x} cy={d.y} r={s * 0.9} fill={colour} stroke={halo} strokeWidth={0.8 * unit} />
      )}
      {d.type === 'door_reader' && (
        <path
          d={`M${d.x},${d.y - s} L${d.x + s},${d.y} L${d.x},${d.y + s} L${d.x - s},${d.y} Z`}
          fill={colour}
          stroke={halo}
          strokeWidth={0.8 * unit}
        />
      )}
      <text
        x={flip ? d.x - s - 2 * unit : d.x + s + 2 * unit}
        y={d.y + 2 * unit}
        textAnchor={flip ? 'end' : 'start'}
        className={classes.label}
        fontSize={6 * unit}
        fill={colour}
        stroke={halo}
        strokeWidth={2 * unit}
        paintOrder="stroke"
      >
        {label}
      </text>
    </g>
  );
}
