// A priority as the alarm pages show it: its shape and number (PriorityIcon), then its name; as a badge,
// or as the label of a choice.
import { Badge, Group } from '@mantine/core';
import type { AlarmPriority } from '@voltscope/shared/alarms';
import { useTranslation } from 'react-i18next';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';

export function PriorityBadge({ priority }: { priority: AlarmPriority }) {
  const { t } = useTranslation(['common']);
  return (
    <Badge
      variant="default"
      radius="sm"
      tt="none"
      fw={500}
      leftSection={<PriorityIcon priority={priority} size={14} />}
      data-priority={priority}
      data-testid="priority"
    >
      {t(`common:priority.${priority}`)}
    </Badge>
  );
}

export function PriorityLabel({ priority }: { priority: AlarmPriority }) {
  const { t } = useTranslation(['common']);
  return (
    <Group gap={6} wrap="nowrap">
      <PriorityIcon priority={priority} size={16} />
      {t(`common:priority.${priority}`)}
    </Group>
  );
}
