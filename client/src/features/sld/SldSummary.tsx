// The diagram's headline, read from across the control room (and the wall's main figure): the power at
// the grid meter, and whether the grid connection is live. Written by the site's LiveBinder, not React.
import { Group, Text } from '@mantine/core';
import type { Diagram } from '@voltscope/shared/sld/model';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { formatPower } from '../charts/formatCharts.ts';
import { LiveBinder, setAttr, setText } from '../overview/liveBinding.ts';
import { freshValue, type SiteIndex } from './liveDiagram.ts';
import classes from './sld.module.css';

export function SldSummary({ siteId, diagram, index }: { siteId: string; diagram: Diagram; index: SiteIndex | null }) {
  const { t } = useTranslation('sld');
  const lng = useLanguage();
  const power = useRef<HTMLSpanElement>(null);
  const grid = useRef<HTMLSpanElement>(null);
  // The meter nearest the grid: the first one drawn that stands for a device.
  const meter = useMemo(
    () => diagram.symbols.find((s) => s.kind === 'meter' && s.deviceId)?.deviceId ?? null,
    [diagram],
  );

  useEffect(() => {
    if (!index || !meter) return;
    const binder = new LiveBinder(siteId);
    const stop = binder.start();
    const labels = { live: t('summary.gridLive'), dead: t('summary.gridDead'), unknown: t('summary.gridUnknown') };
    const remove = binder.add((now) => {
      const kw = freshValue(binder, index.series(meter, 'active_power'), now);
      setText(power.current, kw === null ? '—' : formatPower(lng, kw));
      const kv = freshValue(binder, index.series(meter, 'grid_voltage'), now);
      const state = kv === null ? 'unknown' : kv > 0 ? 'live' : 'dead';
      setAttr(grid.current, 'data-energy', state);
      setText(grid.current, labels[state]);
    });
    return () => {
      remove();
      stop();
    };
  }, [siteId, index, meter, lng, t]);

  if (!meter) return null;
  return (
    <Group gap="xl" align="baseline" wrap="wrap" data-testid="sld-summary">
      <Group gap="xs" align="baseline">
        <Text fw={600}>{t('summary.power')}</Text>
        <Text component="span" ref={power} fz={32} fw={700} className="vs-tabular" data-main-figure="">
          —
        </Text>
      </Group>
      <Group gap="xs" align="baseline">
        <Text fw={600}>{t('summary.grid')}</Text>
        <Text component="span" ref={grid} fz="xl" fw={700} className={classes.gridState} data-testid="sld-grid-state">
          —
        </Text>
      </Group>
    </Group>
  );
}
