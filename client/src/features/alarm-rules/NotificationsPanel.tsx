// The notifications tab: what webhooks are for, the form to add one (then its secret, once), and each
// webhook with its deliveries. `version` (the page's refresh) reloads the list and every delivery table.
import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Webhook } from '@voltscope/shared/alarms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditableList } from '../../data/useEditableList.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { deleteWebhook, listWebhooks } from './alarmRulesApi.ts';
import { SecretNotice } from './SecretNotice.tsx';
import { saveError } from './saveError.ts';
import { WebhookCard } from './WebhookCard.tsx';
import { WebhookForm } from './WebhookForm.tsx';

interface Props {
  version: number;
  announce: (message: string) => void;
}

export function NotificationsPanel({ version, announce }: Props) {
  const { t } = useTranslation(['alarmRules', 'common']);
  const lng = useLanguage();
  const webhooks = useEditableList(listWebhooks, version);
  const hooks = webhooks.items;
  const [created, setCreated] = useState<(Webhook & { secret: string }) | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  return (
    <Stack gap="lg">
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Title order={3} size="h5" id="webhook-form-title">
            {t('alarmRules:webhooks.add')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('alarmRules:webhooks.intro')}
          </Text>
          <WebhookForm
            onCreated={(hook) => {
              const { secret: _secret, ...listed } = hook;
              webhooks.put(listed);
              setCreated(hook);
            }}
          />
        </Stack>
      </Card>
      {created && <SecretNotice hook={created} onDone={() => setCreated(null)} />}
      {webhooks.error !== null && !hooks && (
        <RetryAlert message={t('alarmRules:webhooks.loadError')} onRetry={webhooks.reload} />
      )}
      {!hooks && webhooks.error === null && <Skeleton h={160} />}
      {hooks?.length === 0 && (
        <Text c="dimmed" data-testid="webhooks-empty">
          {t('alarmRules:webhooks.empty')}
        </Text>
      )}
      {hooks && hooks.length > 0 && (
        <Title order={3} size="h5">
          {t('alarmRules:webhooks.list', { n: formatNumber(lng, hooks.length) })}
        </Title>
      )}
      {hooks?.map((hook) => (
        <WebhookCard key={hook.id} hook={hook} version={version} onDelete={setDeleting} />
      ))}
      {deleting && (
        <ConfirmDialog
          title={t('alarmRules:webhooks.deleteTitle')}
          text={t('alarmRules:webhooks.deleteText', { name: deleting.name })}
          confirm={t('alarmRules:webhooks.deleteConfirm')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await deleteWebhook(deleting.id);
              webhooks.drop(deleting.id);
              if (created?.id === deleting.id) setCreated(null);
              announce(t('alarmRules:webhooks.deleted', { name: deleting.name }));
            } catch (caught) {
              announce(t(`alarmRules:errors.${saveError(caught).key}`));
            }
            setDeleting(null);
          }}
        />
      )}
    </Stack>
  );
}
