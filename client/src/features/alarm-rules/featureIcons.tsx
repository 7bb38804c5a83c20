// The few icons this page needs beyond the app's set (ui/icons.tsx), in the same stroke style.
import type { ReactNode } from 'react';

function Stroke({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const IconPlus = ({ size = 16 }: { size?: number }) => (
  <Stroke size={size}>
    <path d="M12 5v14M5 12h14" />
  </Stroke>
);

export const IconTrash = ({ size = 16 }: { size?: number }) => (
  <Stroke size={size}>
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Stroke>
);

export const IconCopy = ({ size = 16 }: { size?: number }) => (
  <Stroke size={size}>
    <path d="M8 8h11v11H8zM16 8V5H5v11h3" />
  </Stroke>
);
