// Roles & rules (/admin/roles, admins): every role with its users and its last change; a built-in role
// reads in plain words and can be copied into a new one; a custom role opens the rules editor (with a
// preview and "view as") and can be deleted once no user has it. A saved change reaches the role's
// users at once (the hub sends them their new rules).
import { Badge, Button, Card, Group, Loader, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import type { RoleData } from '@voltscope/shared/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sortSites, useSites } from '../../data/sites.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { errorText } from '../../i18n/serverErrors.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ApiError } from '../../session/api.ts';
import { roleLabelKey } from '../../session/userLabels.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { IconCopy, IconPlus } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { PlainRules } from './PlainRules.tsx';
import { type EditorStart, RoleEditor } from './RoleEditor.tsx';
import classes from './rolesAdmin.module.css';
import { createRole, deleteRole, listRoles, updateRole } from './rolesApi.ts';

type Panel = { kind: 'none' } | { kind: 'view'; name: string } | { kind: 'edit'; start: EditorStart; key: number };

let editorKey = 0;

export function RolesAdminPage() {
  const { t } = useTranslation(['rolesAdmin', 'common']);
  const lng = useLanguage();
  const [roles, setRoles] = useState<RoleData[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const sites = useSites();
  const siteList = useMemo(() => (sites.status === 'ready' ? sortSites(sites.data, lng) : []), [sites, lng]);
  const siteNames = useMemo(() => new Map(siteList.map((s) => [s.id, s.name] as const)), [siteList]);

  const reload = useCallback(async () => {
    setLoadError(false);
    try {
      setRoles(await listRoles());
    } catch {
      setLoadError(true);
    }
  }, []);
  useEffect(() => void reload(), [reload]);

  const edit = (start: EditorStart) => setPanel({ kind: 'edit', start, key: ++editorKey });
  const open = (role: RoleData) =>
    role.builtin
      ? setPanel({ kind: 'view', name: role.name })
      : edit({ editing: role.name, name: role.name, description: role.description, rules: role.rules });
  const copy = (role: RoleData) =>
    edit({
      editing: null,
      name: t('rolesAdmin:detail.copyName', { name: role.name }),
      // A built-in's description is the hub's (English): the admin words their own role.
      description: role.builtin ? '' : role.description,
      rules: role.rules,
    });
  const selected = panel.kind === 'view' ? panel.name : panel.kind === 'edit' ? (panel.start.editing ?? null) : null;
  const viewed = panel.kind === 'view' ? roles?.find((r) => r.name === panel.name) : undefined;

  const remove = async (name: string) => {
    try {
      await deleteRole(name);
      setAnnouncement(t('rolesAdmin:announce.deleted', { name }));
      setPanel({ kind: 'none' });
      await reload();
    } catch (caught) {
      const reason = caught instanceof ApiError ? errorText(caught.body) : t('rolesAdmin:failure.network');
      setAnnouncement(t('rolesAdmin:announce.failed', { name, reason }));
    }
    setConfirming(null);
  };

  const when = (role: RoleData) =>
    role.updatedAt === null
      ? t('rolesAdmin:list.never')
      : role.updatedBy
        ? t('rolesAdmin:list.by', { when: formatDateTime(lng, role.updatedAt), who: role.updatedBy })
        : formatDateTime(lng, role.updatedAt);

  return (
    <>
      <PageHeader
        title={t('rolesAdmin:title')}
        subtitle={t('rolesAdmin:subtitle')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => edit({ editing: null, name: '', description: '', rules: [] })}
            disabled={roles === null}
            data-testid="role-new"
          >
            {t('rolesAdmin:newRole')}
          </Button>
        }
      />
      <Text role="status" size="sm" mb={announcement ? 'sm' : 0} data-testid="announcement">
        {announcement}
      </Text>
      {loadError ? (
        <RetryAlert message={t('rolesAdmin:loadError')} onRetry={() => void reload()} />
      ) : roles === null ? (
        <Loader aria-label={t('common:app.loading')} />
      ) : (
        <Stack gap="lg">
          <Card p={0}>
            <Table.ScrollContainer minWidth={640}>
              <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" data-testid="roles-table">
                <Table.Caption className={classes.caption}>{t('rolesAdmin:list.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('rolesAdmin:list.name')}</Table.Th>
                    <Table.Th ta="end">{t('rolesAdmin:list.users')}</Table.Th>
                    <Table.Th>{t('rolesAdmin:list.changed')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {roles.map((role) => (
                    <Table.Tr
                      key={role.name}
                      data-testid="role-row"
                      data-role={role.name}
                      className={role.name === selected ? classes.selected : undefined}
                    >
                      <Table.Td>
                        <UnstyledButton
                          onClick={() => open(role)}
                          aria-current={role.name === selected ? 'true' : undefined}
                          className={classes.pick}
                          data-testid="role-open"
                        >
                          <Group gap="xs" wrap="nowrap">
                            <Text fw={600}>
                              <bdi>{role.name}</bdi>
                            </Text>
                            <Badge size="sm" variant="light" color={role.builtin ? 'gray' : 'primary'}>
                              {role.builtin ? t('rolesAdmin:list.builtin') : t('rolesAdmin:list.custom')}
                            </Badge>
                          </Group>
                          <Text size="sm" c="dimmed" lineClamp={1}>
                            {role.builtin
                              ? t(roleLabelKey(role.name))
                              : role.description || t('rolesAdmin:list.noDescription')}
                          </Text>
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td ta="end" data-testid="role-users">
                        {formatNumber(lng, role.userCount)}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{when(role)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>

          {panel.kind === 'none' && (
            <Text c="dimmed" size="sm">
              {t('rolesAdmin:detail.pick')}
            </Text>
          )}
          {viewed && (
            <Card data-testid="role-detail">
              <Group justify="space-between" mb="sm">
                <div>
                  <Title order={3} fw={600}>
                    <bdi>{viewed.name}</bdi>
                  </Title>
                  <Text size="sm" c="dimmed">
                    {viewed.description}
                  </Text>
                </div>
                <Button
                  variant="light"
                  leftSection={<IconCopy size={16} />}
                  onClick={() => copy(viewed)}
                  data-testid="role-copy"
                >
                  {t('rolesAdmin:detail.copy')}
                </Button>
              </Group>
              <Text size="sm" c="dimmed" mb="md">
                {t('rolesAdmin:detail.builtinNote')}
              </Text>
              <Title order={4} fw={600} mb="xs">
                {t('rolesAdmin:detail.rules')}
              </Title>
              <PlainRules rules={viewed.rules} siteNames={siteNames} />
            </Card>
          )}
          {panel.kind === 'edit' && (
            <RoleEditor
              key={panel.key}
              start={panel.start}
              roles={roles}
              sites={siteList}
              siteNames={siteNames}
              onCancel={() => setPanel({ kind: 'none' })}
              {...(panel.start.editing && { onDelete: () => setConfirming(panel.start.editing) })}
              onSave={async (body) => {
                const editing = panel.start.editing;
                const saved = editing ? await updateRole(editing, body) : await createRole(body);
                setAnnouncement(
                  t(editing ? 'rolesAdmin:announce.saved' : 'rolesAdmin:announce.created', { name: saved.name }),
                );
                await reload();
                edit({ editing: saved.name, name: saved.name, description: saved.description, rules: saved.rules });
              }}
            />
          )}
        </Stack>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('rolesAdmin:confirm.title', { name: confirming })}
          text={t('rolesAdmin:confirm.text')}
          confirm={t('rolesAdmin:confirm.confirm')}
          onConfirm={() => remove(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
