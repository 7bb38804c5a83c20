// The monitor's own icons, drawn like the app's set (ui/icons.tsx).
import { type IconProps, SvgIcon } from '../../ui/icons.tsx';

export const IconCamera = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['m16 13 5 3V8l-5 3', 'M3 6h13v12H3z'] }} {...props} />
);
export const IconPin = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['M12 17v5', 'M9 3h6l-1 7 4 4H6l4-4-1-7Z'] }} {...props} />
);
export const IconMaximize = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['M8 3H3v5', 'M16 3h5v5', 'M8 21H3v-5', 'M16 21h5v-5'] }} {...props} />
);
