// The icons of the event and alarm logs that the app's icon set (ui/icons.tsx) has no use for elsewhere:
// one shape per severity, so that a priority reads without its colour (ISA-101), pager arrows that
// mirror in right-to-left pages, and the pause, play and download controls.
import type { EventSeverity } from '@voltscope/shared/alarms';
import { type IconProps, SvgIcon } from '../ui/icons.tsx';

type Props = Omit<IconProps, 'mirror'>;

const Icon = ({ paths, filled, size = 16, ...rest }: IconProps & { paths: readonly string[]; filled?: string }) => (
  <SvgIcon shape={filled ? { paths, filled } : { paths }} size={size} stroke={2} {...rest} />
);

const MARK = ['M12 8v4', 'M12 16h.01'];
const OCTAGON = 'M7.86 2h8.28L22 7.86v8.28L16.14 22H7.86L2 16.14V7.86Z';
const TRIANGLE = 'M10.27 3.5a2 2 0 0 1 3.46 0l8 14A2 2 0 0 1 20 20.5H4a2 2 0 0 1-1.73-3Z';
const DIAMOND = 'M12 2.5 21.5 12 12 21.5 2.5 12Z';
const CIRCLE = 'M12 2.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 0 0 0-19Z';

const SEVERITY_SHAPES: Record<EventSeverity, { outline: string; mark: readonly string[] }> = {
  critical: { outline: OCTAGON, mark: MARK },
  high: { outline: TRIANGLE, mark: ['M12 9v4', 'M12 17h.01'] },
  medium: { outline: DIAMOND, mark: MARK },
  low: { outline: CIRCLE, mark: ['m8.5 10.5 3.5 3.5 3.5-3.5'] },
  info: { outline: CIRCLE, mark: ['M12 16v-4', 'M12 8h.01'] },
};

export function SeverityIcon({ severity, ...rest }: Props & { severity: EventSeverity }) {
  const shape = SEVERITY_SHAPES[severity];
  return <Icon paths={[shape.outline, ...shape.mark]} filled={shape.outline} {...rest} />;
}

export const IconPageFirst = (props: Props) => <Icon paths={['m11 17-5-5 5-5', 'm18 17-5-5 5-5']} mirror {...props} />;
export const IconPagePrevious = (props: Props) => <Icon paths={['m15 18-6-6 6-6']} mirror {...props} />;
export const IconPageNext = (props: Props) => <Icon paths={['m9 18 6-6-6-6']} mirror {...props} />;
export const IconPageLast = (props: Props) => <Icon paths={['m6 17 5-5-5-5', 'm13 17 5-5-5-5']} mirror {...props} />;
export const IconPause = (props: Props) => <Icon paths={['M8 5v14', 'M16 5v14']} {...props} />;
export const IconPlay = (props: Props) => <Icon paths={['M7 4.5v15l12-7.5Z']} mirror {...props} />;
export const IconDownload = (props: Props) => <Icon paths={['M12 3v12', 'm7 10 5 5 5-5', 'M5 21h14']} {...props} />;
export const IconTimeline = (props: Props) => (
  <Icon
    paths={['M6 4v16', 'M10 6h9', 'M10 12h9', 'M10 18h6', 'M4.5 6h3', 'M4.5 12h3', 'M4.5 18h3']}
    mirror
    {...props}
  />
);
