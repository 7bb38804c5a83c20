// The new webhook's signing secret, shown this once: copy it, know how a receiver checks a request with
// it, and say when it is saved (the page forgets it then).
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { Webhook } from '@voltscope/shared/alarms';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconCopy, IconLock } from '../../ui/icons.tsx';
import classes from './alarmRules.module.css';

/** The header the hub signs each POST with (server/src/alarms/notifier.ts). */
const SIGNATURE_HEADER = 'X-Voltscope-Signature';

export function SecretNotice({ hook, onDone }: { hook: Webhook & { secret: string }; onDone: () => void }) {
  const { t } = useTranslation(['alarmRules', 'common']);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLock />}
      title={t('alarmRules:secret.title', { name: hook.name })}
      data-testid="webhook-secret"
    >
      <Stack gap="sm">
        <Text size="sm" fw={700}>
          {t('alarmRules:secret.warning')}
        </Text>
        <Group gap="sm" wrap="nowrap" align="center">
          <Code block dir="ltr" className={classes.secret} data-testid="webhook-secret-value" style={{ flex: 1 }}>
            {hook.secret}
          </Code>
          <CopyButton value={hook.secret}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'default' : 'filled'}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
                data-testid="webhook-secret-copy"
              >
                {copied ? t('alarmRules:secret.copied') : t('alarmRules:secret.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">
          {t('alarmRules:secret.how')} <Code dir="ltr">{SIGNATURE_HEADER}</Code>
        </Text>
        <Group>
          <Button variant="default" onClick={onDone} data-testid="webhook-secret-done">
            {t('alarmRules:secret.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
