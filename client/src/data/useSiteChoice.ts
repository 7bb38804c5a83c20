// The sites a page offers in its site picker, in the reader's order, and the one chosen in the address
// (`?site=`, else the first offered): what the solar overview and the chart pages start from.
import type { Site } from '@voltscope/shared/domain';
import { useLanguage } from '../i18n/useLanguage.ts';
import { sortSites, useSites } from './sites.ts';
import { useChosenSite } from './useUrlParam.ts';

/** `solar`: only the sites with panels (solar and hybrid), `all`: every site the reader may see. */
export type SiteOffer = 'all' | 'solar';

const offered: Record<SiteOffer, (site: Site) => boolean> = {
  all: () => true,
  solar: (site) => site.kind !== 'wind',
};

export function useSiteChoice(offer: SiteOffer) {
  const lng = useLanguage();
  const sites = useSites();
  const list = sites.status === 'ready' ? sortSites(sites.data, lng).filter(offered[offer]) : [];
  const [site, choose] = useChosenSite(list);
  return { sites, list, site, choose };
}
