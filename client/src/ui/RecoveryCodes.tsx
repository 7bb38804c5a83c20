// Recovery codes shown once: in a grid to read off, with Copy and Download .txt, and a checkbox the
// reader ticks once they are saved before the Done button frees them.
import { Alert, Button, Checkbox, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconCopy } from './icons.tsx';

interface RecoveryCodesProps {
  codes: readonly string[];
  /** Who they belong to, for the downloaded file. */
  account: string;
  onDone: () => void;
}

export function RecoveryCodes({ codes, account, onDone }: RecoveryCodesProps) {
  const { t } = useTranslation(['mfa', 'common']);
  const [saved, setSaved] = useState(false);
  const app = t('common:app.name');
  const fileText = [t('mfa:codes.fileTitle', { app, account }), t('mfa:codes.fileNote'), '', ...codes, ''].join('\n');

  const download = () => {
    const url = URL.createObjectURL(new Blob([fileText], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${app.toLowerCase()}-recovery-codes.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert color="yellow" variant="light" title={t('mfa:codes.title')}>
        {t('mfa:codes.text')}
      </Alert>
      <SimpleGrid
        cols={2}
        spacing="xs"
        dir="ltr"
        component="ol"
        maw={360}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {codes.map((code) => (
          <Text component="li" key={code} ff="monospace" size="lg" ta="center" data-testid="recovery-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              aria-live="polite"
            >
              {copied ? t('mfa:codes.copied') : t('mfa:codes.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={download}>
          {t('mfa:codes.download')}
        </Button>
      </Group>
      <Checkbox
        label={t('mfa:codes.saved')}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
        data-testid="recovery-saved"
      />
      <div>
        <Button disabled={!saved} onClick={onDone} data-testid="recovery-done">
          {t('mfa:codes.done')}
        </Button>
      </div>
    </Stack>
  );
}
