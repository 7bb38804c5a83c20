import { languages } from '@voltscope/shared/i18n';
import { searchCatalogue, searchCategoryKeys, searchCategoryTitles } from '@voltscope/shared/search';
import { describe, expect, it } from 'vitest';
import { routeForPath } from '../routes.tsx';

describe('the search catalogue (shared with the server)', () => {
  it.each(searchCatalogue.map((entry) => [entry.url, entry] as const))(
    '%s leads to a built page with the same permission',
    (_url, entry) => {
      const [path = ''] = entry.url.split('#');
      const route = routeForPath(path);
      expect(route, entry.url).toBeDefined();
      expect(route?.action && route.subject ? [route.action, route.subject] : undefined).toEqual(
        entry.can ? [...entry.can] : undefined,
      );
    },
  );

  it('has every title and category title in all four languages', () => {
    for (const lng of languages) {
      for (const entry of searchCatalogue) expect(entry.titles[lng].trim(), `${lng} ${entry.url}`).not.toBe('');
      for (const key of searchCategoryKeys) expect(searchCategoryTitles[lng][key].trim()).not.toBe('');
    }
  });
});
