import { Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { IconLock, IconUser } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { DetailsCard } from './DetailsCard.tsx';
import { LanguageCard } from './LanguageCard.tsx';
import { MfaCard } from './MfaCard.tsx';
import { PasswordCard } from './PasswordCard.tsx';
import { SessionsCard } from './SessionsCard.tsx';

export const accountTabs = ['account', 'security'] as const;
type AccountTab = (typeof accountTabs)[number];
const isAccountTab = (tab: string | undefined): tab is AccountTab => accountTabs.includes(tab as AccountTab);

/** Seed: the account-settings tab route (`/pages/account-settings/account`, `.../security`). */
export function AccountSettingsPage() {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  const { tab } = useParams();
  // A password change ends the other sessions: the list below it reloads.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  if (!isAccountTab(tab)) return <Navigate to="/pages/account-settings/account" replace />;

  return (
    <>
      <PageHeader title={t('account:title')} subtitle={t('account:subtitle')} />
      <Tabs
        value={tab}
        onChange={(next) => next && void navigate(`/pages/account-settings/${next}`)}
        variant="pills"
        radius="md"
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="account" leftSection={<IconUser size={18} />}>
            {t('account:tabs.account')}
          </Tabs.Tab>
          <Tabs.Tab value="security" leftSection={<IconLock size={18} />}>
            {t('account:tabs.security')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="account">
          <Stack gap="lg">
            <DetailsCard />
            <LanguageCard />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <Stack gap="lg">
            <PasswordCard onChanged={() => setSessionsVersion((n) => n + 1)} />
            <MfaCard />
            <SessionsCard key={sessionsVersion} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
