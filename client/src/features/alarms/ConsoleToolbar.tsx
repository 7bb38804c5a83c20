// The console's actions on the selection (or the active row): each button names its key.
import { Button, Checkbox, Group, Kbd } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import type { ConsoleCommand } from './consoleKeys.ts';

export const ConsoleToolbar = memo(function ConsoleToolbar({
  selectedCount,
  visibleCount,
  onSelectAll,
  onCommand,
}: {
  selectedCount: number;
  visibleCount: number;
  onSelectAll: (all: boolean) => void;
  onCommand: (command: ConsoleCommand) => void;
}) {
  const { t } = useTranslation(['alarms', 'common']);
  const lng = useLanguage();
  const button = (command: ConsoleCommand, key: string) => (
    <Button
      size="compact-sm"
      variant={command === 'acknowledge' ? 'filled' : 'light'}
      onClick={() => onCommand(command)}
      rightSection={<Kbd size="xs">{key}</Kbd>}
      data-testid={`toolbar-${command}`}
    >
      {t(`alarms:actions.${command}`)}
    </Button>
  );
  return (
    <Group gap="xs" wrap="wrap" data-testid="alarm-toolbar">
      <Checkbox
        size="xs"
        label={t('alarms:toolbar.selected', { n: formatNumber(lng, selectedCount) })}
        checked={selectedCount > 0 && selectedCount === visibleCount}
        indeterminate={selectedCount > 0 && selectedCount < visibleCount}
        onChange={(e) => onSelectAll(e.currentTarget.checked)}
        data-testid="select-all"
      />
      {button('acknowledge', 'A')}
      {button('acknowledgeAll', '⇧A')}
      {button('shelve', 'S')}
      {button('unshelve', 'U')}
      {button('comment', 'C')}
      {button('outOfService', 'O')}
    </Group>
  );
});
