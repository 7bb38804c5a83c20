// Users (/admin/users, admins): the team's accounts, searched, filtered and paged on the server. Add a
// user with a one-time password (shown once) or by a mailed invitation; edit name, username, email, role
// and sites; reset a password or the second factor; see and end a user's sessions; disable (their pages
// are signed out at once) and enable again. Refusals (the last admin, oneself) are said in words.
import { Button, Group, Loader, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_USER_PAGE_SIZE, type UserStatus, userPageSizes } from '@voltscope/shared/userFields';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sortSites, useSites } from '../../data/sites.ts';
import { useResource } from '../../data/useResource.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { call } from '../../session/api.ts';
import { useSession } from '../../session/sessionStore.ts';
import { roleLabelKey } from '../../session/userLabels.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyCard } from '../../ui/EmptyCard.tsx';
import { IconPlus, IconSearch, IconUser } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { OneTimePasswordDialog } from './OneTimePasswordDialog.tsx';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';
import { refusalText } from './refusal.ts';
import { SessionsDialog } from './SessionsDialog.tsx';
import { type UserDraft, UserForm } from './UserForm.tsx';
import { type UserAction, UserTable } from './UserTable.tsx';
import { type AdminUser, createUser, disableUser, enableUser, resetPassword, updateUser } from './usersApi.ts';

type Dialog =
  | { kind: 'form'; user: AdminUser | null }
  | { kind: 'password'; name: string; password: string }
  | { kind: 'sessions'; user: AdminUser }
  | { kind: 'reset'; user: AdminUser }
  | { kind: 'confirm'; action: 'disable' | 'enable' | 'resetMfa'; user: AdminUser };

const builtinRoles = ['admin', 'operator', 'client'] as const;

export function UsersAdminPage() {
  const { t } = useTranslation(['usersAdmin', 'common']);
  const lng = useLanguage();
  const meId = useSession((s) => s.userData?.id);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [role, setRole] = useState<string | null>(null);
  const [status, setStatus] = useState<UserStatus | 'all'>('all');
  const [site, setSite] = useState<string | null>(null);
  const [sort, setSort] = useState<'name' | 'email' | 'role' | 'lastSignIn' | 'createdAt'>('name');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_USER_PAGE_SIZE);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const users = useResource(
    call('GET /api/users', {
      query: {
        q: q || undefined,
        role: role ?? undefined,
        status,
        site: site ?? undefined,
        sort,
        order: sort === 'lastSignIn' || sort === 'createdAt' ? 'desc' : 'asc',
        page,
        perPage: perPage as (typeof userPageSizes)[number],
      },
    }),
  );
  const roles = useResource(call('GET /api/roles'));
  const options = useResource(call('GET /api/auth/options'));
  const sites = useSites();
  const siteList = sites.status === 'ready' ? sortSites(sites.data, lng) : [];
  const canInvite = options.status === 'ready' && options.data.passwordReset === 'email';
  const roleLabel = (name: string) =>
    (builtinRoles as readonly string[]).includes(name) ? t(roleLabelKey(name)) : name;
  const roleOptions =
    roles.status === 'ready'
      ? roles.data.filter((r) => r.name !== 'display').map((r) => ({ value: r.name, label: roleLabel(r.name) }))
      : builtinRoles.map((name) => ({ value: name, label: roleLabel(name) }));
  const close = useCallback(() => setDialog(null), []);
  const { reload } = users;
  const filtered = (apply: () => void) => {
    apply();
    setPage(1);
  };

  const attempt = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (caught) {
      setAnnouncement(refusalText(caught));
    }
  };

  const onAction = (action: UserAction, user: AdminUser) => {
    setAnnouncement('');
    if (action === 'edit') setDialog({ kind: 'form', user });
    else if (action === 'sessions') setDialog({ kind: 'sessions', user });
    else if (action === 'resetPassword') setDialog({ kind: 'reset', user });
    else setDialog({ kind: 'confirm', action, user });
  };

  const reset = async (user: AdminUser, mode: 'password' | 'link') => {
    close();
    await attempt(async () => {
      show(user, await resetPassword(user.id, mode));
      setAnnouncement(
        t(mode === 'link' ? 'usersAdmin:announce.resetLink' : 'usersAdmin:announce.resetPassword', {
          name: user.fullName,
        }),
      );
      reload();
    });
  };

  const confirmed = async (action: 'disable' | 'enable' | 'resetMfa', user: AdminUser) => {
    close();
    await attempt(async () => {
      if (action === 'disable') await disableUser(user.id);
      else if (action === 'enable') await enableUser(user.id);
      else show(user, await resetPassword(user.id, 'password', true));
      setAnnouncement(t(`usersAdmin:announce.${action}`, { name: user.fullName }));
      reload();
    });
  };

  const show = (user: AdminUser, reply: { oneTimePassword?: string }) => {
    if (reply.oneTimePassword) setDialog({ kind: 'password', name: user.fullName, password: reply.oneTimePassword });
  };

  const save = async (draft: UserDraft) => {
    const editing = dialog?.kind === 'form' ? dialog.user : null;
    const fields = {
      fullName: draft.fullName,
      username: draft.username,
      email: draft.email,
      role: draft.role,
      siteIds: draft.siteIds,
    };
    if (editing) {
      await updateUser(editing.id, fields);
      setAnnouncement(t('usersAdmin:announce.saved', { name: draft.fullName }));
      close();
    } else {
      const reply = await createUser({ ...fields, mode: draft.mode });
      setAnnouncement(
        t(draft.mode === 'invite' ? 'usersAdmin:announce.invited' : 'usersAdmin:announce.created', {
          name: draft.fullName,
        }),
      );
      if (reply.oneTimePassword) {
        setDialog({ kind: 'password', name: draft.fullName, password: reply.oneTimePassword });
      } else close();
    }
    reload();
  };

  const confirmWords = (action: 'disable' | 'enable' | 'resetMfa', user: AdminUser) => ({
    title: t(`usersAdmin:confirm.${action}.title`, { name: user.fullName }),
    text: t(`usersAdmin:confirm.${action}.text`, { name: user.fullName }),
    confirm: t(`usersAdmin:confirm.${action}.confirm`),
  });

  const total = users.status === 'ready' ? users.data.total : 0;
  const pages = Math.max(1, Math.ceil(total / perPage));

  return (
    <>
      <PageHeader
        title={t('usersAdmin:title')}
        subtitle={t('usersAdmin:subtitle')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ kind: 'form', user: null })}
            disabled={sites.status !== 'ready'}
            data-testid="user-add"
          >
            {t('usersAdmin:add')}
          </Button>
        }
      />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label={t('usersAdmin:filters.search')}
          placeholder={t('usersAdmin:filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => filtered(() => setSearch(e.currentTarget.value))}
          w={260}
          data-testid="user-search"
        />
        <Select
          label={t('usersAdmin:filters.role')}
          placeholder={t('usersAdmin:filters.any')}
          data={roleOptions}
          value={role}
          onChange={(value) => filtered(() => setRole(value))}
          clearable
          w={170}
        />
        <Select
          label={t('usersAdmin:filters.status')}
          data={(['all', 'active', 'invited', 'disabled'] as const).map((value) => ({
            value,
            label: t(`usersAdmin:status.${value}`),
          }))}
          value={status}
          onChange={(value) => filtered(() => setStatus((value ?? 'all') as UserStatus | 'all'))}
          allowDeselect={false}
          w={150}
          data-testid="user-status-filter"
        />
        <Select
          label={t('usersAdmin:filters.site')}
          placeholder={t('usersAdmin:filters.any')}
          data={siteList.map((s) => ({ value: s.id, label: s.name }))}
          value={site}
          onChange={(value) => filtered(() => setSite(value))}
          clearable
          searchable
          w={200}
        />
        <Select
          label={t('usersAdmin:filters.sort')}
          data={(['name', 'email', 'role', 'lastSignIn', 'createdAt'] as const).map((value) => ({
            value,
            label: t(`usersAdmin:sort.${value}`),
          }))}
          value={sort}
          onChange={(value) => filtered(() => setSort((value ?? 'name') as typeof sort))}
          allowDeselect={false}
          w={170}
        />
      </Group>
      <Text role="status" size="sm" mb={announcement ? 'sm' : 0} data-testid="announcement">
        {announcement}
      </Text>
      {users.status === 'error' ? (
        <RetryAlert message={t('usersAdmin:loadError')} onRetry={reload} />
      ) : users.status === 'loading' ? (
        <Loader aria-label={t('common:app.loading')} />
      ) : users.data.users.length === 0 ? (
        <EmptyCard
          icon={<IconUser />}
          title={t('usersAdmin:empty.title')}
          description={t('usersAdmin:empty.text')}
          testId="users-empty"
        />
      ) : (
        <Stack gap="md">
          <UserTable users={users.data.users} sites={siteList} meId={meId} onAction={onAction} />
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Text size="sm" c="dimmed" data-testid="user-total">
                {t('usersAdmin:total', { n: formatNumber(lng, total) })}
              </Text>
              <Select
                aria-label={t('usersAdmin:perPage')}
                data={userPageSizes.map((n) => ({ value: String(n), label: formatNumber(lng, n) }))}
                value={String(perPage)}
                onChange={(value) => filtered(() => setPerPage(Number(value ?? DEFAULT_USER_PAGE_SIZE)))}
                allowDeselect={false}
                w={90}
                size="xs"
              />
            </Group>
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              withEdges
              size="sm"
              getControlProps={(control) => ({ 'aria-label': t(`usersAdmin:pages.${control}`) })}
              getItemProps={(n) => ({
                'aria-label': t('usersAdmin:pages.page', { n: formatNumber(lng, n) }),
                children: formatNumber(lng, n),
              })}
            />
          </Group>
        </Stack>
      )}

      {dialog?.kind === 'form' && (
        <UserForm
          editing={dialog.user}
          roles={roleOptions}
          sites={siteList}
          canInvite={canInvite}
          onSave={save}
          onClose={close}
        />
      )}
      {dialog?.kind === 'password' && (
        <OneTimePasswordDialog name={dialog.name} password={dialog.password} onClose={close} />
      )}
      {dialog?.kind === 'sessions' && (
        <SessionsDialog
          user={dialog.user}
          onEnded={() => {
            setAnnouncement(t('usersAdmin:announce.sessionsEnded', { name: dialog.user.fullName }));
            reload();
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'reset' && (
        <ResetPasswordDialog
          user={dialog.user}
          canMail={canInvite}
          onConfirm={(mode) => reset(dialog.user, mode)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'confirm' && (
        <ConfirmDialog
          {...confirmWords(dialog.action, dialog.user)}
          onConfirm={() => confirmed(dialog.action, dialog.user)}
          onClose={close}
        />
      )}
    </>
  );
}
