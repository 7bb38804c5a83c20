// What both real-time pages start from: the user's sites (maybe only some kinds), the one chosen in the
// address, its live frames and its series, and what the header says of them.
import type { Site } from '@voltscope/shared/domain';
import { sortSites, useSites } from '../../data/sites.ts';
import { useSiteSeries } from '../../data/useSiteSeries.ts';
import { useChosenSite } from '../../data/useUrlParam.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useLiveSite } from '../../live/hooks.ts';

export function useLivePageSite(keep: (site: Site) => boolean = () => true) {
  const lng = useLanguage();
  const sites = useSites();
  const list = sites.status === 'ready' ? sortSites(sites.data, lng).filter(keep) : [];
  const [site, choose] = useChosenSite(list);
  useLiveSite(site?.id ?? null);
  const fleet = useSiteSeries(site?.id ?? null);
  const header = {
    sites: list,
    site,
    onChange: choose,
    failed: sites.status === 'error' || fleet.status === 'error',
    loaded: sites.status === 'ready',
  };
  return { lng, site, fleet, header };
}
