import { useMediaQuery } from '@mantine/hooks';
import { OVERLAY_NAV_BREAKPOINT } from './layoutSettings.ts';

/** Seed section 9: below 976 px (md 960 + 16) the navigation is a vertical overlay. */
export function useOverlayNav(): boolean {
  return useMediaQuery(`(max-width: ${OVERLAY_NAV_BREAKPOINT - 0.02}px)`, undefined, {
    getInitialValueInEffect: false,
  });
}
