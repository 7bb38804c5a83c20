// One figure of the period as a tile: a label, the value, and maybe a hint or something under it.
import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface FigureTileProps {
  label: string;
  value: string;
  hint?: string;
  extra?: ReactNode;
  testId: string;
}

export function FigureTile({ label, value, hint, extra, testId }: FigureTileProps) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="xl" fw={700} mt={4} data-testid={`${testId}-value`}>
        <bdi>{value}</bdi>
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
      {extra && <div style={{ marginBlockStart: 4 }}>{extra}</div>}
    </Paper>
  );
}
