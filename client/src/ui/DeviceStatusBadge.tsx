// A device's state on the status grid and the device page, in words with an icon and a colour (never
// colour alone): online, stale, offline, fault, maintenance. In the control room (ISA-101) a normal state
// is quiet and an abnormal one stands out by weight (an outlined badge), colour staying the alarms'.
import { Badge } from '@mantine/core';
import type { DeviceStatusState } from '@voltscope/shared/contracts/fleetAdmin';
import { useTranslation } from 'react-i18next';
import { stateStyles } from './stateStyles.ts';

export function DeviceStatusBadge({
  state,
  size = 'md',
  controlRoom = false,
}: {
  state: DeviceStatusState;
  size?: 'sm' | 'md' | 'lg';
  /** The control room's palette is on (the caller's setting: ui/ reads no store). */
  controlRoom?: boolean;
}) {
  const { t } = useTranslation(['devicesStatus']);
  const { color, Icon, normal } = stateStyles[state];
  return (
    <Badge
      color={color}
      variant={controlRoom && !normal ? 'outline' : 'light'}
      size={size}
      radius="sm"
      leftSection={<Icon size={12} />}
      data-testid="device-state"
      data-state={state}
    >
      {t(`devicesStatus:state.${state}`)}
    </Badge>
  );
}
