// A small stroke icon set drawn inline (no icon package, nothing fetched). Icons that point somewhere
// (logout, back) take `mirror` so they flip in right-to-left pages; the others are symmetric in meaning.
import type { SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'stroke'> {
  size?: number | string;
  stroke?: number;
  /** Flip horizontally in right-to-left pages (arrows, exits). */
  mirror?: boolean;
}

type Circle = readonly [cx: number, cy: number, r: number];

interface Shape {
  paths: readonly string[];
  circles?: readonly Circle[];
}

function SvgIcon({
  shape,
  size = 18,
  stroke = 1.75,
  mirror = false,
  className,
  ...rest
}: IconProps & { shape: Shape }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={mirror ? ['vs-mirror', className].filter(Boolean).join(' ') : className}
      {...rest}
    >
      {shape.circles?.map(([cx, cy, r]) => (
        <circle key={`${cx}-${cy}-${r}`} cx={cx} cy={cy} r={r} />
      ))}
      {shape.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export const IconBolt = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['M13 2 4.5 13.5H12l-1 8.5 8.5-11.5H12L13 2Z'] }} {...props} />
);
export const IconSun = (props: IconProps) => (
  <SvgIcon
    shape={{
      paths: [
        'M12 2v2',
        'M12 20v2',
        'm4.93 4.93 1.41 1.41',
        'm17.66 17.66 1.41 1.41',
        'M2 12h2',
        'M20 12h2',
        'm6.34 17.66-1.41 1.41',
        'm19.07 4.93-1.41 1.41',
      ],
      circles: [[12, 12, 4]],
    }}
    {...props}
  />
);
export const IconMoon = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z'] }} {...props} />
);
export const IconWind = (props: IconProps) => (
  <SvgIcon
    shape={{ paths: ['M12.8 19.6A2 2 0 1 0 14 16H2', 'M17.5 8a2.5 2.5 0 1 1 2 4H2', 'M9.8 4.4A2 2 0 1 1 11 8H2'] }}
    {...props}
  />
);
export const IconLogout = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5', 'M21 12H9'] }} {...props} />
);
export const IconLanguage = (props: IconProps) => (
  <SvgIcon
    shape={{ paths: ['m5 8 6 6', 'm4 14 6-6 2-3', 'M2 5h12', 'M7 2h1', 'm22 22-5-10-5 10', 'M14 18h6'] }}
    {...props}
  />
);
export const IconChevronDown = (props: IconProps) => <SvgIcon shape={{ paths: ['m6 9 6 6 6-6'] }} {...props} />;
export const IconGauge = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['m12 14 4-4', 'M3.34 19a10 10 0 1 1 17.32 0'] }} {...props} />
);
export const IconShield = (props: IconProps) => (
  <SvgIcon
    shape={{
      paths: [
        'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
        'm9 12 2 2 4-4',
      ],
    }}
    {...props}
  />
);
export const IconMapPin = (props: IconProps) => (
  <SvgIcon
    shape={{
      paths: ['M20 10c0 5-5.54 10.19-7.4 11.8a1 1 0 0 1-1.2 0C9.54 20.19 4 15 4 10a8 8 0 0 1 16 0'],
      circles: [[12, 10, 3]],
    }}
    {...props}
  />
);
export const IconClock = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['M12 6v6l4 2'], circles: [[12, 12, 10]] }} {...props} />
);
export const IconGlobe = (props: IconProps) => (
  <SvgIcon
    shape={{ paths: ['M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20', 'M2 12h20'], circles: [[12, 12, 10]] }}
    {...props}
  />
);
export const IconCircleCheck = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['m9 12 2 2 4-4'], circles: [[12, 12, 10]] }} {...props} />
);
export const IconCircleX = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['m15 9-6 6', 'm9 9 6 6'], circles: [[12, 12, 10]] }} {...props} />
);
export const IconUser = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['M20 21a8 8 0 0 0-16 0'], circles: [[12, 8, 5]] }} {...props} />
);
export const IconMail = (props: IconProps) => (
  <SvgIcon
    shape={{
      paths: [
        'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z',
        'm22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7',
      ],
    }}
    {...props}
  />
);
export const IconAlertTriangle = (props: IconProps) => (
  <SvgIcon
    shape={{
      paths: ['m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3', 'M12 9v4', 'M12 17h.01'],
    }}
    {...props}
  />
);
export const IconInfo = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['M12 16v-4', 'M12 8h.01'], circles: [[12, 12, 10]] }} {...props} />
);
export const IconBell = (props: IconProps) => (
  <SvgIcon
    shape={{
      paths: [
        'M10.27 21a2 2 0 0 0 3.46 0',
        'M3.26 15.33A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.67C19.41 13.96 18 12.5 18 8A6 6 0 0 0 6 8c0 4.5-1.41 5.96-2.74 7.33',
      ],
    }}
    {...props}
  />
);
export const IconCpu = (props: IconProps) => (
  <SvgIcon
    shape={{
      paths: [
        'M6 4h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z',
        'M9 9h6v6H9z',
        'M15 2v2',
        'M15 20v2',
        'M2 15h2',
        'M2 9h2',
        'M20 15h2',
        'M20 9h2',
        'M9 2v2',
        'M9 20v2',
      ],
    }}
    {...props}
  />
);
export const IconSettings = (props: IconProps) => (
  <SvgIcon
    shape={{
      paths: ['M20 7h-9', 'M14 17H5'],
      circles: [
        [17, 17, 3],
        [7, 7, 3],
      ],
    }}
    {...props}
  />
);
export const IconHome = (props: IconProps) => (
  <SvgIcon
    shape={{
      paths: [
        'M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8',
        'M3 10a2 2 0 0 1 .71-1.53l7-6a2 2 0 0 1 2.58 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
      ],
    }}
    {...props}
  />
);
export const IconLogin = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4', 'm10 17 5-5-5-5', 'M15 12H3'] }} {...props} />
);
export const IconArrowBack = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['m12 19-7-7 7-7', 'M19 12H5'] }} {...props} />
);
export const IconSolarPanel = (props: IconProps) => (
  <SvgIcon shape={{ paths: ['M4 2h16l2 12H2L4 2Z', 'M12 2v12', 'M3 8h18', 'M12 14v8', 'M8 22h8'] }} {...props} />
);
