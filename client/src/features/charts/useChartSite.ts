// What a chart page reads first: the sites it offers, the chosen one and that site's devices and series.
import { type SiteOffer, useSiteChoice } from '../../data/useSiteChoice.ts';
import { useSiteSeries } from '../../data/useSiteSeries.ts';

export function useChartSite(offer: SiteOffer) {
  const choice = useSiteChoice(offer);
  const series = useSiteSeries(choice.site?.id ?? null);
  return { ...choice, series };
}

export type ChartSite = ReturnType<typeof useChartSite>;
