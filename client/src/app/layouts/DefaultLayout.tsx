import { AppShell, Burger, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { formatUngrouped } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { Logo } from '../../ui/Logo.tsx';
import { ColorSchemeToggle } from '../shell/ColorSchemeToggle.tsx';
import { LanguageSwitcher } from '../shell/LanguageSwitcher.tsx';
import { MainMenu, useVisibleNavigation } from '../shell/MainMenu.tsx';
import { MobileNav } from '../shell/MobileNav.tsx';
import { UserMenu } from '../shell/UserMenu.tsx';
import classes from './DefaultLayout.module.css';

/**
 * The signed-in layout: a sticky, blurred header with the horizontal menu (a navbar drawer below md),
 * boxed content and a static footer (seed section 9 defaults). The full shell (customizer, search,
 * shortcuts, notifications) comes later.
 */
export function DefaultLayout() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [opened, { toggle, close }] = useDisclosure(false);
  const groups = useVisibleNavigation();

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { mobile: !opened, desktop: true } }}
      padding={0}
    >
      <AppShell.Header className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
            <Group gap="md" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('nav.openMenu')} />
              <Link to="/" className={classes.home} aria-label={t('routes.index')}>
                <Logo />
              </Link>
              <Group visibleFrom="md" gap={0}>
                <MainMenu groups={groups} />
              </Group>
            </Group>
            <Group gap={4} wrap="nowrap">
              <LanguageSwitcher />
              <ColorSchemeToggle />
              <UserMenu />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <MobileNav groups={groups} onNavigate={close} />
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <Container size="xl" className={classes.content}>
          <Outlet />
        </Container>
        <footer className={classes.footer}>
          <Container size="xl">
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {t('footer.copyright', { year: formatUngrouped(lng, new Date().getFullYear()) })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('footer.tagline')}
              </Text>
            </Group>
          </Container>
        </footer>
      </AppShell.Main>
    </AppShell>
  );
}
