import { Drawer, Group, Stack, Tooltip, UnstyledButton, useDirection } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { IconGear } from '../../ui/icons.tsx';
import { TitleAndSubtitle } from '../../ui/TitleAndSubtitle.tsx';
import classes from './Customizer.module.css';
import { ResetSettingsButton } from './ResetSettingsButton.tsx';
import { SettingsForm } from './SettingsForm.tsx';

/** The theme customizer: a drawer on the inline-end side that changes every display setting live. */
export function Customizer() {
  const { t } = useTranslation(['shell', 'common']);
  const { dir } = useDirection();
  const [opened, { open, close }] = useDisclosure(false);
  const label = t('shell:customizer.open');
  return (
    <>
      <Tooltip label={label} position={dir === 'rtl' ? 'right' : 'left'}>
        <UnstyledButton
          className={classes.fab}
          onClick={open}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={opened}
          data-testid="customizer-open"
        >
          <IconGear size={22} className={classes.gear} />
        </UnstyledButton>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={close}
        // Mantine turns left and right around in right-to-left pages: 'right' is the inline end.
        position="right"
        size={400}
        overlayProps={{ backgroundOpacity: 0.2 }}
        closeButtonProps={{ 'aria-label': t('common:ui.close') }}
        title={
          <Stack gap={2}>
            <TitleAndSubtitle
              look="card"
              title={t('shell:customizer.title')}
              subtitle={t('shell:customizer.subtitle')}
            />
          </Stack>
        }
        classNames={{ header: classes.header, content: classes.content }}
        data-testid="customizer"
      >
        <Group justify="flex-end" mb="md">
          <ResetSettingsButton size="xs" />
        </Group>
        <SettingsForm idPrefix="customizer-" />
      </Drawer>
    </>
  );
}
