// A small stroke icon set drawn inline (no icon package, nothing fetched). Icons that point somewhere
// (logout, back) take `mirror` so they flip in right-to-left pages; the others are symmetric in meaning.
// A catalogue: some fifty icons, one export each, made by `icon()` from their shape and kept together so
// that their stroke, size and mirroring stay one convention.
import type { SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'stroke'> {
  size?: number | string;
  stroke?: number;
  /** Flip horizontally in right-to-left pages (arrows, exits). */
  mirror?: boolean;
}

type Circle = readonly [cx: number, cy: number, r: number];

export interface Shape {
  paths: readonly string[];
  circles?: readonly Circle[];
  /** An outline filled faintly under the strokes (a severity's shape). */
  filled?: string;
}

/** One icon of the set's drawing (stroke, currentColor, hidden from readers); other sets choose their size and stroke. */
export function SvgIcon({
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
      {shape.filled && <path d={shape.filled} fill="currentColor" fillOpacity={0.18} stroke="none" />}
      {shape.circles?.map(([cx, cy, r]) => (
        <circle key={`${cx}-${cy}-${r}`} cx={cx} cy={cy} r={r} />
      ))}
      {shape.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** An icon of the set: its shape, and whether it mirrors in right-to-left pages unless told otherwise. */
const icon =
  (shape: Shape, defaults: { mirror?: boolean } = {}) =>
  (props: IconProps) => <SvgIcon shape={shape} {...defaults} {...props} />;

export const IconBolt = icon({ paths: ['M13 2 4.5 13.5H12l-1 8.5 8.5-11.5H12L13 2Z'] });
export const IconSun = icon({
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
});
export const IconMoon = icon({ paths: ['M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z'] });
export const IconWind = icon({
  paths: ['M12.8 19.6A2 2 0 1 0 14 16H2', 'M17.5 8a2.5 2.5 0 1 1 2 4H2', 'M9.8 4.4A2 2 0 1 1 11 8H2'],
});
export const IconLogout = icon({ paths: ['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5', 'M21 12H9'] });
export const IconLanguage = icon({
  paths: ['m5 8 6 6', 'm4 14 6-6 2-3', 'M2 5h12', 'M7 2h1', 'm22 22-5-10-5 10', 'M14 18h6'],
});
export const IconChevronDown = icon({ paths: ['m6 9 6 6 6-6'] });
export const IconGauge = icon({ paths: ['m12 14 4-4', 'M3.34 19a10 10 0 1 1 17.32 0'] });
export const IconShield = icon({
  paths: [
    'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
    'm9 12 2 2 4-4',
  ],
});
export const IconMapPin = icon({
  paths: ['M20 10c0 5-5.54 10.19-7.4 11.8a1 1 0 0 1-1.2 0C9.54 20.19 4 15 4 10a8 8 0 0 1 16 0'],
  circles: [[12, 10, 3]],
});
export const IconClock = icon({ paths: ['M12 6v6l4 2'], circles: [[12, 12, 10]] });
export const IconGlobe = icon({
  paths: ['M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20', 'M2 12h20'],
  circles: [[12, 12, 10]],
});
export const IconCircleCheck = icon({ paths: ['m9 12 2 2 4-4'], circles: [[12, 12, 10]] });
export const IconCircleX = icon({ paths: ['m15 9-6 6', 'm9 9 6 6'], circles: [[12, 12, 10]] });
export const IconUser = icon({ paths: ['M20 21a8 8 0 0 0-16 0'], circles: [[12, 8, 5]] });
export const IconMail = icon({
  paths: [
    'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z',
    'm22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7',
  ],
});
export const IconAlertTriangle = icon({
  paths: ['m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3', 'M12 9v4', 'M12 17h.01'],
});
export const IconInfo = icon({ paths: ['M12 16v-4', 'M12 8h.01'], circles: [[12, 12, 10]] });
export const IconBell = icon({
  paths: [
    'M10.27 21a2 2 0 0 0 3.46 0',
    'M3.26 15.33A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.67C19.41 13.96 18 12.5 18 8A6 6 0 0 0 6 8c0 4.5-1.41 5.96-2.74 7.33',
  ],
});
export const IconCpu = icon({
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
});
export const IconSettings = icon({
  paths: ['M20 7h-9', 'M14 17H5'],
  circles: [
    [17, 17, 3],
    [7, 7, 3],
  ],
});
export const IconHome = icon({
  paths: [
    'M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8',
    'M3 10a2 2 0 0 1 .71-1.53l7-6a2 2 0 0 1 2.58 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  ],
});
export const IconLogin = icon({ paths: ['M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4', 'm10 17 5-5-5-5', 'M15 12H3'] });
export const IconArrowBack = icon({ paths: ['m12 19-7-7 7-7', 'M19 12H5'] });
export const IconSolarPanel = icon({ paths: ['M4 2h16l2 12H2L4 2Z', 'M12 2v12', 'M3 8h18', 'M12 14v8', 'M8 22h8'] });
export const IconSearch = icon({ paths: ['m21 21-4.3-4.3'], circles: [[11, 11, 8]] });
export const IconX = icon({ paths: ['M18 6 6 18', 'm6 6 12 12'] });
export const IconArrowUp = icon({ paths: ['m5 12 7-7 7 7', 'M12 19V5'] });
export const IconChevronsStart = icon({ paths: ['m11 17-5-5 5-5', 'm18 17-5-5 5-5'] }, { mirror: true });
export const IconChevronEnd = icon({ paths: ['m9 18 6-6-6-6'] }, { mirror: true });
export const IconLayoutGrid = icon({
  paths: [
    'M4 3h5a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Z',
    'M15 3h5a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Z',
    'M15 14h5a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1v-5a1 1 0 0 1 1-1Z',
    'M4 14h5a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-5a1 1 0 0 1 1-1Z',
  ],
});
export const IconPalette = icon({
  paths: [
    'M12 2C6.5 2 2 6.5 2 12s4.5 10 10 10c.93 0 1.65-.75 1.65-1.69 0-.44-.18-.83-.44-1.12-.29-.29-.44-.65-.44-1.13a1.64 1.64 0 0 1 1.67-1.67h2c3.05 0 5.55-2.5 5.55-5.55C21.97 6.01 17.46 2 12 2z',
  ],
  circles: [
    [13.5, 6.5, 1],
    [17.5, 10.5, 1],
    [8.5, 7.5, 1],
    [6.5, 12.5, 1],
  ],
});
export const IconDeviceDesktop = icon({
  paths: ['M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z', 'M8 21h8', 'M12 17v4'],
});
export const IconDeviceMobile = icon({
  paths: ['M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Z', 'M12 18h.01'],
});
export const IconCheck = icon({ paths: ['M20 6 9 17l-5-5'] });
export const IconLock = icon({
  paths: ['M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2Z', 'M7 11V7a5 5 0 0 1 10 0v4'],
});
export const IconLayout = icon(
  { paths: ['M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z', 'M3 9h18', 'M9 21V9'] },
  { mirror: true },
);
export const IconGear = icon({
  paths: [
    'M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z',
  ],
  circles: [[12, 12, 3]],
});
export const IconCornerDownLeft = icon({ paths: ['M20 4v7a4 4 0 0 1-4 4H4', 'm9 10-5 5 5 5'] }, { mirror: true });
export const IconArrowsUpDown = icon({ paths: ['m21 16-4 4-4-4', 'M17 20V4', 'm3 8 4-4 4 4', 'M7 4v16'] });
export const IconRefresh = icon({ paths: ['M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8', 'M3 3v5h5'] });
export const IconPencil = icon({
  paths: [
    'M21.17 6.81a1 1 0 0 0-3.99-3.99L3.84 16.17a2 2 0 0 0-.5.83l-1.32 4.35a.5.5 0 0 0 .62.62l4.35-1.32a2 2 0 0 0 .83-.5z',
    'm15 5 4 4',
  ],
});
export const IconContrast = icon({ paths: ['M12 18a6 6 0 0 0 0-12v12z'], circles: [[12, 12, 10]] });
export const IconCalendar = icon({
  paths: ['M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z', 'M16 2v4', 'M8 2v4', 'M3 10h18'],
});
export const IconFileSearch = icon({
  paths: ['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z', 'M14 2v6h6', 'm17 19-1.5-1.5'],
  circles: [[13, 15, 2.5]],
});
export const IconPlus = icon({ paths: ['M12 5v14M5 12h14'] });
export const IconTrash = icon({
  paths: ['M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3'],
});
export const IconKeyboard = icon({
  paths: [
    'M4 6h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2Z',
    'M6 10h.01',
    'M10 10h.01',
    'M14 10h.01',
    'M18 10h.01',
    'M7 14h10',
  ],
});
export const IconCopy = icon({ paths: ['M8 8h11v11H8zM16 8V5H5v11h3'] });
