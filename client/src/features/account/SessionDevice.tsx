// The device a session was opened on, as the sessions table names it: browser and system read from its
// user agent, a desktop or phone icon, and a badge on the session in use.
import { Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ActiveSession } from '@voltscope/shared/account';
import { useTranslation } from 'react-i18next';
import { IconDeviceDesktop, IconDeviceMobile } from '../../ui/icons.tsx';
import { describeUserAgent } from './userAgent.ts';

export function SessionDevice({ session }: { session: ActiveSession }) {
  const { t } = useTranslation(['account', 'common']);
  const device = describeUserAgent(session.userAgent);
  const name =
    device.browser && device.os
      ? t('account:sessions.browserOn', { browser: device.browser, os: device.os })
      : (device.browser ?? device.os ?? t('account:sessions.unknownDevice'));
  const Icon = device.mobile ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" color="gray" radius="md" size={36}>
        <Icon size={20} />
      </ThemeIcon>
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {name}
        </Text>
        {session.current && (
          <Badge color="teal" variant="light" radius="sm" size="sm">
            {t('account:sessions.current')}
          </Badge>
        )}
      </Stack>
    </Group>
  );
}
