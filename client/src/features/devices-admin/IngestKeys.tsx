// A site's ingest keys (what its gateway signs its samples with): name, created, last used, revoked.
// A new key is shown once, with a copy button, and never again (only its hash is kept); revoking asks first.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { ingestKeyFields } from '@voltscope/shared/fleetFields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditableList } from '../../data/useEditableList.ts';
import { formatDateTime, formatRelativeTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { IconAlertTriangle, IconCheck, IconCopy, IconTrash } from '../../ui/icons.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import classes from './devicesAdmin.module.css';
import { createIngestKey, type IngestKey, listIngestKeys, revokeIngestKey } from './fleetAdminApi.ts';
import { refusalText } from './refusal.ts';
import { useFieldForm } from './useFieldForm.ts';

export function IngestKeys({ siteId }: { siteId: string }) {
  const { t } = useTranslation(['devicesAdmin', 'common']);
  const lng = useLanguage();
  const keys = useEditableList(listIngestKeys);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<IngestKey | null>(null);
  const [revoking, setRevoking] = useState<IngestKey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFieldForm(ingestKeyFields, { name }, async () => {
    const key = await createIngestKey(siteId, name.trim());
    keys.put(key);
    setCreated(key);
    setName('');
  });

  const mine = (keys.items ?? []).filter((k) => k.siteId === siteId).sort((a, b) => b.createdAt - a.createdAt);
  const when = (at: number | null) =>
    at === null ? (
      t('devicesAdmin:keys.never')
    ) : (
      <span title={formatDateTime(lng, at)}>{formatRelativeTime(lng, at)}</span>
    );

  return (
    <Stack gap="md" data-testid="ingest-keys">
      <form onSubmit={form.onSubmit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('devicesAdmin:keys.name')}
            placeholder={t('devicesAdmin:keys.namePlaceholder')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={(e) => form.check('name', e)}
            error={form.error('name')}
            required
            data-testid="key-name"
          />
          <Button type="submit" mt={24} loading={form.busy} data-testid="key-create">
            {t('devicesAdmin:keys.create')}
          </Button>
        </Group>
        {form.failure && (
          <Text c="red" size="sm" role="alert">
            {form.failure}
          </Text>
        )}
      </form>
      {created?.key && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} title={t('devicesAdmin:keys.onceTitle')}>
          <Stack gap="xs">
            <Text size="sm">{t('devicesAdmin:keys.once')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Text className={classes.secret} dir="ltr" data-testid="key-secret">
                {created.key}
              </Text>
              <CopyButton value={created.key}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('devicesAdmin:keys.copied') : t('devicesAdmin:keys.copy')}>
                    <ActionIcon variant="subtle" onClick={copy} aria-label={t('devicesAdmin:keys.copy')}>
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Button variant="default" size="xs" onClick={() => setCreated(null)} data-testid="key-done">
              {t('devicesAdmin:keys.done')}
            </Button>
          </Stack>
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {keys.error !== null ? (
        <RetryAlert message={t('devicesAdmin:keys.loadError')} onRetry={keys.reload} />
      ) : keys.items === null ? (
        <Loader aria-label={t('common:app.loading')} />
      ) : mine.length === 0 ? (
        <Text size="sm">{t('devicesAdmin:keys.none')}</Text>
      ) : (
        <Table verticalSpacing={6} data-testid="key-table">
          <Table.Thead>
            <Table.Tr>
              {(['name', 'created', 'lastUsed', 'state'] as const).map((c) => (
                <Table.Th key={c}>{t(`devicesAdmin:keys.columns.${c}`)}</Table.Th>
              ))}
              <Table.Th>
                <span className={classes.hidden}>{t('devicesAdmin:keys.columns.actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mine.map((key) => (
              <Table.Tr key={key.id} data-testid="key-row">
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>{formatDateTime(lng, key.createdAt)}</Table.Td>
                <Table.Td data-testid="key-last-used">{when(key.lastUsedAt)}</Table.Td>
                <Table.Td>
                  {key.revokedAt === null ? (
                    <Badge color="teal" variant="light">
                      {t('devicesAdmin:keys.active')}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      {t('devicesAdmin:keys.revoked', { date: formatDateTime(lng, key.revokedAt) })}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {key.revokedAt === null && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('devicesAdmin:keys.revoke', { name: key.name })}
                      onClick={() => setRevoking(key)}
                      data-testid="key-revoke"
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {revoking && (
        <ConfirmDialog
          title={t('devicesAdmin:keys.confirmTitle', { name: revoking.name })}
          text={t('devicesAdmin:keys.confirmText')}
          confirm={t('devicesAdmin:keys.confirm')}
          onConfirm={async () => {
            try {
              await revokeIngestKey(revoking.id);
              keys.put({ ...revoking, revokedAt: Date.now() });
            } catch (caught) {
              setFailure(refusalText(caught));
            }
            setRevoking(null);
          }}
          onClose={() => setRevoking(null)}
        />
      )}
    </Stack>
  );
}
