// The annunciator's speaker icons, drawn like ui/icons.tsx (stroke, currentColor, hidden from readers).
import { SvgIcon } from '../ui/icons.tsx';

const SPEAKER = 'M11 5 6 9H3v6h3l5 4z';

const Speaker = ({ extra, size = 20 }: { extra: readonly string[]; size?: number | undefined }) => (
  <SvgIcon shape={{ paths: [SPEAKER, ...extra] }} size={size} />
);

export const IconSoundOn = ({ size }: { size?: number }) => (
  <Speaker size={size} extra={['M15.5 8.5a5 5 0 0 1 0 7', 'M18.5 5.5a9 9 0 0 1 0 13']} />
);
export const IconSoundOff = ({ size }: { size?: number }) => <Speaker size={size} extra={['m16 9 6 6', 'm22 9-6 6']} />;
/** Silenced: the speaker with a bar, alarms still unacknowledged. */
export const IconSoundSilenced = ({ size }: { size?: number }) => (
  <Speaker size={size} extra={['M15.5 8.5a5 5 0 0 1 0 7', 'M3 3l18 18']} />
);
