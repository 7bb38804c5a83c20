// Adding a webhook: a name, an http(s) address and the alarm priorities it follows, checked here before
// the server sees them; the server's refusal shows at its field.
import { Alert, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { type AlarmPriority, alarmPriorities, type Webhook } from '@voltscope/shared/alarms';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle, IconPlus } from '../../ui/icons.tsx';
import { createWebhook } from './alarmRulesApi.ts';
import { PriorityLabel } from './PriorityBadge.tsx';
import { type SaveErrorKey, saveError } from './saveError.ts';

type Field = 'name' | 'url' | 'priorities';

const isHttpUrl = (text: string) => {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** A data example, the same in every language. */
const URL_EXAMPLE = 'https://example.com/hooks/voltscope';

export function WebhookForm({ onCreated }: { onCreated: (hook: Webhook & { secret: string }) => void }) {
  const { t } = useTranslation(['alarmRules', 'common']);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [priorities, setPriorities] = useState<AlarmPriority[]>(['critical', 'high']);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<SaveErrorKey | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Partial<Record<Field, string>> = {};
    if (!name.trim()) found.name = t('alarmRules:webhooks.validation.name');
    if (!isHttpUrl(url.trim())) found.url = t('alarmRules:webhooks.validation.url');
    if (priorities.length === 0) found.priorities = t('alarmRules:webhooks.validation.priorities');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const ordered = alarmPriorities.filter((p) => priorities.includes(p));
      onCreated(await createWebhook({ name: name.trim(), url: url.trim(), priorities: ordered }));
      setName('');
      setUrl('');
    } catch (caught) {
      const { key, fields } = saveError(caught);
      setErrors(
        Object.fromEntries(
          fields
            .filter((f) => f === 'name' || f === 'url' || f === 'priorities')
            .map((f) => [f, t('alarmRules:validation.server')]),
        ),
      );
      setFailure(key);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="webhook-form-title" data-testid="webhook-form">
      <Stack gap="sm">
        <Group grow align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label={t('alarmRules:webhooks.name')}
            placeholder={t('alarmRules:webhooks.namePlaceholder')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            required
            error={errors.name}
            miw={200}
            data-testid="webhook-name"
          />
          <TextInput
            label={t('alarmRules:webhooks.url')}
            placeholder={URL_EXAMPLE}
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            maxLength={2000}
            type="url"
            dir="ltr"
            required
            error={errors.url}
            miw={280}
            data-testid="webhook-url"
          />
        </Group>
        <Checkbox.Group
          value={priorities}
          onChange={(value) => setPriorities(value as AlarmPriority[])}
          label={t('alarmRules:webhooks.priorities')}
          description={t('alarmRules:webhooks.prioritiesHint')}
          error={errors.priorities}
          required
        >
          <Group gap="lg" mt="xs">
            {alarmPriorities.map((p) => (
              <Checkbox
                key={p}
                value={p}
                data-testid={`webhook-priority-${p}`}
                label={<PriorityLabel priority={p} />}
              />
            ))}
          </Group>
        </Checkbox.Group>
        {failure && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />}>
            {t(`alarmRules:errors.${failure}`)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy} leftSection={<IconPlus size={16} />} data-testid="webhook-create">
            {t('alarmRules:webhooks.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
