// GET /api/app-bar/search?q=: the pages of the catalogue and the sites and devices the caller may open,
// whose titles contain q in the caller's language, at most 5 per category (seed sections 2, 7 and 9).
import type { AppAbility } from '@voltscope/shared/abilities';
import { fallbackLanguage, isLanguage, type Language } from '@voltscope/shared/i18n';
import {
  normalizeQuery,
  SEARCH_LIMIT_PER_CATEGORY,
  type SearchCategoryKey,
  type SearchChild,
  searchCatalogue,
  searchCategoryKeys,
  searchCategoryTitles,
  titleMatches,
} from '@voltscope/shared/search';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../plugins/auth.ts';
import { listSites } from '../store/sites.ts';
import { contract, typed } from './contract.ts';

/** The first language of an Accept-Language header we speak, by preference weight. */
export function languageFromHeader(header: string | undefined): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lng: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.lng).find(isLanguage);
}

function languageOf(request: FastifyRequest<{ Querystring: { lang?: string } }>): Language {
  const { lang } = request.query;
  if (isLanguage(lang)) return lang;
  return languageFromHeader(request.headers['accept-language']) ?? fallbackLanguage;
}

function pagesFor(ability: AppAbility, q: string, lng: Language): Map<SearchCategoryKey, SearchChild[]> {
  const found = new Map<SearchCategoryKey, SearchChild[]>();
  for (const entry of searchCatalogue) {
    if (entry.can && !ability.can(entry.can[0], entry.can[1])) continue;
    const title = entry.titles[lng];
    if (!titleMatches(title, q, lng)) continue;
    const child = { id: `page:${entry.url}`, title, icon: entry.icon, url: entry.url };
    found.set(entry.category, [...(found.get(entry.category) ?? []), child]);
  }
  return found;
}

export async function searchRoutes(app: FastifyInstance) {
  const { db } = app.services;

  typed(app).route({
    ...contract('GET /api/app-bar/search'),
    handler: async (request) => {
      const session = request.session;
      if (!session) return [];
      const q = normalizeQuery(request.query.q);
      const lng = languageOf(request);
      const found = pagesFor(session.ability, q, lng);

      if (session.ability.can('read', 'Site')) {
        const sites = (await listSites(db))
          .filter((site) => can(request, 'read', 'Site', site) && titleMatches(site.name, q, lng))
          .map((site) => ({
            id: `site:${site.id}`,
            title: site.name,
            icon: `site-${site.kind}`,
            url: `/dashboards/solar#site-${site.id}`,
          }));
        if (sites.length > 0) found.set('sites', sites);
      }

      if (session.ability.can('read', 'Device')) {
        // A device is found by its name or its site's. It opens itself: the client knows where each kind
        // of device is shown (its page, or its line of its site's overview), as for every device link.
        const { registry } = app.services;
        const siteNames = new Map((await listSites(db)).map((site) => [site.id, site.name]));
        const devices: SearchChild[] = [];
        for (const device of registry.devices.values()) {
          if (devices.length >= SEARCH_LIMIT_PER_CATEGORY) break;
          const title = `${device.name} · ${siteNames.get(device.siteId) ?? device.siteId}`;
          if (!titleMatches(title, q, lng) || !can(request, 'read', 'Device', device)) continue;
          devices.push({
            id: `device:${device.id}`,
            title,
            icon: 'device',
            device: { id: device.id, type: device.type },
          });
        }
        if (devices.length > 0) found.set('devices', devices);
      }

      return searchCategoryKeys.flatMap((key) => {
        const children = found.get(key);
        if (!children || children.length === 0) return [];
        return [
          {
            title: searchCategoryTitles[lng][key],
            category: key,
            children: children.slice(0, SEARCH_LIMIT_PER_CATEGORY),
          },
        ];
      });
    },
  });
}
