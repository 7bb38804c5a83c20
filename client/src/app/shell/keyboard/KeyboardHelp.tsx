// The keys of every signed-in page (Alt+A: the alarm list; ?: this list) and the list itself: the
// global keys, then the alarm console's, as a dialog any page opens with `?` or from the user menu.
import { Kbd, Modal, Table, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAbility } from '../../../session/ability.ts';
import { isApplePlatform } from '../search/searchStore.ts';
import { closeKeyboardHelp, globalKey, isTyping, openKeyboardHelp, useKeyboardHelpOpened } from './globalKeys.ts';

const CONSOLE_PATH = '/alarm/realtime';

/** The console's list, when the page shows it (the console gives it this test id and role). */
const alarmList = () => document.querySelector<HTMLElement>('[role="grid"][data-testid="alarm-grid"]');

function useGlobalKeys() {
  const navigate = useNavigate();
  const ability = useAbility();
  const readsAlarms = ability.can('read', 'Alarm');
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = globalKey(event, isTyping(event.target));
      if (command === 'help') {
        event.preventDefault();
        openKeyboardHelp();
      } else if (command === 'alarmList' && readsAlarms) {
        event.preventDefault();
        closeKeyboardHelp();
        const list = alarmList();
        if (list) return list.focus();
        // The console takes the focus to its list on arrival when nothing else holds it.
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
        navigate(CONSOLE_PATH);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, readsAlarms]);
}

type Row = readonly [keys: readonly string[], what: string];

function KeyTable({ title, rows }: { title: string; rows: readonly Row[] }) {
  return (
    <>
      <Title order={3} size="h5" mt="md" mb="xs">
        {title}
      </Title>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([keys, what]) => (
            <Table.Tr key={what}>
              <Table.Td w="40%">
                {keys.map((combo, i) => (
                  <span key={combo}>
                    {i > 0 && ' '}
                    {combo.split('+').map((part, j) => (
                      <span key={part}>
                        {j > 0 && '+'}
                        <Kbd size="sm">{part}</Kbd>
                      </span>
                    ))}
                  </span>
                ))}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{what}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

/** Mounted once in the signed-in layout: the global keys and the dialog that lists every key. */
export function KeyboardHelp() {
  const { t } = useTranslation('shell');
  useGlobalKeys();
  const opened = useKeyboardHelpOpened();
  const ability = useAbility();
  const mod = isApplePlatform() ? '⌘' : 'Ctrl';
  const everywhere: Row[] = [
    [[`${mod}+K`], t('keyboard.search')],
    ...(ability.can('read', 'Alarm') ? [[['Alt+A'], t('keyboard.alarmList')] as const] : []),
    [['?'], t('keyboard.help')],
  ];
  const acts = ability.can('acknowledge', 'Alarm');
  const console: Row[] = [
    [['↑', '↓'], t('keyboard.console.move')],
    [['Home', 'End'], t('keyboard.console.ends')],
    [['PageUp', 'PageDown'], t('keyboard.console.page')],
    [['Enter', 'T'], t('keyboard.console.timeline')],
    [['D'], t('keyboard.console.device')],
    ...(acts
      ? ([
          [['Space'], t('keyboard.console.select')],
          [['Shift+↑', 'Shift+↓'], t('keyboard.console.extend')],
          [['Esc'], t('keyboard.console.clear')],
          [['A'], t('keyboard.console.acknowledge')],
          [['Shift+A'], t('keyboard.console.acknowledgeAll')],
          [['S'], t('keyboard.console.shelve')],
          [['U'], t('keyboard.console.unshelve')],
          [['C'], t('keyboard.console.comment')],
          [['O'], t('keyboard.console.outOfService')],
        ] as const)
      : []),
  ];
  return (
    <Modal
      opened={opened}
      onClose={closeKeyboardHelp}
      title={t('keyboard.title')}
      size="lg"
      data-testid="keyboard-help"
    >
      <KeyTable title={t('keyboard.everywhere')} rows={everywhere} />
      {ability.can('read', 'Alarm') && <KeyTable title={t('keyboard.console.title')} rows={console} />}
    </Modal>
  );
}
