// The head of a dashboard card: its title (a level-3 heading) and a line of hint under it, with the
// card's controls or badges at the other end.
import { Group, type MantineSpacing, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function CardHead({
  title,
  hint,
  gap,
  children,
}: {
  title: string;
  hint: string;
  gap: MantineSpacing;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="xs" gap={gap}>
      <div>
        <Text fw={600} component="h3" fz="lg">
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </div>
      {children}
    </Group>
  );
}
