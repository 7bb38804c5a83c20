// The colour palette of the whole interface: the seed's (`standard`: its primary colour, coloured states
// and site kinds) or the control room's (ISA-101 high-performance HMI: grey and muted tones for normal
// states, no decorative colour, red, orange, yellow and pale blue kept for alarm priorities alone, and a
// blue accent for buttons, links, focus and selection). The setting is `auto` until the user chooses:
// then the palette follows the role (operators on shift get the control room's). Plain data: usePalette.ts
// is the React side.
export const palettes = ['standard', 'control-room'] as const;
export type Palette = (typeof palettes)[number];
export const paletteSettings = ['auto', ...palettes] as const;
export type PaletteSetting = (typeof paletteSettings)[number];

/** Roles whose default is the control-room palette: those who watch the fleet on shift (wall displays join here). */
const controlRoomRoles: ReadonlySet<string> = new Set(['operator']);

export const defaultPaletteFor = (role: string | null | undefined): Palette =>
  role && controlRoomRoles.has(role) ? 'control-room' : 'standard';

/** The user's explicit choice wins; `auto` is the role's default. A wall display has no choice: its
 *  screen runs for years, and the control room's greys are what keep it safe from burn-in. */
export const effectivePalette = (setting: PaletteSetting, role: string | null | undefined): Palette =>
  role === 'display' ? 'control-room' : setting === 'auto' ? defaultPaletteFor(role) : setting;

/**
 * The alarm priorities' colours (the fills of alarmFeed/PriorityIcon.module.css), the same in both
 * palettes and both themes: they fall in lightness from low to critical so they differ in grey too.
 */
export const priorityColors = {
  critical: '#a51111',
  high: '#f0700a',
  medium: '#fcd34d',
  low: '#bfdbfe',
} as const;

/** The ink on each priority's fill (white on dark red, near-black on the others). */
export const priorityInk = {
  critical: '#ffffff',
  high: '#1a1b1e',
  medium: '#1a1b1e',
  low: '#1a1b1e',
} as const;

/**
 * The control room's accent, for the light and the dark theme: a blue far from every priority colour
 * (not red, orange or yellow in hue, and much darker than the low priority's pale blue).
 */
export const CONTROL_ROOM_ACCENT = { light: '#2f5aa8', dark: '#3d6cc4' } as const;
