// An arrow pointing where the wind blows to (its direction is where it comes from, so the arrow is turned
// half a turn further). Like a compass it does not mirror in right-to-left pages.
import { SvgIcon } from '../../ui/icons.tsx';

export function WindArrow({ direction, size = 18 }: { direction: number; size?: number }) {
  return (
    <SvgIcon
      shape={{ paths: ['M12 20V4', 'm6 10 6-6 6 6'] }}
      size={size}
      stroke={2}
      style={{ transform: `rotate(${(direction + 180) % 360}deg)`, flex: 'none' }}
    />
  );
}
