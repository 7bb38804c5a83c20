import type { SiteKind } from '@voltscope/shared/domain';
import { IconBolt, IconSun, IconWind } from './icons.tsx';

/**
 * One colour and icon per kind of site, the same on every screen. The colours are the theme's kind
 * colours (app/theme.ts): orange, cyan and grape in the seed's palette, grey in the control room's,
 * where colour is kept for alarms.
 */
export const siteKindStyle = {
  solar: { color: 'kindSolar', Icon: IconSun },
  wind: { color: 'kindWind', Icon: IconWind },
  hybrid: { color: 'kindHybrid', Icon: IconBolt },
} as const satisfies Record<SiteKind, { color: string; Icon: unknown }>;
