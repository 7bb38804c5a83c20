import { Badge, Divider, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { AuthOptions } from '@voltscope/shared/domain';
import { useTranslation } from 'react-i18next';
import { roleLabelKey } from '../../session/userLabels.ts';
import classes from './DemoAccounts.module.css';

type DemoAccount = AuthOptions['demoAccounts'][number];

/** Demo mode only: each demo account, one click to fill the sign-in form with it. */
export function DemoAccounts({
  accounts,
  onPick,
}: {
  accounts: DemoAccount[];
  onPick: (account: DemoAccount) => void;
}) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Stack gap="xs" mt="xl" data-testid="demo-accounts">
      <Divider label={t('auth:login.demoTitle')} labelPosition="center" />
      <Text size="xs" c="dimmed" ta="center">
        {t('auth:login.demoHint')}
      </Text>
      {accounts.map((account) => (
        <UnstyledButton
          key={account.email}
          className={classes.account}
          onClick={() => onPick(account)}
          data-testid={`demo-account-${account.role}`}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Badge variant="light" radius="sm" className={classes.role}>
              {t(roleLabelKey(account.role))}
            </Badge>
            <Group gap={6} wrap="nowrap" dir="ltr" className={classes.credentials}>
              <Text size="sm" fw={500} truncate>
                {account.email}
              </Text>
              <Text size="sm" c="dimmed">
                /
              </Text>
              <Text size="sm" ff="monospace" c="dimmed">
                {account.password}
              </Text>
            </Group>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
