import type { SiteKind } from '@voltscope/shared/domain';
import { IconBolt, IconSun, IconWind } from './icons.tsx';

/** One colour and icon per kind of site, the same on every screen. */
export const siteKindStyle = {
  solar: { color: 'orange', Icon: IconSun },
  wind: { color: 'cyan', Icon: IconWind },
  hybrid: { color: 'grape', Icon: IconBolt },
} as const satisfies Record<SiteKind, { color: string; Icon: unknown }>;
