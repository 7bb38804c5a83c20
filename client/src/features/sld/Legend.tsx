// What the diagram's marks mean: energised, de-energised and unknown lines, a switch open, closed or
// tripped, the alarm priorities and a stale device, drawn with the diagram's own glyphs and classes.
import { Group, Text } from '@mantine/core';
import { alarmPriorities } from '@voltscope/shared/alarms';
import type { SymbolKind } from '@voltscope/shared/sld/model';
import { useTranslation } from 'react-i18next';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';
import { glyphClasses, SymbolGlyph } from './glyphs.tsx';
import classes from './sld.module.css';

const breaker = { kind: 'breaker' as SymbolKind, rotation: 0 as const };

function Wire({ energy }: { energy: 'live' | 'dead' | 'unknown' }) {
  return (
    <svg className={glyphClasses.diagram} width={28} height={12} aria-hidden="true">
      <path className={glyphClasses.wire} data-energy={energy} d="M2 6 H26" />
    </svg>
  );
}

function Switch({ position, stale }: { position: 'closed' | 'open' | 'tripped'; stale?: boolean }) {
  return (
    <svg className={glyphClasses.diagram} width={24} height={36} viewBox="-20 -45 48 90" aria-hidden="true">
      <g
        className={glyphClasses.symbol}
        data-position={position}
        data-energy="live"
        data-stale={stale ? '' : undefined}
      >
        <SymbolGlyph symbol={breaker} />
      </g>
    </svg>
  );
}

export function Legend() {
  const { t } = useTranslation(['sld', 'common']);
  const item = (mark: React.ReactNode, label: string) => (
    <Group gap={6} wrap="nowrap" key={label}>
      {mark}
      <Text size="xs">{label}</Text>
    </Group>
  );
  return (
    <Group gap="lg" className={classes.legend} data-testid="sld-legend" aria-label={t('sld:legend.title')} role="group">
      {item(<Wire energy="live" />, t('sld:legend.live'))}
      {item(<Wire energy="dead" />, t('sld:legend.dead'))}
      {item(<Wire energy="unknown" />, t('sld:legend.unknown'))}
      {item(<Switch position="closed" />, t('sld:legend.closed'))}
      {item(<Switch position="open" />, t('sld:legend.open'))}
      {item(<Switch position="tripped" />, t('sld:legend.tripped'))}
      {item(<Switch position="closed" stale />, t('sld:legend.stale'))}
      {alarmPriorities.map((p) => item(<PriorityIcon priority={p} size={16} />, t(`common:priority.${p}`)))}
    </Group>
  );
}
