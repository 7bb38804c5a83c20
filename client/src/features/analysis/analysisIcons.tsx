// The icons of the analysis page that the app's icon set (ui/icons.tsx) has no use for elsewhere (the
// pager's are the history lists'): download, recompute, and one shape per alarm-rate level so
// that the level reads without its colour (a check, a triangle, an octagon).
import { type IconProps, SvgIcon } from '../../ui/icons.tsx';

type Props = Omit<IconProps, 'mirror'>;

const Icon = ({ paths, size = 16, ...rest }: IconProps & { paths: readonly string[] }) => (
  <SvgIcon shape={{ paths }} size={size} stroke={2} {...rest} />
);

export const IconDownload = (props: Props) => (
  <Icon paths={['M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'm7 10 5 5 5-5', 'M12 15V3']} {...props} />
);
export const IconCalculator = (props: Props) => (
  <Icon
    paths={[
      'M6 2h12a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Z',
      'M8 6h8',
      'M8 14h.01',
      'M12 14h.01',
      'M16 14h.01',
      'M8 18h.01',
      'M12 18h.01',
      'M16 18h.01',
      'M8 10h.01',
      'M12 10h.01',
      'M16 10h.01',
    ]}
    {...props}
  />
);
export const IconExternal = (props: Props) => (
  <Icon
    paths={['M15 3h6v6', 'M10 14 21 3', 'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6']}
    mirror
    {...props}
  />
);

const LEVEL_PATHS = {
  manageable: ['M12 2.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 0 0 0-19Z', 'm8 12 3 3 5-6'],
  overTarget: ['M10.27 3.5a2 2 0 0 1 3.46 0l8 14A2 2 0 0 1 20 20.5H4a2 2 0 0 1-1.73-3Z', 'M12 9v4', 'M12 17h.01'],
  flood: ['M7.86 2h8.28L22 7.86v8.28L16.14 22H7.86L2 16.14V7.86Z', 'M12 8v4', 'M12 16h.01'],
} as const;

export const LevelIcon = ({ level, ...props }: Props & { level: keyof typeof LEVEL_PATHS }) => (
  <Icon paths={LEVEL_PATHS[level]} {...props} />
);
