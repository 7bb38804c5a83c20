// A priority told apart without colour: a shape of its own (octagon, triangle, diamond, circle) with the
// priority's number in it (1 critical … 4 low), in colours that also differ in lightness (dark red,
// orange, yellow, pale blue), outlined in the text colour so each shows on light and dark surfaces.
// Hollow (`hollow`): the same shape and number, only outlined, for an alarm back to normal that waits
// for its acknowledgement: it is told apart from an active one without colour too.
import type { AlarmPriority } from '@voltscope/shared/alarms';
import classes from './PriorityIcon.module.css';

const shapes: Record<AlarmPriority, { d: string; number: string; y: number }> = {
  critical: { d: 'M8 2h8l6 6v8l-6 6H8l-6-6V8z', number: '1', y: 16.2 },
  high: { d: 'M12 2.5 22.5 21h-21z', number: '2', y: 19 },
  medium: { d: 'M12 1.5 22.5 12 12 22.5 1.5 12z', number: '3', y: 16.2 },
  low: { d: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20z', number: '4', y: 16.2 },
};

export function PriorityIcon({
  priority,
  size = 18,
  hollow = false,
}: {
  priority: AlarmPriority;
  size?: number;
  hollow?: boolean;
}) {
  const shape = shapes[priority];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={classes.icon}
      data-priority={priority}
      data-hollow={hollow || undefined}
    >
      <path d={shape.d} className={classes.shape} />
      <text x="12" y={shape.y} textAnchor="middle" className={classes.number}>
        {shape.number}
      </text>
    </svg>
  );
}
