import { Radio, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './OptionCards.module.css';

export interface Option<T extends string> {
  value: T;
  label: string;
  preview: ReactNode;
  disabled?: boolean;
}

/** A radio group drawn as cards, each with a small picture of what it chooses. */
export function OptionCards<T extends string>({
  label,
  description,
  value,
  options,
  onChange,
  columns = 3,
  testId,
}: {
  label: string;
  description?: string | undefined;
  value: T;
  options: Option<T>[];
  onChange: (value: T) => void;
  columns?: number;
  testId?: string;
}) {
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(next as T)}
      label={label}
      description={description}
      classNames={{ label: classes.groupLabel }}
      data-testid={testId}
    >
      <SimpleGrid cols={columns} spacing="sm" mt="xs" maw={columns * 168}>
        {options.map((option) => (
          <Radio.Card
            key={option.value}
            value={option.value}
            disabled={option.disabled}
            className={classes.card}
            data-testid={testId ? `${testId}-${option.value}` : undefined}
          >
            <div className={classes.preview}>{option.preview}</div>
            <Text size="sm" ta="center" className={classes.label}>
              {option.label}
            </Text>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
