// One webhook: its name, address, priorities and age, a delete button, and its deliveries.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { alarmPriorities, type Webhook } from '@voltscope/shared/alarms';
import { useTranslation } from 'react-i18next';
import { formatDateTimeSeconds } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconTrash } from '../../ui/icons.tsx';
import { DeliveriesTable } from './DeliveriesTable.tsx';
import { PriorityBadge } from './PriorityBadge.tsx';

interface Props {
  hook: Webhook;
  version: number;
  onDelete: (hook: Webhook) => void;
}

export function WebhookCard({ hook, version, onDelete }: Props) {
  const { t } = useTranslation(['alarmRules', 'common']);
  const lng = useLanguage();
  return (
    <Card withBorder radius="md" data-testid="webhook" data-webhook-id={hook.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={4} size="h5">
                {hook.name}
              </Title>
              {!hook.enabled && (
                <Badge color="gray" variant="outline" tt="none">
                  {t('alarmRules:webhooks.disabled')}
                </Badge>
              )}
            </Group>
            <Text size="sm" ff="monospace" dir="ltr" style={{ wordBreak: 'break-all' }} data-testid="webhook-url-text">
              {hook.url}
            </Text>
            <Group gap={6}>
              {alarmPriorities
                .filter((p) => hook.priorities.includes(p))
                .map((p) => (
                  <PriorityBadge key={p} priority={p} />
                ))}
              <Text size="xs" c="dimmed">
                {t('alarmRules:webhooks.created', { time: formatDateTimeSeconds(lng, hook.createdAt) })}
              </Text>
            </Group>
          </Stack>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} />}
            onClick={() => onDelete(hook)}
            aria-label={t('alarmRules:webhooks.deleteLabel', { name: hook.name })}
            data-testid="webhook-delete"
          >
            {t('alarmRules:webhooks.delete')}
          </Button>
        </Group>
        <Title order={5} size="sm" fw={600}>
          {t('alarmRules:deliveries.title')}
        </Title>
        <DeliveriesTable webhookId={hook.id} version={version} />
      </Stack>
    </Card>
  );
}
