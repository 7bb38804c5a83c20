import { useSession } from '../../session/sessionStore.ts';
import { effectivePalette, type Palette } from './palette.ts';
import { useSettings } from './settingsStore.ts';

/** The palette in use: the display setting, or the signed-in user's role's default while it is `auto`. */
export function usePalette(): Palette {
  const setting = useSettings((s) => s.palette);
  const role = useSession((s) => s.userData?.role ?? null);
  return effectivePalette(setting, role);
}
