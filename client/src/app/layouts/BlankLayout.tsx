import { Group } from '@mantine/core';
import { Outlet } from 'react-router';
import classes from './BlankLayout.module.css';
import { CornerSwitchers } from './CornerSwitchers.tsx';

/** Login and error pages: no navigation; the language and theme stay at hand in a corner (loaded on first use). */
export function BlankLayout() {
  return (
    <main className={classes.root}>
      <Group gap={6} className={classes.tools}>
        <CornerSwitchers />
      </Group>
      <Outlet />
    </main>
  );
}
