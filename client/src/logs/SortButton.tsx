// A column header that sorts its table: an arrow up or down on the sorted column, a faint double arrow on the
// others, and the same said in words for screen readers.
import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconArrowsUpDown, IconArrowUp } from '../ui/icons.tsx';
import classes from './logs.module.css';

export function SortButton({
  children,
  order,
  said,
  onClick,
  testId,
}: {
  children: ReactNode;
  /** The order the table is in by this column; null when it is sorted by another. */
  order: 'asc' | 'desc' | null;
  /** What the arrow means, for screen readers. */
  said: string;
  onClick: () => void;
  testId?: string;
}) {
  return (
    <UnstyledButton className={classes.sortButton} onClick={onClick} data-testid={testId}>
      {children}
      {order ? (
        <IconArrowUp
          size={14}
          className={classes.sortMark}
          data-active
          style={order === 'desc' ? { transform: 'rotate(180deg)' } : undefined}
        />
      ) : (
        <IconArrowsUpDown size={14} className={classes.sortMark} />
      )}
      <VisuallyHidden>{said}</VisuallyHidden>
    </UnstyledButton>
  );
}
