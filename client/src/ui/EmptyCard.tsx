// Where a page's content would be when there is none: a card with an icon, what is missing and why.
import { Card, EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

export function EmptyCard({
  icon,
  title,
  description,
  testId,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  testId: string;
}) {
  return (
    <Card py="xl">
      <EmptyState icon={icon} withIndicatorBackground title={title} description={description} data-testid={testId} />
    </Card>
  );
}
