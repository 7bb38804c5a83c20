import { resolveRules, roleRuleTemplates } from '@voltscope/shared/abilities';
import type { TOptions } from 'i18next';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatList } from '../../i18n/format.ts';
import { dynamicKey } from '../../i18n/namespaces.ts';
import { resources } from '../../i18n/testResources.ts';
import { phraseRule, summarizeRules } from './describeRules.ts';

const i18n = i18next.createInstance();
const names: Record<string, string> = { 'fr-occitanie': 'Occitanie Solar', 'es-tarifa': 'Tarifa Wind' };

beforeAll(async () => {
  await i18n.init({
    resources,
    lng: 'en',
    fallbackLng: false,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
});

const phrases = (rules: Parameters<typeof summarizeRules>[0], lng: 'en' | 'fa' = 'en') =>
  summarizeRules(rules).map((rule) =>
    phraseRule(rule, {
      t: (key, options) => i18n.getFixedT(lng, ['account', 'common'])(dynamicKey('account', key), options as TOptions),
      list: (items) => formatList(lng, items),
      siteName: (id) => names[id] ?? id,
    }),
  );

describe('permissions in words', () => {
  it('says "manage everything" for the admin rule', () => {
    expect(phrases(roleRuleTemplates.admin)).toEqual(['Can manage everything']);
  });

  it('names the sites a client is limited to', () => {
    const rules = resolveRules(roleRuleTemplates.client, { siteIds: ['fr-occitanie', 'es-tarifa'] });
    expect(phrases(rules)).toEqual([
      'Can read: sites Occitanie Solar and Tarifa Wind',
      'Can read: devices, measurement series, alarms, events and single-line diagrams of Occitanie Solar and Tarifa Wind',
      'Can read: the access control page',
    ]);
  });

  it('says "cannot" for inverted rules and marks other conditions and fields', () => {
    expect(
      phrases([
        { action: 'delete', subject: 'User', inverted: true },
        { action: 'update', subject: 'Device', conditions: { status: 'offline' } },
        { action: 'read', subject: 'User', fields: ['fullName', 'email'] },
      ]),
    ).toEqual([
      'Cannot delete: users',
      'Can update: devices (under conditions)',
      'Can read: users (only fullName and email)',
    ]);
  });

  it('speaks Persian', () => {
    expect(phrases([{ action: 'read', subject: 'Site', conditions: { id: { $in: ['fr-occitanie'] } } }], 'fa')).toEqual(
      ['اجازهٔ مشاهده: نیروگاه‌های Occitanie Solar'],
    );
  });
});
