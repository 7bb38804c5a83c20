import type { ComponentType } from 'react';
import {
  IconBell,
  IconBolt,
  IconCalendar,
  IconContrast,
  IconCpu,
  IconDeviceMobile,
  IconFileSearch,
  IconGauge,
  IconLanguage,
  IconLayout,
  IconLock,
  IconPalette,
  type IconProps,
  IconSettings,
  IconShield,
  IconSolarPanel,
  IconSun,
  IconUser,
  IconWind,
} from '../../../ui/icons.tsx';

/** The server names icons (seed: a search child has an icon); unknown names get a neutral one. */
const icons: Record<string, ComponentType<IconProps>> = {
  solar: IconSolarPanel,
  wind: IconWind,
  bell: IconBell,
  chart: IconGauge,
  table: IconCalendar,
  shield: IconShield,
  user: IconUser,
  settings: IconSettings,
  devices: IconDeviceMobile,
  palette: IconPalette,
  theme: IconContrast,
  layout: IconLayout,
  language: IconLanguage,
  lock: IconLock,
  'site-solar': IconSun,
  'site-wind': IconWind,
  'site-hybrid': IconBolt,
  device: IconCpu,
};

export const searchIcon = (name: string): ComponentType<IconProps> => icons[name] ?? IconFileSearch;
