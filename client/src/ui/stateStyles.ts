// How every state badge looks (a site's, a generator's, a device's on the status grid): its colour by
// meaning (app/theme.ts: green and red in the seed's palette, grey in the control room's), its icon (never
// colour alone), and whether it is normal (quiet) or abnormal (an outlined badge in the control room).
import type { ComponentType } from 'react';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconClock, type IconProps, IconSettings } from './icons.tsx';

export type BadgeState = 'online' | 'degraded' | 'stale' | 'offline' | 'fault' | 'maintenance';

export const stateStyles: Record<BadgeState, { color: string; Icon: ComponentType<IconProps>; normal: boolean }> = {
  online: { color: 'running', Icon: IconCircleCheck, normal: true },
  degraded: { color: 'warning', Icon: IconAlertTriangle, normal: false },
  stale: { color: 'warning', Icon: IconAlertTriangle, normal: false },
  offline: { color: 'gray', Icon: IconClock, normal: false },
  fault: { color: 'fault', Icon: IconCircleX, normal: false },
  maintenance: { color: 'blue', Icon: IconSettings, normal: true },
};
