// What the selection is and what can be changed about it: a symbol's label, device (a searchable list of
// the site's devices of fitting types, a device already drawn marked), shown values and busbar length;
// a wire's ends; a text's words and size. Typed fields commit on leaving them or Enter: one undo step each.

import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { seriesKeysOfType } from '@voltscope/shared/deviceTypes';
import { SLD_LIMITS, type SldSymbol, type SldText, symbolBinding, terminalsOf } from '@voltscope/shared/sld/model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceName } from '../../../data/deviceName.ts';
import { seriesName } from '../../../i18n/seriesName.ts';
import { useLanguage } from '../../../i18n/useLanguage.ts';
import { IconTrash } from '../../../ui/icons.tsx';
import type { SiteDevice } from './editorApi.ts';
import {
  bindDevice,
  clickTerminal,
  deleteSelection,
  type EditorState,
  editText,
  rotateSymbol,
  setBusbarLength,
  setLabel,
  setShow,
} from './editorState.ts';
import type { Apply } from './useEditorState.ts';

interface Props {
  state: EditorState;
  apply: Apply;
  devices: readonly SiteDevice[];
  nameOf: (symbol: SldSymbol) => string;
}

export function PropertiesPanel({ state, apply, devices, nameOf }: Props) {
  const { t } = useTranslation('sldEditor');
  const sel = state.selection;
  const remove = (
    <Button variant="light" color="red" size="xs" leftSection={<IconTrash />} onClick={() => apply(deleteSelection)}>
      {t('toolbar.delete')}
    </Button>
  );
  if (sel?.type === 'symbol') {
    const symbol = state.draft.symbols.find((s) => s.id === sel.id);
    if (symbol) return <SymbolProps key={symbol.id} symbol={symbol} {...{ state, apply, devices }} remove={remove} />;
  }
  if (sel?.type === 'connection') {
    const c = state.draft.connections.find((x) => x.id === sel.id);
    const end = (id: string, terminal: string) => {
      const s = state.draft.symbols.find((x) => x.id === id);
      return `${s ? nameOf(s) : id} (${terminal})`;
    };
    if (c)
      return (
        <Stack gap="xs" data-testid="sld-props">
          <Text size="sm">
            {t('props.wire', { from: end(c.from.symbol, c.from.terminal), to: end(c.to.symbol, c.to.terminal) })}
          </Text>
          <Group>{remove}</Group>
        </Stack>
      );
  }
  if (sel?.type === 'text') {
    const text = state.draft.texts.find((x) => x.id === sel.id);
    if (text) return <TextProps key={text.id} text={text} apply={apply} remove={remove} />;
  }
  return (
    <Text size="sm" c="dimmed" data-testid="sld-props">
      {t('props.none')}
    </Text>
  );
}

function SymbolProps({
  symbol,
  state,
  apply,
  devices,
  remove,
}: Omit<Props, 'nameOf'> & { symbol: SldSymbol; remove: React.ReactNode }) {
  const { t } = useTranslation('sldEditor');
  const lng = useLanguage();
  const [label, setLabelText] = useState(symbol.label ?? '');
  const [length, setLength] = useState<string | number>(symbol.length ?? 8);
  const binding = symbolBinding[symbol.kind];
  const drawn = new Set(state.draft.symbols.filter((s) => s.id !== symbol.id).map((s) => s.deviceId));
  const fitting = devices.filter((d) => binding.types.includes(d.type));
  const device = devices.find((d) => d.id === symbol.deviceId);
  const commitLabel = () => apply((s) => setLabel(s, symbol.id, label));
  const commitLength = () => apply((s) => setBusbarLength(s, symbol.id, Number(length)));

  return (
    <Stack gap="xs" data-testid="sld-props">
      <Text size="sm">
        {t('props.kind')}: <b>{t(`kind.${symbol.kind}`)}</b> · {symbol.id}
      </Text>
      {binding.types.length > 0 && (
        <Select
          label={t('props.device')}
          placeholder={t('props.devicePlaceholder')}
          searchable
          clearable
          nothingFoundMessage={t('props.noDevice')}
          data={fitting.map((d) => {
            const name = deviceName(d, lng);
            return { value: d.id, label: drawn.has(d.id) ? t('props.onDiagram', { name }) : name };
          })}
          value={symbol.deviceId}
          onChange={(id) => {
            const chosen = devices.find((d) => d.id === id);
            apply((s) => bindDevice(s, symbol.id, chosen ? { id: chosen.id, type: chosen.type } : null));
          }}
          data-testid="sld-device"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <TextInput
        label={t('props.label')}
        placeholder={device ? deviceName(device, lng) : t('props.labelHint')}
        description={t('props.labelHint')}
        maxLength={SLD_LIMITS.label}
        value={label}
        onChange={(e) => setLabelText(e.currentTarget.value)}
        onBlur={commitLabel}
        onKeyDown={(e) => e.key === 'Enter' && commitLabel()}
      />
      {device && (
        <MultiSelect
          label={t('props.show')}
          data={seriesKeysOfType[device.type].map((key) => ({ value: key, label: seriesName(lng, key) }))}
          value={symbol.show}
          maxValues={SLD_LIMITS.show}
          onChange={(show) => apply((s) => setShow(s, symbol.id, device.type, show))}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {symbol.kind === 'busbar' && (
        <NumberInput
          label={t('props.length')}
          min={SLD_LIMITS.busbarLength.min}
          max={SLD_LIMITS.busbarLength.max}
          value={length}
          onChange={setLength}
          onBlur={commitLength}
          onKeyDown={(e) => e.key === 'Enter' && commitLength()}
        />
      )}
      <Text size="sm">{t('props.terminals')}</Text>
      <Group gap={4}>
        {Object.keys(terminalsOf(symbol)).map((terminal) => (
          <Button
            key={terminal}
            size="compact-xs"
            variant="light"
            data-wire-terminal={terminal}
            onClick={() => apply((s) => clickTerminal(s, { symbol: symbol.id, terminal }))}
          >
            {t(state.wireFrom ? 'props.endWire' : 'props.startWire', { terminal })}
          </Button>
        ))}
      </Group>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => apply((s) => rotateSymbol(s, symbol.id))}>
          {t('toolbar.rotate')}
        </Button>
        {remove}
      </Group>
    </Stack>
  );
}

function TextProps({ text, apply, remove }: { text: SldText; apply: Apply; remove: React.ReactNode }) {
  const { t } = useTranslation('sldEditor');
  const [words, setWords] = useState(text.text);
  const commit = () => apply((s) => editText(s, text.id, { text: words }));
  return (
    <Stack gap="xs" data-testid="sld-props">
      <TextInput
        label={t('props.text')}
        maxLength={SLD_LIMITS.text}
        value={words}
        onChange={(e) => setWords(e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      <Text size="sm">{t('props.size')}</Text>
      <SegmentedControl
        size="xs"
        value={text.size}
        onChange={(size) => apply((s) => editText(s, text.id, { size: size as SldText['size'] }))}
        data={(['small', 'normal', 'large'] as const).map((size) => ({ value: size, label: t(`props.sizes.${size}`) }))}
      />
      <Group>{remove}</Group>
    </Stack>
  );
}
