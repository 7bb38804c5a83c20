// A state said in words, with an icon and a colour (never colour alone): a site's (online, degraded,
// fault, offline), a generator's (online, fault, offline, maintenance), and "stale" for figures past
// their expected period.
import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import type { DeviceState } from '@voltscope/shared/fleet';
import type { SiteKpis } from '@voltscope/shared/kpis';
import { useTranslation } from 'react-i18next';
import { usePalette } from '../../app/settings/usePalette.ts';
import { IconClock } from '../../ui/icons.tsx';
import { stateStyles } from '../../ui/stateStyles.ts';

type State = SiteKpis['state'] | DeviceState;

/**
 * In the control room (ISA-101) a normal state is quiet (a light grey badge) and an abnormal one that is
 * not an alarm stands out by weight (an outlined badge), never by colour: colour is the alarms'.
 */
export function StateBadge({
  state,
  size = 'md',
  quiet = false,
}: {
  state: State;
  size?: 'sm' | 'md' | 'lg';
  /** Grey whatever the state: an alarm beside it says more (a green "online" must not reassure then). */
  quiet?: boolean;
}) {
  const { t } = useTranslation(['dashboards', 'common']);
  const controlRoom = usePalette() === 'control-room';
  const { color, Icon, normal } = stateStyles[state];
  return (
    <Badge
      color={quiet ? 'gray' : color}
      variant={controlRoom && !normal ? 'outline' : 'light'}
      size={size}
      radius="sm"
      leftSection={<Icon size={12} />}
      data-testid="state-badge"
      data-state={state}
      data-quiet={quiet || undefined}
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
