// The symbol kinds an admin places: each a button drawn with its IEC shape and named in the reader's
// language; a click places one at the middle of the view, selected, ready to be bound and wired.

import { Stack, Text } from '@mantine/core';
import { GRID_PX, type SymbolKind, symbolKinds } from '@voltscope/shared/sld/model';
import { useTranslation } from 'react-i18next';
import { glyphClasses, SymbolGlyph, symbolBox } from '../glyphs.tsx';
import classes from './editor.module.css';

export function Palette({ onPlace }: { onPlace: (kind: SymbolKind) => void }) {
  const { t } = useTranslation('sldEditor');
  return (
    <Stack gap={2} data-testid="sld-palette">
      <Text size="sm" fw={600}>
        {t('palette.title')}
      </Text>
      {symbolKinds.map((kind) => {
        const symbol = { kind, rotation: 0 as const, ...(kind === 'busbar' && { length: 3 }) };
        const box = symbolBox(symbol);
        const pad = GRID_PX / 2;
        return (
          <button
            key={kind}
            type="button"
            className={classes.paletteItem}
            data-kind={kind}
            onClick={() => onPlace(kind)}
          >
            <svg
              className={`${glyphClasses.diagram} ${classes.paletteGlyph}`}
              viewBox={`${box.x - pad} ${box.y - pad} ${box.w + 2 * pad} ${box.h + 2 * pad}`}
              aria-hidden
            >
              <g className={glyphClasses.symbol}>
                <SymbolGlyph symbol={symbol} />
              </g>
            </svg>
            {t(`kind.${kind}`)}
          </button>
        );
      })}
      <Text size="xs" c="dimmed" mt="xs">
        {t('palette.hint')}
      </Text>
    </Stack>
  );
}
