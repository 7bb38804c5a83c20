// A turbine's state as a badge: a word and a colour (the word carries it; the colour only helps). The
// colours are named by meaning (app/theme.ts): a stopped turbine (no wind) is a normal state, grey, not
// yellow like a medium alarm; in the control-room palette every state is grey.
import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Freshness, TurbineStatus } from './liveValue.ts';

export const statusColor: Record<TurbineStatus, string> = {
  running: 'running',
  idle: 'blue',
  stopped: 'gray',
  fault: 'fault',
  offline: 'gray',
  maintenance: 'violet',
  unknown: 'gray',
};

export function TurbineStatusBadge({
  status,
  freshness,
  size = 'md',
}: {
  status: TurbineStatus;
  freshness: Freshness;
  size?: MantineSize;
}) {
  const { t } = useTranslation(['wind', 'common']);
  return (
    <Badge
      color={statusColor[status]}
      variant={status === 'offline' ? 'default' : 'light'}
      size={size}
      radius="sm"
      data-testid="turbine-status"
      data-status={status}
    >
      {freshness === 'stale' && status !== 'offline' && status !== 'maintenance'
        ? t('wind:staleState', { state: t(`wind:states.${status}`) })
        : t(`wind:states.${status}`)}
    </Badge>
  );
}
