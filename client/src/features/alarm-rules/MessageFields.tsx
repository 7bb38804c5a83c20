// The alarm message in the four languages, each written in its own direction, with the placeholders
// the hub fills in explained once and a preview of the reader's language with sample values.
import { Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { fillMessage, type LocalisedText } from '@voltscope/shared/alarms';
import { languages } from '@voltscope/shared/i18n';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../../i18n/language.ts';
import { dynamicKey } from '../../i18n/namespaces.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { type DraftErrors, MAX_MESSAGE } from './ruleDraft.ts';

const placeholders = ['device', 'value', 'unit', 'threshold', 'code', 'fault', 'lost'] as const;
/** What only a fault rule's message can say: the code decoded, the power lost. */
const faultOnly: ReadonlySet<string> = new Set(['fault', 'lost']);

interface Props {
  message: LocalisedText;
  onChange: (message: LocalisedText) => void;
  errors: DraftErrors;
  /** Sample values for the preview. */
  sample: Record<(typeof placeholders)[number], string | number>;
  /** A fault rule's message also has `{fault}` and `{lost}`. */
  fault: boolean;
}

export function MessageFields({ message, onChange, errors, sample, fault }: Props) {
  const { t } = useTranslation(['alarmRules', 'common']);
  const lng = useLanguage();
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} size="sm" p={0}>
        {t('alarmRules:editor.message')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('alarmRules:editor.messageHint')}
      </Text>
      <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="placeholder-help">
        {placeholders
          .filter((name) => fault || !faultOnly.has(name))
          .map((name) => (
            <Text component="li" size="xs" key={name}>
              <Code dir="ltr">{`{${name}}`}</Code> {t(`alarmRules:editor.placeholders.${name}`)}
            </Text>
          ))}
      </Group>
      {languages.map((language) => {
        const error = errors[`message.${language}`];
        return (
          <TextInput
            key={language}
            label={t(`alarmRules:editor.languages.${language}`)}
            value={message[language]}
            onChange={(e) => onChange({ ...message, [language]: e.currentTarget.value })}
            maxLength={MAX_MESSAGE}
            lang={language}
            dir={directionOf(language)}
            error={error ? t(dynamicKey('alarmRules', `alarmRules:validation.${error}`)) : undefined}
            data-testid={`message-${language}`}
          />
        );
      })}
      <Text size="sm" data-testid="message-preview">
        <Text span c="dimmed" inherit>
          {t('alarmRules:editor.preview')}:
        </Text>{' '}
        {fillMessage(message[lng], sample)}
      </Text>
    </Stack>
  );
}
