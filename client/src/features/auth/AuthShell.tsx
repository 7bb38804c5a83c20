import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../ui/Logo.tsx';
import { TitleAndSubtitle } from '../../ui/TitleAndSubtitle.tsx';
import classes from './AuthShell.module.css';
import { EnergyIllustration } from './EnergyIllustration.tsx';

/** The frame of the sign-in pages: a brand panel beside the form (stacked on small screens). */
export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['common']);
  return (
    <div className={classes.root}>
      <aside className={classes.brand}>
        <div className={classes.brandLogo}>
          <Logo />
        </div>
        <Stack gap="xl" className={classes.brandBody}>
          <EnergyIllustration className={classes.illustration} />
          <Title order={2} className={classes.tagline}>
            {t('common:app.tagline')}
          </Title>
        </Stack>
      </aside>
      <section className={classes.panel}>
        <div className={classes.form}>
          <div className={classes.mobileLogo}>
            <Logo />
          </div>
          {children}
        </div>
      </section>
    </div>
  );
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Stack gap={6} mb="lg">
      <TitleAndSubtitle look="form" title={title} subtitle={subtitle} />
    </Stack>
  );
}
