// A chart's legend as toggle buttons: each names a line with its colour and dash, and hides or shows it.
import { Group, UnstyledButton } from '@mantine/core';
import type { ChartLine } from '../../plots/DualAxisChart.tsx';
import classes from './ChartLegend.module.css';

export function ChartLegend({
  lines,
  onToggle,
  label,
}: {
  lines: readonly ChartLine[];
  onToggle: (index: number) => void;
  label: string;
}) {
  return (
    <Group gap={6} role="group" aria-label={label} data-testid="chart-legend">
      {lines.map((line, i) => (
        <UnstyledButton
          key={line.label}
          className={classes.item}
          aria-pressed={line.show !== false}
          onClick={() => onToggle(i)}
        >
          <span
            className={classes.swatch}
            style={{ borderBlockStartColor: line.color, borderBlockStartStyle: line.dash ? 'dashed' : 'solid' }}
          />
          <bdi>{line.label}</bdi>
        </UnstyledButton>
      ))}
    </Group>
  );
}
