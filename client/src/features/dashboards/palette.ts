// Line colours for sites and units, one set per colour scheme. Neighbours differ in lightness as well as
// hue (dark blue, light orange, mid green...) so that lines stay apart for colour-blind readers and in
// greyscale; past eight lines, dashes tell them apart.
const light = ['#1c5fa8', '#e8590c', '#2b8a3e', '#c2255c', '#7048e8', '#0b7285', '#a67c00', '#495057'];
const dark = ['#74c0fc', '#ff922b', '#69db7c', '#f783ac', '#b197fc', '#3bc9db', '#ffd43b', '#ced4da'];
const dashes: (number[] | undefined)[] = [undefined, [8, 4], [2, 3]];

export interface LineStyle {
  color: string;
  dash: number[] | undefined;
}

export function lineStyle(index: number, scheme: 'light' | 'dark'): LineStyle {
  const colors = scheme === 'dark' ? dark : light;
  return {
    color: colors[index % colors.length] as string,
    dash: dashes[Math.floor(index / colors.length) % dashes.length],
  };
}

/** The fleet total: the text colour, so that it reads as the sum of the others. */
export const totalColor = (scheme: 'light' | 'dark') => (scheme === 'dark' ? '#e9ecef' : '#212529');
