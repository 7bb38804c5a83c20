// A chart in a card: its title, then its figures in a sentence that assistive technologies read as the
// chart's description (the id handed to the chart).
import { Card, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface ChartCardProps {
  title: string;
  text: string;
  textTestId: string;
  mb?: 'md';
  children: (describedBy: string) => ReactNode;
}

export function ChartCard({ title, text, textTestId, mb, children }: ChartCardProps) {
  const id = useId();
  return (
    <Card padding="md" {...(mb && { mb })} component="section" aria-labelledby={`${id}-title`}>
      <Title order={3} size="h5" mb={4} id={`${id}-title`}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="xs" id={id} data-testid={textTestId}>
        {text}
      </Text>
      {children(id)}
    </Card>
  );
}
