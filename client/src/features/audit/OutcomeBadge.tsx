// An entry's outcome, told by its word and an icon as well as its colour.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconCircleCheck, IconCircleX, IconLock } from '../../ui/icons.tsx';
import type { AuditOutcome } from './auditView.ts';

const LOOK = {
  ok: { color: 'teal', Icon: IconCircleCheck },
  refused: { color: 'orange', Icon: IconLock },
  failed: { color: 'red', Icon: IconCircleX },
} as const;

export function OutcomeBadge({ outcome }: { outcome: AuditOutcome }) {
  const { t } = useTranslation(['audit']);
  const { color, Icon } = LOOK[outcome];
  return (
    <Badge color={color} variant="light" tt="none" leftSection={<Icon size={12} />} data-outcome={outcome}>
      {t(`audit:outcomes.${outcome}`)}
    </Badge>
  );
}
