import {
  Alert,
  ColorInput,
  ColorSwatch,
  Divider,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { isLanguage, type Language, languages } from '@voltscope/shared/i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/shallow';
import { directionOf, languageNames } from '../../i18n/language.ts';
import { useSession } from '../../session/sessionStore.ts';
import { IconCheck, IconInfo } from '../../ui/icons.tsx';
import {
  type BarType,
  barTypes,
  type ContentWidth,
  type LayoutSettings,
  type Skin,
  type ThemeSetting,
  themeSettings,
} from '../settings/layoutSettings.ts';
import { defaultPaletteFor, type PaletteSetting, paletteSettings } from '../settings/palette.ts';
import { darkVariantOf, primaryPresets } from '../settings/primaryPalette.ts';
import { settingsStore, useSettings } from '../settings/settingsStore.ts';
import { useOverlayNav } from '../settings/useOverlayNav.ts';
import { usePalette } from '../settings/usePalette.ts';
import { LayoutPreview } from './LayoutPreview.tsx';
import { OptionCards } from './OptionCards.tsx';
import classes from './SettingsForm.module.css';

type NavChoice = 'vertical' | 'collapsed' | 'horizontal';

const navChoiceOf = (s: LayoutSettings): NavChoice =>
  s.appContentLayoutNav === 'horizontal' ? 'horizontal' : s.isVerticalNavCollapsed ? 'collapsed' : 'vertical';

const update = (patch: Partial<LayoutSettings>) => settingsStore.update(patch);

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`}>
      <Title order={3} id={`${id}-title`} className={classes.sectionTitle}>
        {title}
      </Title>
      <Stack gap="lg">{children}</Stack>
    </section>
  );
}

function PrimaryColor({ settings }: { settings: LayoutSettings }) {
  const { t } = useTranslation(['shell', 'common']);
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const preset = primaryPresets.find(
    (p) => p.light === settings.lightThemePrimaryColor && p.dark === settings.darkThemePrimaryColor,
  );
  const current = scheme === 'dark' ? settings.darkThemePrimaryColor : settings.lightThemePrimaryColor;
  const controlRoom = usePalette() === 'control-room';
  return (
    <Stack gap="xs">
      <Radio.Group
        value={preset?.name ?? ''}
        onChange={(name) => {
          const chosen = primaryPresets.find((p) => p.name === name);
          if (chosen) update({ lightThemePrimaryColor: chosen.light, darkThemePrimaryColor: chosen.dark });
        }}
        label={t('shell:settings.primaryColor')}
        description={controlRoom ? t('shell:palette.primaryUnused') : undefined}
        classNames={{ label: classes.groupLabel }}
        data-testid="setting-primary"
      >
        <Group gap="sm" mt="xs">
          {primaryPresets.map((p) => (
            <Radio.Card
              key={p.name}
              value={p.name}
              className={classes.swatchCard}
              aria-label={t(`shell:settings.colors.${p.name}`)}
              title={t(`shell:settings.colors.${p.name}`)}
            >
              <ColorSwatch color={scheme === 'dark' ? p.dark : p.light} size={32} radius="md" component="span">
                {preset?.name === p.name && <IconCheck size={18} color="#fff" />}
              </ColorSwatch>
            </Radio.Card>
          ))}
        </Group>
      </Radio.Group>
      <ColorInput
        label={t('shell:settings.customColor')}
        format="hex"
        value={current}
        onChangeEnd={(value) => {
          if (!/^#[0-9a-f]{6}$/i.test(value)) return;
          update({ lightThemePrimaryColor: value, darkThemePrimaryColor: darkVariantOf(value) });
        }}
        eyeDropperButtonProps={{ 'aria-label': t('shell:settings.eyeDropper') }}
        dir="ltr"
        classNames={{ label: classes.fieldLabel }}
      />
    </Stack>
  );
}

const paletteKey = { auto: 'auto', standard: 'standard', 'control-room': 'controlRoom' } as const;

/** The palette: automatic (the role's), the seed's, or the control room's (ISA-101). */
function PaletteChoice({ value }: { value: PaletteSetting }) {
  const { t } = useTranslation(['shell', 'common']);
  const role = useSession((s) => s.userData?.role ?? null);
  const inUse = usePalette();
  return (
    <Radio.Group
      value={value}
      onChange={(palette) => update({ palette: palette as PaletteSetting })}
      label={t('shell:palette.label')}
      description={t('shell:palette.inUse', { palette: t(`shell:palette.${paletteKey[inUse]}`) })}
      classNames={{ label: classes.groupLabel }}
      data-testid="setting-palette"
      data-palette={inUse}
    >
      <Stack gap="sm" mt="xs">
        {paletteSettings.map((setting) => (
          <Radio
            key={setting}
            value={setting}
            data-testid={`setting-palette-${setting}`}
            label={
              setting === 'auto'
                ? t('shell:palette.autoFor', { palette: t(`shell:palette.${paletteKey[defaultPaletteFor(role)]}`) })
                : t(`shell:palette.${paletteKey[setting]}`)
            }
            description={t(`shell:palette.hints.${paletteKey[setting]}`)}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

export function ThemeSection({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation(['shell', 'common']);
  const settings = useSettings(useShallow((s) => s));
  const vertical = settings.appContentLayoutNav === 'vertical';
  return (
    <Section id={`${idPrefix}theme`} title={t('shell:settings.sections.theme')}>
      <PaletteChoice value={settings.palette} />
      <PrimaryColor settings={settings} />
      <OptionCards<ThemeSetting>
        label={t('shell:settings.themeLabel')}
        value={settings.theme}
        onChange={(theme) => update({ theme })}
        testId="setting-theme"
        options={themeSettings.map((theme) => ({
          value: theme,
          label: t(`shell:settings.theme.${theme}`),
          preview: <LayoutPreview nav="vertical" scheme={theme} skin={settings.skin} />,
        }))}
      />
      <OptionCards<Skin>
        label={t('shell:settings.skinLabel')}
        value={settings.skin}
        onChange={(skin) => update({ skin })}
        columns={2}
        testId="setting-skin"
        options={(['default', 'bordered'] as const).map((skin) => ({
          value: skin,
          label: t(`shell:settings.skin.${skin}`),
          preview: <LayoutPreview nav="vertical" skin={skin} />,
        }))}
      />
      <Switch
        label={t('shell:settings.semiDark')}
        description={vertical ? undefined : t('shell:settings.semiDarkHint')}
        checked={settings.isVerticalNavSemiDark}
        onChange={(event) => update({ isVerticalNavSemiDark: event.currentTarget.checked })}
        data-testid="setting-semi-dark"
      />
    </Section>
  );
}

export function LayoutSection({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation(['shell', 'common']);
  const settings = useSettings(useShallow((s) => s));
  const overlay = useOverlayNav();
  const horizontal = settings.appContentLayoutNav === 'horizontal';
  const navChoice = navChoiceOf(settings);
  const navPreview = navChoice;
  // The navbar and the footer offer the same three bar types, each drawn in its own place.
  const barOptions = (preview: (type: BarType) => ReactNode, disabled = (_type: BarType) => false) =>
    barTypes.map((type) => ({
      value: type,
      label: t(`shell:settings.barType.${type}`),
      disabled: disabled(type),
      preview: preview(type),
    }));
  return (
    <Section id={`${idPrefix}layout`} title={t('shell:settings.sections.layout')}>
      {overlay && (
        <Alert variant="light" color="blue" icon={<IconInfo />} data-testid="overlay-note">
          {t('shell:settings.overlayNote')}
        </Alert>
      )}
      <OptionCards<NavChoice>
        label={t('shell:settings.navigationLabel')}
        value={navChoice}
        testId="setting-nav"
        onChange={(choice) =>
          update(
            choice === 'horizontal'
              ? { appContentLayoutNav: 'horizontal' }
              : { appContentLayoutNav: 'vertical', isVerticalNavCollapsed: choice === 'collapsed' },
          )
        }
        options={(['vertical', 'collapsed', 'horizontal'] as const).map((choice) => ({
          value: choice,
          label: t(`shell:settings.navigation.${choice}`),
          preview: <LayoutPreview nav={choice} focus="nav" navbar={choice === 'horizontal' ? 'sticky' : 'static'} />,
        }))}
      />
      <OptionCards<ContentWidth>
        label={t('shell:settings.contentWidthLabel')}
        value={settings.appContentWidth}
        columns={2}
        testId="setting-width"
        onChange={(appContentWidth) => update({ appContentWidth })}
        options={(['boxed', 'fluid'] as const).map((width) => ({
          value: width,
          label: t(`shell:settings.contentWidth.${width}`),
          preview: <LayoutPreview nav={navPreview} width={width} focus="content" />,
        }))}
      />
      <OptionCards<BarType>
        label={t('shell:settings.navbarLabel')}
        description={horizontal ? t('shell:settings.navbarHiddenHint') : undefined}
        value={settings.navbarType}
        testId="setting-navbar"
        onChange={(navbarType) => update({ navbarType })}
        options={barOptions(
          (type) => (
            <LayoutPreview nav={navPreview === 'horizontal' ? 'horizontal' : 'vertical'} navbar={type} focus="navbar" />
          ),
          (type) => type === 'hidden' && horizontal,
        )}
      />
      <Switch
        label={t('shell:settings.navbarBlur')}
        checked={settings.isNavbarBlurEnabled}
        disabled={settings.navbarType !== 'sticky'}
        onChange={(event) => update({ isNavbarBlurEnabled: event.currentTarget.checked })}
        data-testid="setting-blur"
      />
      <OptionCards<BarType>
        label={t('shell:settings.footerLabel')}
        value={settings.footerType}
        testId="setting-footer"
        onChange={(footerType) => update({ footerType })}
        options={barOptions((type) => <LayoutPreview nav="vertical" footer={type} focus="footer" />)}
      />
    </Section>
  );
}

export function LanguageSection({ idPrefix }: { idPrefix: string }) {
  const { t, i18n } = useTranslation(['shell', 'common']);
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <Section id={`${idPrefix}language`} title={t('shell:settings.sections.language')}>
      <Radio.Group
        value={current}
        onChange={(lng) => void i18n.changeLanguage(lng)}
        label={t('shell:settings.languageLabel')}
        description={t('shell:settings.languageHint')}
        classNames={{ label: classes.groupLabel }}
        data-testid="setting-language"
      >
        <SimpleGrid cols={2} spacing="sm" mt="xs">
          {languages.map((lng) => (
            <Radio.Card key={lng} value={lng} className={classes.languageCard} lang={lng} dir={directionOf(lng)}>
              <Group gap="sm" wrap="nowrap">
                <Radio.Indicator />
                <Text fw={500}>{languageNames[lng]}</Text>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
    </Section>
  );
}

/** Every display setting, as the customizer drawer and the User Interface page both show them. */
export function SettingsForm({ idPrefix = '' }: { idPrefix?: string }) {
  return (
    <Stack gap="xl">
      <ThemeSection idPrefix={idPrefix} />
      <Divider />
      <LayoutSection idPrefix={idPrefix} />
      <Divider />
      <LanguageSection idPrefix={idPrefix} />
    </Stack>
  );
}
