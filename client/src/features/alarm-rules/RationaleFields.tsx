// The rule's rationale (ISA-18.2's master alarm database) in the editor: the allowed response time, and
// cause, consequence and corrective action in a tab per language, each written in its own direction.
// A tab whose texts are refused says so on its label, so a mistake in a hidden language is not missed.
import { NumberInput, Stack, Tabs, Text, Textarea } from '@mantine/core';
import type { LocalisedText } from '@voltscope/shared/alarms';
import { type Language, languages } from '@voltscope/shared/i18n';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { directionOf } from '../../i18n/language.ts';
import { dynamicKey } from '../../i18n/namespaces.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import {
  type DraftErrors,
  MAX_RATIONALE,
  MAX_RESPONSE,
  MIN_RESPONSE,
  type RationaleText,
  rationaleTexts,
} from './ruleDraft.ts';

interface Props {
  texts: Record<RationaleText, LocalisedText>;
  responseMinutes: number | string;
  onText: (field: RationaleText, text: LocalisedText) => void;
  onResponseMinutes: (minutes: number | string) => void;
  errors: DraftErrors;
}

export function RationaleFields({ texts, responseMinutes, onText, onResponseMinutes, errors }: Props) {
  const { t } = useTranslation(['alarmRules']);
  const lng = useLanguage();
  const message = (key: string | undefined) =>
    key ? t(dynamicKey('alarmRules', `alarmRules:validation.${key}`)) : undefined;
  const wrong = (language: Language) => rationaleTexts.some((field) => errors[`${field}.${language}`]);
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }} data-testid="rationale-fields">
      <Text component="legend" fw={600} size="sm" p={0}>
        {t('alarmRules:rationale.title')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('alarmRules:rationale.hint')}
      </Text>
      <NumberInput
        label={t('alarmRules:rationale.responseMinutes')}
        description={t('alarmRules:rationale.responseMinutesHint', { max: formatNumber(lng, MAX_RESPONSE) })}
        value={responseMinutes}
        onChange={onResponseMinutes}
        min={MIN_RESPONSE}
        max={MAX_RESPONSE}
        allowDecimal={false}
        hideControls
        dir="ltr"
        maw={280}
        error={message(errors.responseMinutes)}
        data-testid="rule-responseMinutes"
      />
      <Tabs defaultValue={lng} keepMounted>
        <Tabs.List>
          {languages.map((language) => (
            <Tabs.Tab
              key={language}
              value={language}
              {...(wrong(language) && { c: 'var(--mantine-color-error)' })}
              data-testid={`rationale-tab-${language}`}
            >
              {t(`alarmRules:editor.languages.${language}`)}
              {wrong(language) ? ` (${t('alarmRules:rationale.toCorrect')})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {languages.map((language) => (
          <Tabs.Panel key={language} value={language} pt="xs">
            <Stack gap="xs">
              {rationaleTexts.map((field) => (
                <Textarea
                  key={field}
                  label={t(`alarmRules:rationale.${field}`)}
                  description={t(`alarmRules:rationale.${field}Hint`)}
                  value={texts[field][language]}
                  onChange={(e) => onText(field, { ...texts[field], [language]: e.currentTarget.value })}
                  maxLength={MAX_RATIONALE}
                  autosize
                  minRows={2}
                  maxRows={6}
                  lang={language}
                  dir={directionOf(language)}
                  error={message(errors[`${field}.${language}`])}
                  data-testid={`rationale-${field}-${language}`}
                />
              ))}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
