// A state said in words, with an icon and a colour (never colour alone): a site's (online, degraded,
// fault, offline), a generator's (online, fault, offline, maintenance), and "stale" for figures past
// their expected period.
import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import type { DeviceState } from '@voltscope/shared/fleet';
import type { SiteKpis } from '@voltscope/shared/kpis';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  type IconProps,
  IconSettings,
} from '../../ui/icons.tsx';

type State = SiteKpis['state'] | DeviceState;

const styles: Record<State, { color: string; Icon: ComponentType<IconProps> }> = {
  online: { color: 'green', Icon: IconCircleCheck },
  degraded: { color: 'yellow', Icon: IconAlertTriangle },
  fault: { color: 'red', Icon: IconCircleX },
  offline: { color: 'gray', Icon: IconClock },
  maintenance: { color: 'blue', Icon: IconSettings },
};

export function StateBadge({ state, size = 'md' }: { state: State; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation(['dashboards', 'common']);
  const { color, Icon } = styles[state];
  return (
    <Badge
      color={color}
      variant="light"
      size={size}
      radius="sm"
      leftSection={<Icon size={12} />}
      data-testid="state-badge"
      data-state={state}
    >
      {t(`common:siteState.${state}`)}
    </Badge>
  );
}

/** "Stale", with when the data was last current (in words, for the tooltip and for screen readers). */
export function StaleBadge({ since }: { since: string | null }) {
  const { t } = useTranslation(['dashboards', 'common']);
  const label = since ? t('dashboards:staleSince', { time: since }) : t('dashboards:staleNever');
  return (
    <Tooltip label={label}>
      <Badge color="gray" variant="light" radius="sm" leftSection={<IconClock size={12} />} data-testid="stale-badge">
        {t('dashboards:stale')}
        <VisuallyHidden>{` (${label})`}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
