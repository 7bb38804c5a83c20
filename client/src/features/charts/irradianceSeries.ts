// What the irradiance page draws: the column order of its history (and of the live tail), and a colour
// per line for each theme. Lines differ in lightness as well as hue, and by dash: readable without colour.

/** Column order of the history and of the series ids given for the live tail. */
export const COLUMN = { power: 0, irradiance: 1, moduleTemp: 2, ambientTemp: 3 } as const;

export const irradiancePalette = {
  light: { power: '#1c4f86', irradiance: '#e8900c', module: '#c2255c', ambient: '#5c7f1e', rating: '#495057' },
  dark: { power: '#74c0fc', irradiance: '#ffd43b', module: '#ff8fa3', ambient: '#a9e34b', rating: '#adb5bd' },
} as const;

export type IrradianceColors = (typeof irradiancePalette)[keyof typeof irradiancePalette];

/** The lines' names, in the reader's language. */
export interface IrradianceLabels {
  power: string;
  irradiance: string;
  module: string;
  ambient: string;
  rating: string;
}
