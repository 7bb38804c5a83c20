// The page's chart colours, one set per colour scheme: neighbours differ in lightness as well as hue
// (dark blue bars, light orange line...) and lines differ in dashes too, so that they stay apart for
// colour-blind readers and in greyscale.
export interface AnalysisColors {
  energy: string;
  expected: string;
  performanceRatio: string;
  availability: string;
  alarms: string;
  manageable: string;
  flood: string;
}

const light: AnalysisColors = {
  energy: '#1c5fa8',
  expected: '#d9480f',
  performanceRatio: '#2b8a3e',
  availability: '#7048e8',
  alarms: '#495057',
  manageable: '#2b8a3e',
  flood: '#c92a2a',
};

const dark: AnalysisColors = {
  energy: '#74c0fc',
  expected: '#ff922b',
  performanceRatio: '#69db7c',
  availability: '#b197fc',
  alarms: '#ced4da',
  manageable: '#69db7c',
  flood: '#ff8787',
};

export const analysisColors = (scheme: 'light' | 'dark'): AnalysisColors => (scheme === 'dark' ? dark : light);

export const dashes = { expected: [6, 4], availability: [2, 3], manageable: [6, 4], flood: [2, 3] } as const;
