// An arrow pointing where the wind blows to (its direction is where it comes from, so the arrow is turned
// half a turn further). Like a compass it does not mirror in right-to-left pages.
export function WindArrow({ direction, size = 18 }: { direction: number; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      style={{ transform: `rotate(${(direction + 180) % 360}deg)`, flex: 'none' }}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 20V4" />
      <path d="m6 10 6-6 6 6" />
    </svg>
  );
}
