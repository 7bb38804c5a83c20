import { Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../shell/LanguageSwitcher.tsx';
import { ThemeSwitcher } from '../shell/ThemeSwitcher.tsx';
import classes from './BlankLayout.module.css';

/** Login and error pages: no navigation; the language and theme stay at hand in a corner. */
export function BlankLayout() {
  return (
    <main className={classes.root}>
      <Group gap={6} className={classes.tools}>
        <LanguageSwitcher />
        <ThemeSwitcher />
      </Group>
      <Outlet />
    </main>
  );
}
