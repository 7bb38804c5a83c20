// One figure of a chart's summary in words: a label, the value, and maybe a detail (when, over how long).
import { Stack, Text } from '@mantine/core';

export function SummaryFigure({
  label,
  value,
  detail,
  testId,
  mainFigure = false,
}: {
  label: string;
  value: string;
  detail?: string;
  testId: string;
  /** The page's main figure (what a wall reader looks at first: the kiosk sizes it). */
  mainFigure?: boolean;
}) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-main-figure={mainFigure ? '' : undefined}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}
