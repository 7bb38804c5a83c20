import { Kbd, Loader, Modal, Text, UnstyledButton } from '@mantine/core';
import type { SearchChild } from '@voltscope/shared/search';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { devicePath, siteOfDevice } from '../../../data/deviceLink.ts';
import { diagramPath, drawnOnDiagram } from '../../../data/diagramPath.ts';
import { useLanguage } from '../../../i18n/useLanguage.ts';
import { IconArrowsUpDown, IconBolt, IconCornerDownLeft, IconSearch, IconX } from '../../../ui/icons.tsx';
import classes from './SearchDialog.module.css';
import { searchIcon } from './searchIcons.tsx';
import { closeSearch, isSearchShortcut, openSearch, useSearchOpened } from './searchStore.ts';
import { useSearchResults } from './useSearchResults.ts';

/** Ctrl/Cmd+K opens the search from anywhere in the signed-in layout. */
function useSearchShortcut() {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      openSearch();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/**
 * The app-bar search: a combobox (ARIA 1.2) over the server's grouped results. Arrow keys move through
 * the options (wrapping), Enter opens, Escape closes; the pointer works as well.
 */
export function SearchDialog() {
  useSearchShortcut();
  const opened = useSearchOpened();
  return (
    <Modal.Root
      opened={opened}
      onClose={closeSearch}
      size="lg"
      yOffset="8vh"
      radius="lg"
      transitionProps={{ transition: 'pop', duration: 120 }}
      classNames={{ content: classes.content }}
    >
      <Modal.Overlay backgroundOpacity={0.5} />
      <Modal.Content data-testid="search-dialog">{opened && <SearchPanel />}</Modal.Content>
    </Modal.Root>
  );
}

/** Where a result opens: a page's or a site's path, or the device's own place (as every device link). */
const targetOf = (child: SearchChild): string => ('device' in child ? devicePath(child.device.id) : child.url);

/** One hint of the footer: a key, then what it does. */
function KeyHint({ children, text }: { children: ReactNode; text: string }) {
  return (
    <span>
      <Kbd size="xs">{children}</Kbd> {text}
    </span>
  );
}

function SearchPanel() {
  const { t } = useTranslation(['shell', 'common']);
  const lng = useLanguage();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const results = useSearchResults(query, lng, true);
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const listRef = useRef<HTMLDivElement>(null);

  const options = useMemo(() => results.categories.flatMap((category) => category.children), [results.categories]);
  // A new answer starts again at its first option.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the options change, not on each render.
  useEffect(() => setActive(0), [options]);
  useEffect(() => {
    listRef.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView({ block: 'nearest' });
  });

  /** Opens a result: its page, or (`onDiagram`, Shift+Enter or its bolt) its device on the diagram. */
  const choose = (child: SearchChild | undefined, onDiagram = false) => {
    if (!child) return;
    closeSearch();
    const diagram = onDiagram && 'device' in child && drawnOnDiagram(child.device.type);
    void navigate(diagram ? diagramPath(siteOfDevice(child.device.id), child.device.id) : targetOf(child));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (active >= last ? 0 : active + 1),
      ArrowUp: () => (active <= 0 ? last : active - 1),
    };
    const move = moves[event.key];
    if (move && options.length > 0) {
      event.preventDefault();
      setActive(Math.max(0, move()));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[active], event.shiftKey);
    }
  };

  let index = -1;
  const empty = results.status === 'ready' && options.length === 0;
  return (
    <>
      <Modal.Title className="vs-sr-only">{t('shell:search.title')}</Modal.Title>
      <div className={classes.inputRow}>
        <IconSearch size={22} className={classes.searchIcon} />
        <input
          className={classes.input}
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={options.length > 0 ? optionId(active) : undefined}
          aria-label={t('shell:search.label')}
          placeholder={t('shell:search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          data-autofocus
          data-testid="search-input"
          autoComplete="off"
          spellCheck={false}
        />
        {results.status === 'loading' && <Loader size="xs" aria-hidden="true" />}
        <UnstyledButton className={classes.close} onClick={closeSearch} aria-label={t('common:ui.close')}>
          <IconX size={20} />
        </UnstyledButton>
      </div>

      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must scroll from the keyboard too (WCAG 2.1.1). */}
      <div className={classes.results} ref={listRef} tabIndex={0}>
        <div role="listbox" id={listboxId} aria-label={t('shell:search.results')}>
          {results.categories.map((category) => {
            const headingId = `${listboxId}-${category.category}`;
            return (
              // biome-ignore lint/a11y/useSemanticElements: inside a listbox, ARIA groups options with role=group.
              <div role="group" aria-labelledby={headingId} key={category.category} className={classes.group}>
                <Text id={headingId} size="xs" fw={600} c="dimmed" tt="uppercase" className={classes.heading}>
                  {category.title}
                </Text>
                {category.children.map((child) => {
                  index++;
                  const position = index;
                  const Icon = searchIcon(child.icon);
                  return (
                    // biome-ignore lint/a11y/useFocusableInteractive: the combobox's input keeps the focus (aria-activedescendant).
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the input's onKeyDown.
                    <div
                      key={child.id}
                      id={optionId(position)}
                      role="option"
                      aria-selected={position === active}
                      className={classes.option}
                      onMouseMove={() => position !== active && setActive(position)}
                      onClick={() => choose(child)}
                      data-testid="search-option"
                    >
                      <Icon size={20} className={classes.optionIcon} />
                      <span className={classes.optionTitle} dir="auto">
                        {child.title}
                      </span>
                      {'device' in child && drawnOnDiagram(child.device.type) && (
                        // Not a control inside the option (an option holds none): the pointer's way to
                        // what Shift+Enter does from the keyboard, said in the option's title.
                        <span
                          aria-hidden="true"
                          className={classes.diagramLink}
                          title={t('shell:showOnDiagramKey')}
                          data-testid="search-show-on-diagram"
                          onClick={(e) => {
                            e.stopPropagation();
                            choose(child, true);
                          }}
                        >
                          <IconBolt size={16} />
                        </span>
                      )}
                      <IconCornerDownLeft size={16} className={classes.enter} />
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
        {empty && (
          <div className={classes.empty} role="status">
            <IconSearch size={36} />
            <Text fw={600}>{t('shell:search.noResults', { query: query.trim() })}</Text>
            <Text size="sm" c="dimmed">
              {t('shell:search.noResultsHint')}
            </Text>
          </div>
        )}
        {results.status === 'error' && (
          <Text role="alert" c="red" p="md" ta="center">
            {t('shell:search.error')}
          </Text>
        )}
      </div>

      <div className={classes.footer} aria-hidden="true">
        <KeyHint text={t('shell:search.hintMove')}>
          <IconArrowsUpDown size={12} />
        </KeyHint>
        <KeyHint text={t('shell:search.hintOpen')}>
          <IconCornerDownLeft size={12} />
        </KeyHint>
        <KeyHint text={t('shell:search.hintDiagram')}>⇧ + ↵</KeyHint>
        <KeyHint text={t('shell:search.hintClose')}>Esc</KeyHint>
      </div>
    </>
  );
}
