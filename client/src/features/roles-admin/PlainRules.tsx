// A role's rules in plain words ("Can acknowledge: alarms of Yazd Solar", "Cannot delete: users"), read
// with the access-control page's describer; a template's `${user.siteIds}` reads "their own sites".
import { List, Text, ThemeIcon } from '@mantine/core';
import type { AbilityRule } from '@voltscope/shared/abilities';
import type { TOptions } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatList } from '../../i18n/format.ts';
import { dynamicKey } from '../../i18n/namespaces.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconCircleCheck, IconCircleX } from '../../ui/icons.tsx';
import { phraseRule, summarizeRules } from '../access-control/describeRules.ts';

interface Props {
  rules: readonly AbilityRule[];
  siteNames: ReadonlyMap<string, string>;
  testId?: string;
}

export function PlainRules({ rules, siteNames, testId = 'plain-rules' }: Props) {
  const { t } = useTranslation(['rolesAdmin', 'account']);
  const lng = useLanguage();
  const phrases = useMemo(
    () =>
      summarizeRules(rules).map((summary) => ({
        inverted: summary.inverted,
        text: phraseRule(summary, {
          t: (key, options) => t(dynamicKey('account', key), options as TOptions),
          list: (items) => formatList(lng, items),
          siteName: (id) => siteNames.get(id) ?? id,
        }),
      })),
    [rules, siteNames, t, lng],
  );
  if (phrases.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid={testId}>
        {t('rolesAdmin:detail.noRules')}
      </Text>
    );
  }
  return (
    <List component="ol" spacing="xs" center data-testid={testId}>
      {phrases.map((phrase, index) => (
        <List.Item
          // biome-ignore lint/suspicious/noArrayIndexKey: a rule's position is its identity (later rules win).
          key={index}
          data-testid="plain-rule"
          icon={
            <ThemeIcon size={22} radius="xl" variant="light" color={phrase.inverted ? 'red' : 'teal'}>
              {phrase.inverted ? <IconCircleX size={14} /> : <IconCircleCheck size={14} />}
            </ThemeIcon>
          }
        >
          <Text size="sm">{phrase.text}</Text>
        </List.Item>
      ))}
    </List>
  );
}
