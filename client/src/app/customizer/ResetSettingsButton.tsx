// Puts every display setting back to the seed's defaults; disabled while they already are. The customizer
// drawer and the User Interface page both offer it.
import { Button, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconRefresh } from '../../ui/icons.tsx';
import { isDefault } from '../settings/layoutSettings.ts';
import { settingsStore, useSettings } from '../settings/settingsStore.ts';

export function ResetSettingsButton({ size }: { size?: MantineSize }) {
  const { t } = useTranslation(['shell', 'common']);
  const atDefaults = useSettings(isDefault);
  return (
    <Button
      variant="light"
      {...(size && { size })}
      leftSection={<IconRefresh size={16} />}
      onClick={() => settingsStore.reset()}
      disabled={atDefaults}
    >
      {t('shell:customizer.reset')}
    </Button>
  );
}
