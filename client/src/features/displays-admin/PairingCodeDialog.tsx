// A new pairing code, shown this once: big enough to read across a room and type on a wall's keyboard,
// with the time it stops working and the pairing link (to open on the wall's browser), which can be copied.
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconCheck, IconCopy } from '../../ui/icons.tsx';
import classes from './displaysAdmin.module.css';
import type { PairingCode } from './displaysApi.ts';

/** The address a wall opens to pair with `code` (the kiosk reads `?code=`). */
export const pairingLink = (origin: string, code: string) => `${origin}/display?code=${encodeURIComponent(code)}`;

export function PairingCodeDialog({ pairing, onClose }: { pairing: PairingCode; onClose: () => void }) {
  const { t } = useTranslation(['displays', 'common']);
  const lng = useLanguage();
  const link = pairingLink(window.location.origin, pairing.code);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('displays:pairing.title', { name: pairing.display.name })}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      data-testid="pairing-dialog"
    >
      <Stack gap="md">
        <Text size="sm">{t('displays:pairing.how')}</Text>
        <Text className={classes.code} dir="ltr" ta="center" data-testid="pairing-code">
          {pairing.code}
        </Text>
        <Text size="sm" c="dimmed" ta="center" data-testid="pairing-expiry">
          {t('displays:pairing.expires', { time: formatDateTime(lng, pairing.expiresAt) })}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={600} id="pairing-link-label">
            {t('displays:pairing.link')}
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Code
              block
              dir="ltr"
              className={classes.link}
              aria-labelledby="pairing-link-label"
              data-testid="pairing-link"
            >
              {link}
            </Code>
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'default' : 'filled'}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                  data-testid="pairing-copy"
                >
                  {copied ? t('displays:pairing.copied') : t('displays:pairing.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <Text size="sm" c="dimmed">
          {t('displays:pairing.once')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus data-testid="pairing-done">
            {t('displays:pairing.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
