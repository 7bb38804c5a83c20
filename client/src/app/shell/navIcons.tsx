import type { ComponentType } from 'react';
import {
  IconBell,
  IconCpu,
  IconGauge,
  IconPalette,
  type IconProps,
  IconSettings,
  IconShield,
  IconSolarPanel,
  IconUser,
} from '../../ui/icons.tsx';
import type { NavIcon } from '../navigation.ts';

export const navIcons: Record<NavIcon, ComponentType<IconProps>> = {
  monitoring: IconGauge,
  events: IconBell,
  devices: IconCpu,
  access: IconUser,
  settings: IconSettings,
  solar: IconSolarPanel,
  shield: IconShield,
  palette: IconPalette,
};
